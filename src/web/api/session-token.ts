// The bearer token for server functions, kept in localStorage under a key derived from the host (SPEC §9).
const storageKey = () => `copyloom.${window.location.host}.auth-token`;

export function readSessionToken(): string | null {
  return window.localStorage.getItem(storageKey());
}

export function writeSessionToken(token: string | null): void {
  if (token) window.localStorage.setItem(storageKey(), token);
  else window.localStorage.removeItem(storageKey());
}
