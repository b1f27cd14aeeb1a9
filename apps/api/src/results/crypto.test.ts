import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createResultsCipher, decodeKey, keyIdOf, ResultsDecryptionError } from './crypto.ts';

const plaintext = JSON.stringify([{ biomarker: 'vitamin-d', value: 24, unit: 'ng/mL' }]);

describe('the results cipher', () => {
  const key = randomBytes(32);
  const cipher = createResultsCipher(key);

  it('opens what it sealed, and never shows the values', () => {
    const sealed = cipher.seal(plaintext, 'order-1:blood');
    expect(sealed).not.toContain('vitamin');
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('vitamin');
    expect(cipher.open(cipher.keyId, sealed, 'order-1:blood')).toBe(plaintext);
  });

  it('uses a fresh nonce each time', () => {
    expect(cipher.seal(plaintext, 'c')).not.toBe(cipher.seal(plaintext, 'c'));
  });

  it('refuses a changed byte, another record’s context, another key and a cut record', () => {
    const sealed = cipher.seal(plaintext, 'order-1:blood');
    const bytes = Buffer.from(sealed, 'base64url');
    for (const index of [0, 13, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[index] = (tampered[index] ?? 0) ^ 1;
      expect(() => cipher.open(cipher.keyId, tampered.toString('base64url'), 'order-1:blood')).toThrow(ResultsDecryptionError);
    }
    expect(() => cipher.open(cipher.keyId, sealed, 'order-2:blood')).toThrow(ResultsDecryptionError);
    expect(() => cipher.open('k1-unknown', sealed, 'order-1:blood')).toThrow('No key');
    expect(() => cipher.open(cipher.keyId, sealed.slice(0, 20), 'order-1:blood')).toThrow(ResultsDecryptionError);
    const other = createResultsCipher(randomBytes(32));
    expect(() => other.open(cipher.keyId, sealed, 'order-1:blood')).toThrow(ResultsDecryptionError);
  });

  it('still opens records of a previous key after a rotation', () => {
    const sealed = cipher.seal(plaintext, 'ctx');
    const rotated = createResultsCipher(randomBytes(32), [key]);
    expect(rotated.keyId).not.toBe(cipher.keyId);
    expect(rotated.open(cipher.keyId, sealed, 'ctx')).toBe(plaintext);
  });

  it('reads keys in base64 and base64url, and refuses other lengths', () => {
    expect(keyIdOf(decodeKey(key.toString('base64')))).toBe(cipher.keyId);
    expect(keyIdOf(decodeKey(key.toString('base64url')))).toBe(cipher.keyId);
    expect(() => decodeKey(randomBytes(16).toString('base64'))).toThrow('32 bytes');
  });
});
