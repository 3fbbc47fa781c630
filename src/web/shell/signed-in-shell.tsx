// The signed-in shell (SPEC §2): navigation and the page. Each page loads on first visit, so the run page
// (with the Review panel, images and Search Console data) costs nothing until a run is opened.
import '@mantine/notifications/styles.css';
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { setInvokeTokenSource, setInvokeWorkspaceSource } from '../api/invoke';
import { readSessionToken } from '../api/session-token';
import { readWorkspaceChoice, setBeforeWorkspaceChange, useWorkspaceChoice } from '../api/workspace-choice';
import { lazyNamed, PartLoading } from '../ui/lazy-part';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/skip-link';
import { useReturnToInvite } from '../workspace/use-return-to-invite';
import { JobLoopBanner } from './job-loop-banner';
import { Navigation } from './navigation';
import { PageNotFound } from './page-not-found';
import { useHeadingFocusOnNavigation } from './use-heading-focus';
import { WelcomePage } from './welcome-page';

// Here rather than in main.tsx: the function client and its contract (zod schemas) stay out of the sign-in page.
setInvokeTokenSource(readSessionToken);
setInvokeWorkspaceSource(readWorkspaceChoice);

const AccountPage = lazyNamed(() => import('../account/account-page'), 'AccountPage');
const NewBundlePage = lazyNamed(() => import('../new-bundle/new-bundle-page'), 'NewBundlePage');
const NewTrialPage = lazyNamed(() => import('../trials/new-trial-page'), 'NewTrialPage');
const TrialPage = lazyNamed(() => import('../trials/trial-page'), 'TrialPage');
const ViewBundlePage = lazyNamed(() => import('../run/view-bundle-page'), 'ViewBundlePage');
const WorkflowsPage = lazyNamed(() => import('../workflows/workflows-page'), 'WorkflowsPage');
const WorkspacePage = lazyNamed(() => import('../workspace/workspace-page'), 'WorkspacePage');
const InvitePage = lazyNamed(() => import('../workspace/invite-page'), 'InvitePage');

type SignedInShellProps = {
  email: string;
  onSignOut: () => Promise<void>;
  onAccountChanged: () => void;
  /** The user has just signed in on this page (rather than loaded it signed in): announce the page. */
  justSignedIn: boolean;
};

/**
 * The workspace the app works in. Nothing of the previous one may show after a switch (here or in another
 * tab): the cache is emptied first, and the whole shell is drawn anew, keyed by the workspace.
 */
function useWorkspaceKey(): string {
  const queryClient = useQueryClient();
  useEffect(() => setBeforeWorkspaceChange(() => queryClient.removeQueries()), [queryClient]);
  return useWorkspaceChoice() ?? 'personal';
}

export function SignedInShell({ email, onSignOut, onAccountChanged, justSignedIn }: SignedInShellProps) {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure();
  useHeadingFocusOnNavigation(justSignedIn);
  useReturnToInvite();
  const workspaceKey = useWorkspaceKey();
  // Notifications are shown by signed-in pages only, so their code stays out of the sign-in page's JavaScript.
  return (
    <>
      <Notifications position="top-right" />
      <AppShell
        key={workspaceKey}
        header={{ height: 52 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="md"
      >
        <SkipLink />
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
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <JobLoopBanner />
          <PartLoading>
            <Routes>
              <Route path="/" element={<WelcomePage />} />
              <Route path="/new-bundle" element={<NewBundlePage />} />
              <Route path="/workflows" element={<WorkflowsPage />} />
              <Route path="/view-bundle/:bundleId?/:workflowId?" element={<ViewBundlePage />} />
              <Route path="/new-trial/:bundleId" element={<NewTrialPage />} />
              <Route path="/trial/:trialId" element={<TrialPage />} />
              <Route path="/account" element={<AccountPage onChanged={onAccountChanged} />} />
              <Route path="/workspace" element={<WorkspacePage />} />
              <Route path="/invite" element={<InvitePage />} />
              <Route path="*" element={<PageNotFound />} />
            </Routes>
          </PartLoading>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
