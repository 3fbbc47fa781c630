// Screens a signed-out visitor never sees load on first use, so the sign-in page on a phone downloads only
// what it draws (bench/web-weight.ts measures it). React.lazy wants a default export; ours are named.
import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

/** React.lazy for a module's named component; it takes the component's own props. */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  // React.lazy forwards the props as they are, so the component's own type is the lazy one's.
  return lazy(async () => ({
    default: (await loadOrReload(load))[name] as unknown as ComponentType,
  })) as unknown as M[K];
}

const RELOADED_AT = 'copyloom:reloaded-for-code';

/**
 * A tab opened before a deploy asks for chunks the new build no longer has: it reloads once to get the new
 * ones. A second failure within a minute is a real one (offline, say) and is thrown.
 */
async function loadOrReload<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (error) {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 60_000) throw error;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    window.location.reload();
    return new Promise<M>(() => undefined);
  }
}

/** What shows while a part's code arrives. */
export function PartLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
