// The signed-in shell (SPEC §2): navigation and the page. Each page loads on first visit, so the run page
// (with the Review panel, images and Search Console data) costs nothing until a run is opened.
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Route, Routes } from 'react-router';
import { setInvokeTokenSource } from '../api/invoke';
import { readSessionToken } from '../api/session-token';
import { lazyNamed, PartLoading } from '../ui/lazy-part';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/skip-link';
import { JobLoopBanner } from './job-loop-banner';
import { Navigation } from './navigation';
import { PageNotFound } from './page-not-found';
import { useHeadingFocusOnNavigation } from './use-heading-focus';
import { WelcomePage } from './welcome-page';

// Here rather than in main.tsx: the function client and its contract (zod schemas) stay out of the sign-in page.
setInvokeTokenSource(readSessionToken);

const AccountPage = lazyNamed(() => import('../account/account-page'), 'AccountPage');
const NewBundlePage = lazyNamed(() => import('../new-bundle/new-bundle-page'), 'NewBundlePage');
const NewTrialPage = lazyNamed(() => import('../trials/new-trial-page'), 'NewTrialPage');
const TrialPage = lazyNamed(() => import('../trials/trial-page'), 'TrialPage');
const ViewBundlePage = lazyNamed(() => import('../run/view-bundle-page'), 'ViewBundlePage');
const WorkflowsPage = lazyNamed(() => import('../workflows/workflows-page'), 'WorkflowsPage');

type SignedInShellProps = {
  email: string;
  onSignOut: () => Promise<void>;
  onAccountChanged: () => void;
  /** The user has just signed in on this page (rather than loaded it signed in): announce the page. */
  justSignedIn: boolean;
};

export function SignedInShell({ email, onSignOut, onAccountChanged, justSignedIn }: SignedInShellProps) {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure();
  useHeadingFocusOnNavigation(justSignedIn);
  return (
    <AppShell
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
            <Route path="*" element={<PageNotFound />} />
          </Routes>
        </PartLoading>
      </AppShell.Main>
    </AppShell>
  );
}
