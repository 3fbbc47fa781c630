// The shell (SPEC §2, §4): the sign-in panel when signed out; navigation and the page when signed in.
import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { writeSessionToken } from '../api/session-token';
import { writeWorkspaceChoice } from '../api/workspace-choice';
import { authClient } from '../auth/auth-client';
import { SignInPanel } from '../auth/sign-in-panel';
import { lazyNamed, PartLoading } from '../ui/lazy-part';

// Everything behind sign-in (pages, the typed function client and its contract) is a chunk of its own.
const SignedInShell = lazyNamed(() => import('./signed-in-shell'), 'SignedInShell');

/** The session: kept in step with a link's cookie and with the tab coming back into view, and signing out. */
function useShellSession() {
  const session = authClient.useSession();
  const queryClient = useQueryClient();
  const { refetch } = session;
  const hasLoaded = useRef(false);
  if (!session.isPending) hasLoaded.current = true;

  // Sessions started by a link (magic link) arrive as a cookie: keep their token for server functions.
  const token = session.data?.session.token;
  useEffect(() => {
    if (token) writeSessionToken(token);
  }, [token]);

  // SPEC §4: the session is recovered when the page becomes visible again.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch]);

  const signOut = async () => {
    await authClient.signOut().catch(() => {});
    writeSessionToken(null);
    // The next person to sign in on this browser starts in their own workspace.
    writeWorkspaceChoice(null);
    queryClient.clear();
    await refetch();
  };
  // Only the first load shows a loader: later refetches (after each auth call) must not unmount the panel.
  const isFirstLoad = !hasLoaded.current && session.isPending;
  return { email: session.data?.user.email ?? null, isFirstLoad, refetch, signOut };
}

export function Shell() {
  const { email, isFirstLoad, refetch, signOut } = useShellSession();
  // Whether this page has shown the sign-in panel: the signed-in shell then announces its first page.
  const hasShownSignIn = useRef(false);
  if (isFirstLoad) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (email === null) {
    hasShownSignIn.current = true;
    return <SignInPanel onSignedIn={() => void refetch()} />;
  }
  return (
    <PartLoading>
      <SignedInShell
        email={email}
        onSignOut={signOut}
        onAccountChanged={() => void refetch()}
        justSignedIn={hasShownSignIn.current}
      />
    </PartLoading>
  );
}
