// "Skip to main content": the first focusable element of a screen, so keyboard users can pass the header and
// the navigation. It moves focus itself rather than following the #fragment, which would change the address.
import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
}

export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={focusMain}>
      Skip to main content
    </a>
  );
}
