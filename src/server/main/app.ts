// createApp(services) → the Hono app: auth, server functions, the dev outbox and the built SPA.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { ERROR_STATUS } from '../../common/contract/errors';
import { checkReadiness, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/availability';
import { sessionCookieName, usesSecureCookies } from '../domain/auth/auth';
import { loopbackOnly, renderOutboxPage } from '../domain/auth/dev-outbox';
import { createSignInGate } from '../domain/auth/sign-in-gate';
import { unsafeAuthInput } from '../domain/auth/unsafe-input';
import { type FunctionRegistry, functionRegistry } from '../functions/registry';
import { mountApiDocs } from '../http/api-docs';
import { forwardedChain, resolveClientAddress, type TrustProxy } from '../http/client-address';
import { mcpRoutes } from '../http/mcp/mcp-route';
import { type AppEnv, requestLogging } from '../http/request-log';
import { functionRoutes } from '../http/route';
import { socialProviders } from './config';
import type { Services } from './services';

export function createApp(services: Services, registry: FunctionRegistry = functionRegistry) {
  const app = new Hono<AppEnv>();

  app.use('*', ...requestLogging(services.log));
  app.onError((error, c) => {
    if (isDatabaseUnavailable(error)) {
      c.get('log').warn({ err: error }, 'database unavailable');
      return c.json(DATABASE_UNAVAILABLE, ERROR_STATUS.unavailable);
    }
    c.get('log').error({ err: error }, 'request failed');
    return c.json({ error: { type: 'server_error', message: 'Something went wrong on our side.' } }, 500);
  });

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Product images are shown from the store's own URLs.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );

  // For load balancers and orchestrators: health is "the process answers", ready is "and it can serve".
  app.get('/api/health', (c) => c.json({ ok: true }));
  app.get('/api/ready', async (c) => {
    const readiness = await checkReadiness(services.queue.pool);
    return c.json(
      readiness.ready ? { ok: true } : { ok: false, reason: readiness.reason },
      readiness.ready ? 200 : 503,
    );
  });
  // The sign-in panel shows a button for each social provider that is configured (none by default).
  app.get('/api/auth-providers', (c) => c.json({ social: Object.keys(socialProviders(services.config)) }));

  const signInGate = createSignInGate();
  app.on(['GET', 'POST'], '/api/auth/*', (c) => {
    const request = withClientAddress(c, services.config.TRUST_PROXY);
    // Inside the gate, so that guesses queued behind one account cost nothing more until their turn.
    return signInGate(request, async () => {
      const unsafe = await unsafeAuthInput(request);
      if (unsafe) return c.json({ code: 'BAD_INPUT', message: unsafe }, 400);
      const response = await services.auth.handler(request);
      // better-auth answers a lost database with its own 500: say what it is, so clients wait and retry.
      if (response.status >= 500 && !(await checkReadiness(services.queue.pool)).ready) {
        return c.json(DATABASE_UNAVAILABLE, ERROR_STATUS.unavailable);
      }
      return response;
    });
  });

  app.route('/functions/v1', functionRoutes(services, registry));
  app.route('/mcp', mcpRoutes(services, app));
  const isProduction = services.config.NODE_ENV === 'production';
  const sessionCookie = sessionCookieName(usesSecureCookies(services.config.APP_URL, isProduction));
  mountApiDocs(app, services.config.APP_URL, sessionCookie);

  // The outbox holds live sign-in links and codes: never in production, and only for this machine.
  const { outbox } = services;
  if (outbox && services.config.NODE_ENV !== 'production') {
    app.use('/dev/outbox*', loopbackOnly);
    app.get('/dev/outbox.json', (c) => c.json(outbox.list()));
    app.get('/dev/outbox', (c) => c.html(renderOutboxPage(outbox.list())));
  }

  if (services.webRoot) mountSpa(app, services.webRoot);
  return app;
}

/**
 * Rate limits key on the client address, which better-auth reads from X-Forwarded-For: replace that header
 * with the one address TRUST_PROXY lets us believe. Without a socket (tests calling app.request) the header
 * is all there is, and it is kept.
 */
function withClientAddress(c: Context<AppEnv>, trust: TrustProxy): Request {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    return c.req.raw;
  }
  if (!socketAddress) return c.req.raw;
  const chain = forwardedChain(c.req.header('x-forwarded-for') ?? null, socketAddress);
  const address = resolveClientAddress(chain, trust) ?? socketAddress;
  const headers = new Headers(c.req.raw.headers);
  headers.set('x-forwarded-for', address);
  return new Request(c.req.raw, { headers });
}

/** The last path segment ends in an extension such as .csv or .js: a file, not a client-side route. */
const FILE_NAME = /\/[^/]*\.[a-z0-9]{1,8}$/i;

function mountSpa(app: Hono<AppEnv>, webRoot: string) {
  const relativeRoot = path.relative(process.cwd(), webRoot) || '.';
  const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  app.use(
    '/assets/*',
    serveStatic({
      root: relativeRoot,
      // The build writes a .br and a .gz beside each asset (scripts/build.mjs): served as they are when accepted.
      precompressed: true,
      onFound: (file, c) => {
        c.header('cache-control', 'public, max-age=31536000, immutable');
        // serveStatic says Vary only on a compressed answer; the plain one varies too, for shared caches.
        if (!/\.(br|gz)$/.test(file)) c.header('vary', 'Accept-Encoding', { append: true });
      },
    }),
  );
  app.use('*', serveStatic({ root: relativeRoot }));
  // History fallback: any other GET that is not an API path is a client-side route. A path naming a file
  // (a sample CSV, an image, a script) that is not there is a 404, never the app's page in its place.
  app.get('*', (c) => {
    if (/^\/(api|functions|dev|assets|samples)\//.test(c.req.path) || FILE_NAME.test(c.req.path)) {
      return c.notFound();
    }
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
}
