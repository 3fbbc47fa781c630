// Each screen names its tab, so a user with several tabs open (and their browser history) can tell them apart.
import { useEffect } from 'react';

export const APP_NAME = 'Copyloom';

/** Sets the tab title to "<title> · Copyloom" while the screen is shown; just "Copyloom" for an empty title. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
