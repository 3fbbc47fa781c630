// After a route change focus moves to the new page's h1, so a screen reader announces the page and the next
// Tab starts from it (rather than from a link that is gone, or from <body>). Pages load on demand and draw
// their heading when their chunk arrives, so the heading is waited for a while.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { PAGE_HEADING_SELECTOR } from '../ui/page-heading';
import { MAIN_CONTENT_ID } from '../ui/skip-link';

const WAIT_FOR_HEADING_MS = 10_000;

function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} ${PAGE_HEADING_SELECTOR}`);
  if (!heading) return false;
  heading.focus();
  return true;
}

/** Focuses the page heading on every change of path; on first mount only if focus was lost (to <body>). */
export function useHeadingFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is what starts each move of focus
  useEffect(() => {
    const isFirst = !mounted.current;
    mounted.current = true;
    // A reload leaves focus where the browser puts it; a sign-in (whose button is gone) leaves it on <body>.
    if (isFirst && document.activeElement && document.activeElement !== document.body) return;
    if (focusHeading()) return;
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);
}
