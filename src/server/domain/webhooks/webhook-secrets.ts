// Webhook signing secrets at rest: sealed with the key that seals store credentials (src/server/leaves/secrets/seal.ts).
// Rows written before that keep the secret in plain text in `secret`; SQL cannot seal them (it has no key),
// so the code does: every process that holds the key seals them all when it starts
// (sealPlaintextWebhookSecrets, from boot.ts and worker.ts), and a delivery that meets one first seals it
// then (webhookSigningSecret). Either way the plaintext column is set to null in the same update.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import { openSecret, sealSecret } from '../../leaves/secrets/seal';

type SecretColumns = { id: number; sealedSecret: string | null; secret: string | null };

/** The endpoint's signing secret in plain text, sealing it first when the row still held it unsealed. */
export async function webhookSigningSecret(db: Queryable, key: Buffer, row: SecretColumns): Promise<string> {
  if (row.sealedSecret !== null) return openSecret(key, row.sealedSecret);
  if (row.secret === null) throw new Error(`Webhook ${row.id} has no signing secret`);
  await sealOne(db, key, row.id, row.secret);
  return row.secret;
}

/** Seals every secret still in plain text; the number sealed. Safe to run in several processes at once. */
export async function sealPlaintextWebhookSecrets(db: Queryable, key: Buffer): Promise<number> {
  const rows = await db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(and(isNull(webhookEndpoints.sealedSecret), isNotNull(webhookEndpoints.secret)));
  let sealed = 0;
  for (const row of rows) if (await sealOne(db, key, row.id, row.secret!)) sealed += 1;
  return sealed;
}

/** Only while the row still holds this plaintext: another process that sealed it first wins. */
async function sealOne(db: Queryable, key: Buffer, id: number, plaintext: string): Promise<boolean> {
  const updated = await db
    .update(webhookEndpoints)
    .set({ sealedSecret: sealSecret(key, plaintext), secret: null })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.secret, plaintext)))
    .returning({ id: webhookEndpoints.id });
  return updated.length > 0;
}
