// The body of a delivered webhook event (Standard Webhooks' { type, timestamp, data }), as a schema: the
// contract in src/common describes functions only, so a receiver's test parses what it verified with this.
import { z } from 'zod';

export const webhookEventBody = z.object({
  type: z.string(),
  timestamp: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
});
