import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Seals and opens health data with AES-256-GCM; the key never leaves this object. */
export interface ResultsCipher {
  /** the id of the key new records are sealed with, stored beside each record */
  readonly keyId: string;
  /** the ids of every key it opens with, the current one first */
  readonly keyIds: readonly string[];
  /**
   * Encrypts `plaintext` with a fresh random 96-bit nonce. `context` (the order and kit) is
   * authenticated with it, so a sealed record copied onto another row no longer opens.
   */
  seal(plaintext: string, context: string): string;
  /** Decrypts a sealed record; throws when the key is unknown or anything was changed. */
  open(keyId: string, sealed: string, context: string): string;
  /** `seal` for a file's bytes: nonce, tag and ciphertext, as bytes */
  sealBytes(plaintext: Uint8Array, context: string): Buffer;
  /** `open` for what `sealBytes` sealed */
  openBytes(keyId: string, sealed: Uint8Array, context: string): Buffer;
}

export class ResultsDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResultsDecryptionError';
  }
}

/** A key's id: a short digest of it, so rotation needs no naming scheme and the id reveals nothing. */
export function keyIdOf(key: Buffer): string {
  return `k1-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/** Reads a 32-byte key given in base64 (or base64url, as the local secret file holds it). */
export function decodeKey(encoded: string): Buffer {
  const key = Buffer.from(encoded.trim(), 'base64');
  if (key.length !== 32) throw new Error('A results encryption key must be 32 bytes');
  return key;
}

/**
 * The cipher for lab results: `current` seals; `previous` keys still open what they sealed, so a
 * key can be rotated without rewriting every record first.
 */
export function createResultsCipher(current: Buffer, previous: readonly Buffer[] = []): ResultsCipher {
  const keys = new Map([current, ...previous].map((key) => [keyIdOf(key), key] as const));
  const keyId = keyIdOf(current);
  const sealBytes = (plaintext: Uint8Array, context: string): Buffer => {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', current, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([nonce, cipher.getAuthTag(), body]);
  };
  const openBytes = (sealedKeyId: string, bytes: Uint8Array, context: string): Buffer => {
    const key = keys.get(sealedKeyId);
    if (!key) throw new ResultsDecryptionError(`No key ${sealedKeyId} to open these results`);
    if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new ResultsDecryptionError('The sealed results are cut short');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      throw new ResultsDecryptionError('The sealed results do not authenticate: wrong key, or changed');
    }
  };
  return {
    keyId,
    keyIds: [...keys.keys()],
    seal: (plaintext, context) => sealBytes(Buffer.from(plaintext, 'utf8'), context).toString('base64url'),
    open: (sealedKeyId, sealed, context) => openBytes(sealedKeyId, Buffer.from(sealed, 'base64url'), context).toString('utf8'),
    sealBytes,
    openBytes,
  };
}
