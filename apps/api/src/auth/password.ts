import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id parameters: 19 MiB of memory, 2 iterations, 1 lane. The library's
// Algorithm enum is a const enum that isolated modules cannot read: 2 is Argon2id.
const options = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword({ hash: digest, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(digest, password);
  } catch {
    // a hash from another scheme (or a damaged one) never verifies
    return false;
  }
}
