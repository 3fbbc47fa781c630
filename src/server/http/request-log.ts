// Every request gets an id (X-Request-Id, kept from a trusted caller's header or made here) and a child
// logger carrying it, so every line a request writes names it. One line per request says how it ended.
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { Logger } from '../leaves/logger/logger';

export type AppEnv = { Variables: { requestId: string; log: Logger } };

/** Polled or static paths log at debug: at info they would drown everything else. */
const QUIET_PATHS = /^\/(api\/(health|ready)$|assets\/)/;

export function requestLogging(logger: Logger): MiddlewareHandler<AppEnv>[] {
  return [
    requestId(),
    async (c, next) => {
      const log = logger.child({ req_id: c.get('requestId') });
      c.set('log', log);
      const started = performance.now();
      await next();
      const line = {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      };
      if (QUIET_PATHS.test(c.req.path)) log.debug(line, 'request');
      else log.info(line, 'request');
    },
  ];
}
