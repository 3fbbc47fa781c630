// Secrets at rest: AES-256-GCM, with STORE_SECRETS_KEY (32
// bytes, base64 or hex) or a key derived from AUTH_SECRET with HKDF-SHA256. A sealed value is base64url of
// iv ‖ tag ‖ ciphertext; a fresh 12-byte iv each time, as GCM requires. Used for connected stores' credentials
// (src/server/domain/stores) and webhook signing secrets (src/server/domain/webhooks); one key for both.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The HKDF info the key has always been derived with: changing it would make every sealed value unreadable. */
const KEY_INFO = 'store-credentials v1';

/** The 32-byte key: STORE_SECRETS_KEY when set, else derived from the auth secret. */
export function secretsKey(authSecret: string, configured?: string): Buffer {
  if (configured) return parseConfiguredKey(configured);
  return Buffer.from(hkdfSync('sha256', authSecret, 'copyloom', KEY_INFO, 32));
}

/** STORE_SECRETS_KEY as 64 hex characters or 32 bytes of base64; anything else is refused. */
export function parseConfiguredKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32)
    throw new Error('STORE_SECRETS_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext; throws when the value was not sealed with this key or was changed since. */
export function openSecret(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}
