// /invite?token=…: the page an invitation email links to. Signed out, the sign-in panel keeps the token
// (lib/pending-invite.ts) and the signed-in shell comes back here; signed in, the invitation is accepted at
// once, and the app switches to the workspace joined and shows it.
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { WORKSPACE_LIMITS } from '../../common/contract/functions';
import { describeError, invoke } from '../api/invoke';
import { inviteTokenInAddress, readPendingInvite, writePendingInvite } from '../lib/pending-invite';
import { PageHeading } from '../ui/page-heading';
import { usePageTitle } from '../ui/use-page-title';
import { useSwitchWorkspace } from './use-workspaces';

type Outcome = { kind: 'joining' } | { kind: 'failed'; message: string };

/** Accepts the invitation once (a token works once, so a second render must not send it again). */
function useAcceptInvite(): Outcome {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'joining' });
  const switchTo = useSwitchWorkspace();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = inviteTokenInAddress() ?? readPendingInvite();
    writePendingInvite(null);
    if (!token) {
      setOutcome({
        kind: 'failed',
        message: 'This address holds no invitation. Open the link from the email again.',
      });
      return;
    }
    void invoke('accept-invite', { token }).then((result) => {
      if (result.error) setOutcome({ kind: 'failed', message: describeError(result.error) });
      else switchTo(result.data.workspace, '/workspace');
    });
  }, [switchTo]);
  return outcome;
}

export function InvitePage() {
  usePageTitle('Invitation');
  const outcome = useAcceptInvite();
  return (
    <Stack maw={640}>
      <PageHeading>Invitation</PageHeading>
      {outcome.kind === 'joining' ? (
        <Stack gap="xs" role="status">
          <Loader aria-hidden size="sm" />
          <Text>Joining the workspace…</Text>
        </Stack>
      ) : (
        <>
          <Alert color="red" variant="light" role="alert" title="Could not accept the invitation">
            {outcome.message}
          </Alert>
          <Text size="sm">
            An invitation is for the email address it was sent to, works once, and expires after{' '}
            {WORKSPACE_LIMITS.inviteDays} days. If it was sent to another address, sign out and sign in with
            that one; otherwise ask the workspace's owner for a new one.
          </Text>
          <Anchor component={Link} to="/">
            Go to the start page
          </Anchor>
        </>
      )}
    </Stack>
  );
}
