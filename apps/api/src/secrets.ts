import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret for local use, made once and kept in the data folder so that sessions survive a
 * restart. Production sets AUTH_SECRET instead (the environment check insists).
 */
export function localSecret(dataDir: string, name: string, bytes = 32): string {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, name);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return secret;
}
