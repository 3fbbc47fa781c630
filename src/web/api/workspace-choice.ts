// The workspace the signed-in person is working in, kept in localStorage under a key derived from the host (as
// the session token is), so that every tab works in the same one. No choice means their personal workspace.
import { useSyncExternalStore } from 'react';

const storageKey = () => `copyloom.${window.location.host}.workspace`;
const listeners = new Set<() => void>();
let beforeChange: () => void = () => {};

/**
 * What must happen before anything renders in the new workspace (the app empties its query cache, so that no
 * answer from the previous one shows); set once by the app.
 */
export function setBeforeWorkspaceChange(handler: () => void): void {
  beforeChange = handler;
}

function changed(): void {
  beforeChange();
  for (const listener of listeners) listener();
}

const onStorage = (event: StorageEvent) => {
  if (event.key === storageKey()) changed();
};

export function readWorkspaceChoice(): string | null {
  return window.localStorage.getItem(storageKey());
}

/** null: back to the personal workspace. Tells this tab's listeners; other tabs hear the storage event. */
export function writeWorkspaceChoice(workspaceId: string | null): void {
  if (workspaceId === readWorkspaceChoice()) return;
  if (workspaceId) window.localStorage.setItem(storageKey(), workspaceId);
  else window.localStorage.removeItem(storageKey());
  changed();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The chosen workspace id (null: personal), re-rendering when this or another tab changes it. */
export function useWorkspaceChoice(): string | null {
  return useSyncExternalStore(subscribe, readWorkspaceChoice, () => null);
}
