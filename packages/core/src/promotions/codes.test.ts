import { describe, expect, it } from 'vitest';
import { applyCodeSchema, isWellFormedCode, normalizeCode, promoCodeSchema } from './codes.ts';
import { promotionMessages } from './messages.ts';

describe('normalizeCode', () => {
  it.each([
    ['girlboss20', 'GIRLBOSS20'],
    ['  FixMyDiet \n', 'FIXMYDIET'],
    ['save-10_x', 'SAVE-10_X'],
  ])('%j reads as %s', (raw, normalized) => {
    expect(normalizeCode(raw)).toBe(normalized);
  });
});

describe('a code a visitor types', () => {
  it.each([
    ['hbr', 'HBR'],
    [' girlboss20 ', 'GIRLBOSS20'],
    ['A'.repeat(32), 'A'.repeat(32)],
    ['ref-7k3m9qx2', 'REF-7K3M9QX2'],
  ])('accepts %j as %s', (raw, code) => {
    expect(promoCodeSchema.parse(raw)).toBe(code);
  });

  it.each([
    ['', promotionMessages.codeRequired],
    ['   ', promotionMessages.codeRequired],
    ['ab', promotionMessages.codeFormat],
    ['A'.repeat(33), promotionMessages.codeFormat],
    ['SAVE 20', promotionMessages.codeFormat],
    ['SAVE20%', promotionMessages.codeFormat],
    ['ÇA-VA', promotionMessages.codeFormat],
    ['<script>', promotionMessages.codeFormat],
  ])('refuses %j with a message', (raw, message) => {
    const result = promoCodeSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses what is not text', () => {
    expect(promoCodeSchema.safeParse(20).error?.issues[0]?.message).toBe(promotionMessages.codeRequired);
  });

  it('takes a body with only the code', () => {
    expect(applyCodeSchema.parse({ code: 'hbr' })).toEqual({ code: 'HBR' });
    expect(applyCodeSchema.safeParse({ code: 'hbr', discountCents: 5000 }).success).toBe(false);
  });

  it('checks length after trimming', () => {
    expect(isWellFormedCode('  ab  ')).toBe(false);
    expect(isWellFormedCode('  abc  ')).toBe(true);
  });
});
