// The secret that signs sessions and seals store credentials: AUTH_SECRET, or outside production one
// generated once and kept in DATA_DIR, so sessions and sealed credentials survive restarts.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../leaves/logger/logger';
import type { Config } from './config';

export /** AUTH_SECRET, or outside production a generated one kept in DATA_DIR so sessions survive restarts. */
function resolveAuthSecret(config: Config, log: Logger): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(path.resolve(config.DATA_DIR), 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  log.info(`Generated an auth secret in ${file}`);
  return secret;
}
