// The shell (SPEC §2, §4): the sign-in panel when signed out; navigation and the page when signed in.
import { AppShell, Burger, Center, Group, Loader, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Route, Routes } from 'react-router';
import { AccountPage } from '../account/account-page';
import { writeSessionToken } from '../api/session-token';
import { authClient } from '../auth/auth-client';
import { SignInPanel } from '../auth/sign-in-panel';
import { NewBundlePage } from '../new-bundle/new-bundle-page';
import { ViewBundlePage } from '../run/view-bundle-page';
import { WorkflowsPage } from '../workflows/workflows-page';
import { JobLoopBanner } from './job-loop-banner';
import { Navigation } from './navigation';
import { PageNotFound } from './page-not-found';
import { WelcomePage } from './welcome-page';

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
    queryClient.clear();
    await refetch();
  };
  // Only the first load shows a loader: later refetches (after each auth call) must not unmount the panel.
  const isFirstLoad = !hasLoaded.current && session.isPending;
  return { email: session.data?.user.email ?? null, isFirstLoad, refetch, signOut };
}

export function Shell() {
  const { email, isFirstLoad, refetch, signOut } = useShellSession();
  if (isFirstLoad) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (email === null) {
    return <SignInPanel onSignedIn={() => void refetch()} />;
  }
  return <SignedInShell email={email} onSignOut={signOut} onAccountChanged={() => void refetch()} />;
}

type SignedInShellProps = { email: string; onSignOut: () => Promise<void>; onAccountChanged: () => void };

function SignedInShell({ email, onSignOut, onAccountChanged }: SignedInShellProps) {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure();
  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="xs">
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Text fw={700} size="lg">
              Copyloom
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {email}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <Navigation onNavigate={closeNav} onSignOut={onSignOut} />
      </AppShell.Navbar>
      <AppShell.Main>
        <JobLoopBanner />
        <Routes>
          <Route path="/" element={<WelcomePage />} />
          <Route path="/new-bundle" element={<NewBundlePage />} />
          <Route path="/workflows" element={<WorkflowsPage />} />
          <Route path="/view-bundle/:bundleId?/:workflowId?" element={<ViewBundlePage />} />
          <Route path="/account" element={<AccountPage onChanged={onAccountChanged} />} />
          <Route path="*" element={<PageNotFound />} />
        </Routes>
      </AppShell.Main>
    </AppShell>
  );
}
