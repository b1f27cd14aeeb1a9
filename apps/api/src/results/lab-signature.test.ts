import { describe, expect, it } from 'vitest';
import { signLabRequest, verifyLabSignature } from './lab-signature.ts';

const secret = 'a-lab-secret-that-is-long-enough-0123';
const body = Buffer.from('{"orderNumber":100001}');
const now = new Date('2026-11-23T12:00:00Z');
const at = now.getTime() / 1000;

describe('a partner lab’s signature', () => {
  it('is accepted when it covers this timestamp and body, and is its own nonce', () => {
    const signature = signLabRequest(secret, at, body);
    expect(verifyLabSignature({ secret, timestamp: String(at), signature, body, now })).toEqual({ ok: true, nonce: signature.slice(3) });
  });

  it('is refused for another body, another timestamp, another secret or a malformed header', () => {
    const signature = signLabRequest(secret, at, body);
    expect(verifyLabSignature({ secret, timestamp: String(at), signature, body: Buffer.from('{}'), now }).ok).toBe(false);
    expect(verifyLabSignature({ secret, timestamp: String(at + 1), signature, body, now }).ok).toBe(false);
    expect(verifyLabSignature({ secret: `${secret}x`, timestamp: String(at), signature, body, now }).ok).toBe(false);
    expect(verifyLabSignature({ secret, timestamp: String(at), signature: signature.slice(0, -1), body, now }).ok).toBe(false);
    expect(verifyLabSignature({ secret, timestamp: undefined, signature, body, now }).ok).toBe(false);
    expect(verifyLabSignature({ secret, timestamp: String(at), signature: undefined, body, now }).ok).toBe(false);
  });

  it('is refused more than 5 minutes away from now, either way', () => {
    for (const offset of [-301, 301]) {
      const signature = signLabRequest(secret, at + offset, body);
      expect(verifyLabSignature({ secret, timestamp: String(at + offset), signature, body, now })).toMatchObject({
        ok: false,
        reason: expect.stringContaining('too old'),
      });
    }
    const signature = signLabRequest(secret, at - 299, body);
    expect(verifyLabSignature({ secret, timestamp: String(at - 299), signature, body, now }).ok).toBe(true);
  });
});
