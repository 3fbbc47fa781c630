// The better-auth client. Sign-in answers carry the session token in `set-auth-token`; we keep it for
// server functions and send it back as a bearer token.
import { emailOTPClient, magicLinkClient, twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { readSessionToken, writeSessionToken } from '../api/session-token';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [twoFactorClient(), magicLinkClient(), emailOTPClient()],
  fetchOptions: {
    auth: { type: 'Bearer', token: () => readSessionToken() ?? '' },
    onSuccess: (context) => {
      const token = context.response.headers.get('set-auth-token');
      if (token) writeSessionToken(token);
    },
  },
});

export type AuthSession = typeof authClient.$Infer.Session;
