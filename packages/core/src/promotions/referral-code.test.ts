import { describe, expect, it } from 'vitest';
import { parseReferralCode, referralCodeFrom } from './referral-code.ts';

describe('referralCodeFrom', () => {
  it.each([
    [[0, 0, 0, 0, 0], 'REF-00000000'],
    [[255, 255, 255, 255, 255], 'REF-ZZZZZZZZ'],
    [[0, 0, 0, 0, 31], 'REF-0000000Z'],
    [[0, 0, 0, 0, 32], 'REF-00000010'],
    [[0x12, 0x34, 0x56, 0x78, 0x9a], 'REF-28T5CY4T'],
  ])('bytes %j make %s', (bytes, code) => {
    expect(referralCodeFrom(Uint8Array.from(bytes))).toBe(code);
  });

  it('uses only the first five bytes', () => {
    expect(referralCodeFrom(Uint8Array.from([1, 2, 3, 4, 5, 6, 7]))).toBe(referralCodeFrom(Uint8Array.from([1, 2, 3, 4, 5])));
  });

  it('needs five bytes', () => {
    expect(() => referralCodeFrom(Uint8Array.from([1, 2, 3, 4]))).toThrow(RangeError);
  });

  it('gives different bytes different codes, and every code reads back as itself', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 256; i += 1) {
      const code = referralCodeFrom(Uint8Array.from([i, 255 - i, i ^ 0x5a, 7, i]));
      expect(parseReferralCode(code)).toBe(code);
      seen.add(code);
    }
    expect(seen.size).toBe(256);
  });
});

describe('parseReferralCode', () => {
  it.each([
    ['REF-28T5CY4T', 'REF-28T5CY4T'],
    ['  ref-28t5cy4t ', 'REF-28T5CY4T'],
    ['REF28T5CY4T', 'REF-28T5CY4T'],
    // letters people mistake for digits read as the digits
    ['REF-O0IL1234', 'REF-00111234'],
  ])('%j reads as %s', (raw, code) => {
    expect(parseReferralCode(raw)).toBe(code);
  });

  it.each(['', 'REF-', 'REF-28T5CY4', 'REF-28T5CY4TX', 'RFF-28T5CY4T', 'REF-28T5CY4U', 'REF_28T5CY4T', 'GIRLBOSS20', 'REF-28T5 CY4T'])(
    'refuses %j',
    (raw) => {
      expect(parseReferralCode(raw)).toBeNull();
    },
  );
});
