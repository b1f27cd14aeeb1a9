import { describe, expect, it } from 'vitest';
import { consentKinds, consentTexts, consentsNeeded, missingConsentMessage, missingConsents } from './consents.ts';

describe('consentsNeeded', () => {
  it('asks a starter test only for the lab’s release of its results', () => {
    expect(consentsNeeded({ lines: [{ productCode: 'base-quiz' }], deferredCents: 0 })).toEqual(['hipaa_authorization']);
  });

  it('keeps the card when the program is charged later', () => {
    const cart = { lines: [{ productCode: 'base-quiz' }, { productCode: 'base-improvement-plan' }], deferredCents: 18000 };
    expect(consentsNeeded(cart)).toEqual(['keep_card', 'hipaa_authorization']);
  });

  it('keeps no card for a program an employer covers: nothing is charged later to the customer', () => {
    const cart = { lines: [{ productCode: 'base-quiz' }, { productCode: 'base-improvement-plan' }], deferredCents: 0 };
    expect(consentsNeeded(cart)).toEqual(['hipaa_authorization']);
  });

  it('asks a test subscription for the charge of each delivery', () => {
    expect(consentsNeeded({ lines: [{ productCode: 'base-monitor', frequency: 'monthly' }], deferredCents: 0 })).toEqual([
      'charge_per_delivery',
      'hipaa_authorization',
    ]);
  });

  it('asks Base Daily for its monthly renewal only: it has no sample', () => {
    expect(consentsNeeded({ lines: [{ productCode: 'base-daily', frequency: 'monthly' }], deferredCents: 0 })).toEqual(['monthly_renewal']);
  });

  it('asks a gift purchaser for nothing: the recipient is tested, and is asked at redemption', () => {
    expect(consentsNeeded({ lines: [{ productCode: 'gift-one-off' }], deferredCents: 0 })).toEqual([]);
  });

  it('names what was not given, in the checkout’s order and words', () => {
    const missing = missingConsents(['keep_card', 'hipaa_authorization'], ['hipaa_authorization', 'monthly_renewal']);
    expect(missing).toEqual(['keep_card']);
    expect(missingConsentMessage(missing)).toContain('keep_card');
    expect(missingConsentMessage(missing)).toContain(consentTexts.keep_card.missing);
  });
});

describe('consentTexts', () => {
  it('gives each kind a version, a field of its own and words that fill in the cart’s terms', () => {
    const versions = consentKinds.map((kind) => consentTexts[kind].version);
    const fields = consentKinds.map((kind) => consentTexts[kind].field);
    expect(new Set(versions).size).toBe(consentKinds.length);
    expect(new Set(fields).size).toBe(consentKinds.length);
    expect(consentTexts.keep_card.text({ deferred: '$180.00' })).toContain('$180.00');
    expect(consentTexts.charge_per_delivery.text({ recurring: '$69.95 for each delivery' })).toContain('$69.95 for each delivery');
  });

  it('says in the HIPAA authorization who releases what to whom, and that it can be revoked (45 CFR 164.508(c))', () => {
    const text = consentTexts.hipaa_authorization.text({});
    for (const part of ['laboratory', 'results', 'Base', 'revoke']) expect(text).toContain(part);
  });
});
