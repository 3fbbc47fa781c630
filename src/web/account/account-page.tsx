// Account: who is signed in, this month's spend on the server's key against the monthly budget, two-factor
// sign-in, and the panels for API keys, webhooks and connected stores (those of the workspace worked in).
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { authClient } from '../auth/auth-client';
import { ConnectedStores } from '../stores/connected-stores';
import { PageHeading } from '../ui/page-heading';
import { usePageTitle } from '../ui/use-page-title';
import { useWorkspaces } from '../workspace/use-workspaces';
import { ApiKeysPanel } from './api-keys-panel';
import { MonthSpend } from './month-spend';
import { TwoFactorPanel } from './two-factor-panel';
import { WebhooksPanel } from './webhooks-panel';

export function AccountPage({ onChanged }: { onChanged: () => void }) {
  usePageTitle('Account');
  const session = authClient.useSession();
  const user = session.data?.user as { email: string; twoFactorEnabled?: boolean | null } | undefined;
  return (
    <Stack maw={720}>
      <PageHeading>Account</PageHeading>
      <Text>
        Signed in as <strong>{user?.email}</strong>
      </Text>
      <Text size="sm" c="dimmed">
        Changing your password or email address, or turning two-factor sign-in on or off, signs out every
        other session of this account; this one stays signed in.
      </Text>
      <WorkspaceNote />
      <MonthSpend />
      <TwoFactorPanel isEnabled={Boolean(user?.twoFactorEnabled)} onChanged={onChanged} />
      <ApiKeysPanel />
      <WebhooksPanel />
      <ConnectedStores />
    </Stack>
  );
}

/** The keys, webhooks and stores below are the workspace's, not the person's alone. */
function WorkspaceNote() {
  const { current } = useWorkspaces();
  if (!current) return null;
  return (
    <Text size="sm">
      API keys, webhooks and connected stores below belong to the workspace <strong>{current.name}</strong>.
      Its members, roles and audit log are on the{' '}
      <Anchor component={Link} to="/workspace" underline="always">
        Workspace page
      </Anchor>
      .
    </Text>
  );
}
