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

/**
 * Focuses the page heading on every change of path, and on mount when `focusOnMount` (the shell replaced
 * the sign-in panel, whose button is gone); a page load leaves focus at the start, where the skip link is.
 */
export function useHeadingFocusOnNavigation(focusOnMount: boolean): void {
  const { pathname } = useLocation();
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is what starts each move of focus
  useEffect(() => {
    const isFirst = !mounted.current;
    mounted.current = true;
    if (isFirst && !focusOnMount) return;
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
