// Environment parsed with Zod at boot. A bad value stops boot with a message naming the variable.
import { z } from 'zod';
import { parseTrustProxy } from '../http/client-address';
import { configurePricing, parseModelPrices } from '../leaves/ai/pricing';
import { configureMonthlyBudget } from '../leaves/spending-cap/monthly-budget';
import { hostPortList, optionalString, originList, port, postgresUrl } from './config-values';

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    /** Defaults to loopback outside production (see the transform below). */
    HOST: optionalString,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(postgresUrl.optional()),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
    /** Origins besides APP_URL's that may sign in and call functions with a cookie. */
    TRUSTED_ORIGINS: originList,
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().default('Copyloom <no-reply@copyloom.local>'),
    GITHUB_CLIENT_ID: optionalString,
    GITHUB_CLIENT_SECRET: optionalString,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalString.pipe(z.url({ error: 'must be a URL' }).optional()),
    WORKER_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number from 0 to 64' })
      .int('must be a whole number from 0 to 64')
      .min(0, 'must be a whole number from 0 to 64')
      .max(64, 'must be a whole number from 0 to 64')
      .default(4),
    /** Image jobs run in a pool of their own this size (in each process that runs jobs). */
    IMAGE_WORKER_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number from 1 to 64' })
      .int('must be a whole number from 1 to 64')
      .min(1, 'must be a whole number from 1 to 64')
      .max(64, 'must be a whole number from 1 to 64')
      .default(4),
    /** Webhook deliveries run in a pool of their own this size (in each process that runs jobs). */
    WEBHOOK_WORKER_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number from 1 to 64' })
      .int('must be a whole number from 1 to 64')
      .min(1, 'must be a whole number from 1 to 64')
      .max(64, 'must be a whole number from 1 to 64')
      .default(4),
    /** Store pushes and imports run in a pool of their own this size (in each process that runs jobs). */
    STORE_WORKER_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number from 1 to 64' })
      .int('must be a whole number from 1 to 64')
      .min(1, 'must be a whole number from 1 to 64')
      .max(64, 'must be a whole number from 1 to 64')
      .default(4),
    /** PostgreSQL connections this process may hold; unset, 20 for the server and the pools' sum + 6 for a worker. */
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: 'must be a whole number from 2 to 500' })
      .int('must be a whole number from 2 to 500')
      .min(2, 'must be a whole number from 2 to 500')
      .max(500, 'must be a whole number from 2 to 500')
      .optional(),
    /** A worker whose heartbeat is older than this is taken for dead and its jobs are released. */
    WORKER_DEAD_AFTER_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds from 5 to 3600' })
      .min(5, 'must be a number of seconds from 5 to 3600')
      .max(3600, 'must be a number of seconds from 5 to 3600')
      .default(30),
    /** How long one request to the AI provider may take once sent (a CPU-bound local model needs minutes). */
    AI_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds from 5 to 1800' })
      .min(5, 'must be a number of seconds from 5 to 1800')
      .max(1800, 'must be a number of seconds from 5 to 1800')
      .default(60),
    /** Requests in flight at once to the AI provider, per process. */
    AI_MAX_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number from 1 to 256' })
      .int('must be a whole number from 1 to 256')
      .min(1, 'must be a whole number from 1 to 256')
      .max(256, 'must be a whole number from 1 to 256')
      .default(8),
    ALLOW_PRIVATE_IMAGE_HOSTS: hostPortList,
    /** host:port pairs a webhook may be sent to although private (a receiver on this machine, in tests). */
    ALLOW_PRIVATE_WEBHOOK_HOSTS: hostPortList,
    /** Requests one API key may make in a minute; past it, 429 with Retry-After. */
    API_KEY_RATE_PER_MINUTE: z.coerce
      .number({ error: 'must be a whole number from 1 to 100000' })
      .int('must be a whole number from 1 to 100000')
      .min(1, 'must be a whole number from 1 to 100000')
      .max(100_000, 'must be a whole number from 1 to 100000')
      .default(120),
    /**
     * Seconds between a failed webhook delivery and its next attempt, one per retry; the last repeats until
     * 24 hours have passed since the first attempt.
     */
    WEBHOOK_RETRY_DELAYS_SECONDS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v?.trim()) return [5, 30, 120, 600, 1800, 3600];
        const delays = v.split(',').map((s) => Number(s.trim()));
        if (delays.some((d) => !Number.isFinite(d) || d < 0 || d > 86_400)) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be a comma-separated list of seconds from 0 to 86400',
          });
          return z.NEVER;
        }
        return delays;
      }),
    /** host:port pairs a connected store's address may use although private (a local fake in tests). */
    ALLOW_PRIVATE_STORE_HOSTS: hostPortList,
    /** A Shopify catalogue of more products than this is read with a bulk operation, else by pages. */
    SHOPIFY_BULK_THRESHOLD: z.coerce.number().int().min(0).default(2_000),
    /** 32 bytes (64 hex characters or base64) that seal store credentials; unset, derived from AUTH_SECRET. */
    STORE_SECRETS_KEY: optionalString.pipe(
      z
        .string()
        .refine(
          (v) => /^[0-9a-f]{64}$/i.test(v) || Buffer.from(v, 'base64').length === 32,
          'must be 32 bytes, as 64 hex characters or base64',
        )
        .optional(),
    ),
    /** Proxies in front of the app that append to X-Forwarded-For: none, a hop count, or their addresses. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const trust = parseTrustProxy(v);
        if (typeof trust !== 'string') return trust;
        ctx.addIssue({
          code: 'custom',
          message: `${trust}; use false, true, a hop count or addresses/CIDRs`,
        });
        return z.NEVER;
      }),
    /**
     * The operator's prices, `model=input/output[/cached_input]` USD per million tokens, comma separated: they
     * replace the built-in list's (negotiated prices may be lower) and price models the list does not know.
     */
    MODEL_PRICES: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const prices = parseModelPrices(v);
        if (typeof prices !== 'string') return prices;
        ctx.addIssue({ code: 'custom', message: prices });
        return z.NEVER;
      }),
    /** Each user's spend on the server's key per calendar month (UTC), in USD; unset means no limit. */
    USER_MONTHLY_BUDGET_USD: z.coerce
      .number({ error: 'must be an amount in USD, 0 or more' })
      .min(0, 'must be an amount in USD, 0 or more')
      .max(1_000_000, 'must be at most 1000000')
      .optional(),
    IMAGE_MAX_EDGE: z.coerce.number().int().min(64).max(8192).default(2048),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  })
  .superRefine((c, ctx) => {
    for (const provider of ['GITHUB', 'GOOGLE'] as const) {
      const id = c[`${provider}_CLIENT_ID`];
      const secret = c[`${provider}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret)) {
        ctx.addIssue({
          code: 'custom',
          path: [id ? `${provider}_CLIENT_SECRET` : `${provider}_CLIENT_ID`],
          message: `is required when ${id ? `${provider}_CLIENT_ID` : `${provider}_CLIENT_SECRET`} is set`,
        });
      }
    }
    if (c.NODE_ENV === 'production' && !c.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required when NODE_ENV=production',
      });
    }
    // Production's session cookie is always Secure (auth.ts), which a browser keeps only from https: an http
    // APP_URL (unset means http://localhost) works only behind a proxy that terminates TLS, and TRUST_PROXY is
    // how the operator says there is one. Otherwise no one could sign in, so boot stops and says why.
    const appUrl = c.APP_URL ?? 'http://localhost';
    if (c.NODE_ENV === 'production' && appUrl.startsWith('http:') && c.TRUST_PROXY.kind === 'none') {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message: `is ${c.APP_URL ? 'an http:// address' : 'unset (http://localhost)'} in production: set APP_URL to the https:// address users open, or set TRUST_PROXY when a proxy in front of the app terminates TLS`,
      });
    }
  })
  .transform((c) => ({
    ...c,
    // A development server shows the dev outbox and uses a generated secret: keep it off the network unless
    // HOST says otherwise. In production (a container, say) the usual is every interface.
    HOST: c.HOST ?? (c.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    APP_URL: c.APP_URL ?? `http://localhost:${c.PORT}`,
    // Left at its default, APP_URL names one loopback address and browsers use both: trust the pair. Any
    // other origin is configured, never guessed.
    TRUSTED_ORIGINS: [
      ...new Set([
        ...(c.APP_URL
          ? [new URL(c.APP_URL).origin]
          : [`http://localhost:${c.PORT}`, `http://127.0.0.1:${c.PORT}`]),
        ...c.TRUSTED_ORIGINS,
      ]),
    ],
  }));

export type Config = z.infer<typeof configSchema>;

export type SocialProvider = 'github' | 'google';

/** Social sign-in providers whose credentials are configured; none by default. */
export function socialProviders(
  config: Config,
): Partial<Record<SocialProvider, { clientId: string; clientSecret: string }>> {
  const providers: Partial<Record<SocialProvider, { clientId: string; clientSecret: string }>> = {};
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
    providers.github = { clientId: config.GITHUB_CLIENT_ID, clientSecret: config.GITHUB_CLIENT_SECRET };
  }
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    providers.google = { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET };
  }
  return providers;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    const shown = value === undefined || /SECRET|KEY|PASSWORD|URL/.test(name) ? '' : ` (got "${value}")`;
    return `  ${name} ${issue.message}${shown}`;
  });
  return failConfig(lines);
}

/** For entry points: the config, or the message naming every bad variable and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function failConfig(lines: string[]): never {
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Installs the operator's prices and the users' monthly budget for this process (pricing, spending cap). */
export function applyCostConfig(config: Config): void {
  configurePricing(config.MODEL_PRICES);
  configureMonthlyBudget(config.USER_MONTHLY_BUDGET_USD);
}
