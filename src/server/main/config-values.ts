// The kinds of value config.ts reads from the environment, each with the message that names what is wrong.
import { z } from 'zod';

export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

export const port = z.coerce
  .number({ error: 'must be a whole number between 1 and 65535' })
  .int('must be a whole number between 1 and 65535')
  .min(1, 'must be a whole number between 1 and 65535')
  .max(65535, 'must be a whole number between 1 and 65535');

export const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
  .refine((v) => URL.canParse(v), 'must be a valid URL');

export const hostPortList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const entries = (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    for (const entry of entries) {
      if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(entry)) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not host:port` });
        return z.NEVER;
      }
    }
    return entries;
  });

/** Comma-separated http(s) origins ("https://admin.example.com"), each reduced to scheme://host[:port]. */
export const originList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const origins: string[] = [];
    for (const entry of (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const url = URL.canParse(entry) ? new URL(entry) : undefined;
      if (!url || !/^https?:$/.test(url.protocol)) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not an http(s) origin` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });
