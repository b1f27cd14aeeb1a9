import { describe, expect, it } from 'vitest';
import {
  attributionCookie,
  formatAttributionCookie,
  affiliateCommissionCents,
  parseAttribution,
  parseAttributionCookie,
  rewardClearsAt,
} from './affiliate.ts';

// URLSearchParams exists at runtime in Node and browsers; core's types leave those globals out
const { URLSearchParams } = globalThis as unknown as {
  URLSearchParams: new (query: string) => { get(name: string): string | null };
};
const search = (query: string) => new URLSearchParams(query);

describe('parseAttribution', () => {
  it.each([
    ['?affiliate=girlboss20&rc=spring', { affiliate: 'GIRLBOSS20', referralCode: 'SPRING' }],
    ['affiliate=FIXMYDIET', { affiliate: 'FIXMYDIET', referralCode: null }],
    ['affiliate=%20hbr%20', { affiliate: 'HBR', referralCode: null }],
    ['affiliate=ness&rc=not%20a%20code', { affiliate: 'NESS', referralCode: null }],
    ['rc=ref-28t5cy4t', { affiliate: null, referralCode: 'REF-28T5CY4T' }],
    ['affiliate=%3Cscript%3E&rc=REF-28T5CY4T', { affiliate: null, referralCode: 'REF-28T5CY4T' }],
  ])('%s', (query, attribution) => {
    expect(parseAttribution(search(query))).toEqual(attribution);
  });

  it.each([
    '',
    'utm_source=x',
    'affiliate=',
    'affiliate=ab',
    `affiliate=${'a'.repeat(33)}`,
    'affiliate=girl%20boss',
    'affiliate=a:b:c',
    // alone, rc is only a member's referral code
    'rc=spring',
  ])('ignores junk: %j', (query) => {
    expect(parseAttribution(search(query))).toBeNull();
  });

  it('reads a query object as Fastify parses it, taking the first of repeated values', () => {
    expect(parseAttribution({ affiliate: ['ness', 'hbr'], rc: 'x1y2' })).toEqual({ affiliate: 'NESS', referralCode: 'X1Y2' });
    expect(parseAttribution({ affiliate: 42 })).toBeNull();
    expect(parseAttribution({})).toBeNull();
  });
});

describe('the attribution cookie', () => {
  it("lasts 30 days for the whole site, out of scripts' reach", () => {
    expect(attributionCookie).toEqual({ name: 'attribution', maxAgeSeconds: 2_592_000, path: '/', sameSite: 'lax', httpOnly: true });
  });

  it.each([
    [{ affiliate: 'GIRLBOSS20', referralCode: 'SPRING' }, '1:GIRLBOSS20:SPRING'],
    [{ affiliate: 'HBR', referralCode: null }, '1:HBR:'],
    [{ affiliate: null, referralCode: 'REF-28T5CY4T' }, '1::REF-28T5CY4T'],
  ])('%o is stored as %s and reads back', (attribution, value) => {
    expect(formatAttributionCookie(attribution)).toBe(value);
    expect(parseAttributionCookie(value)).toEqual(attribution);
  });

  it.each([undefined, null, '', '1::', '2:HBR:', 'HBR', '1:HBR', '1:HBR::', '1:h br:', '1::SPRING'])('refuses the value %j', (value) => {
    expect(parseAttributionCookie(value)).toBeNull();
  });
});

describe('affiliate commission', () => {
  it.each([
    [18_400, 15, 2_760],
    [999, 15, 149],
    [100_000, 15, 10_000],
    [0, 15, 0],
    [-500, 15, 0],
    [18_400, 0, 0],
  ])('%i cents paid at %i%% earns %i cents', (paid, percent, earned) => {
    expect(affiliateCommissionCents(paid, percent)).toBe(earned);
  });

  it('clears 30 days after payment', () => {
    expect(rewardClearsAt(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });
});
