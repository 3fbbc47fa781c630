// After signing in from an invitation link (perhaps by way of signing up and confirming the address in
// another tab), the person is taken back to the invitation.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { INVITE_PATH, readPendingInvite } from '../lib/pending-invite';

export function useReturnToInvite(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname !== INVITE_PATH && readPendingInvite()) navigate(INVITE_PATH, { replace: true });
  }, [navigate, pathname]);
}
