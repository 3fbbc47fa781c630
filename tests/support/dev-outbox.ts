// GET /dev/outbox.json (the dev outbox, loopback only) as a schema: each mail the app would have sent, with the
// links found in it (src/server/domain/auth/dev-outbox.ts's OutboxEntry).
import { z } from 'zod';

export const outboxEntry = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntry>;

export const outboxEntries = z.array(outboxEntry);
