import { describe, expect, it } from 'vitest';
import { checkoutConsents, consentsRefused, paymentConsentField } from './at-payment.ts';
import { consentTexts } from './consents.ts';
import { healthDataConsentTexts } from './health-data.ts';

describe('the consents asked with a payment', () => {
  it('asks the cart’s, then collecting health data when not held, then sharing with a covering employer', () => {
    expect(checkoutConsents({ needed: ['keep_card', 'hipaa_authorization'], collectHeld: false, covered: true })).toEqual([
      'keep_card',
      'hipaa_authorization',
      'collect_health_data',
      'share_with_employer',
    ]);
    expect(checkoutConsents({ needed: ['hipaa_authorization'], collectHeld: true, covered: false })).toEqual(['hipaa_authorization']);
    expect(checkoutConsents({ needed: ['monthly_renewal'], collectHeld: false, covered: false })).toEqual(['monthly_renewal']);
  });

  it('names each checkbox and says what an empty one misses', () => {
    expect(paymentConsentField('keep_card')).toBe('consent');
    expect(paymentConsentField('collect_health_data')).toBe('collectHealthData');
    expect(paymentConsentField('share_with_clinic')).toBe('shareWithClinic');
    const checked = new Set(['consent']);
    expect(consentsRefused(['keep_card', 'hipaa_authorization', 'share_with_clinic'], (field) => checked.has(field))).toEqual({
      hipaa_authorization: consentTexts.hipaa_authorization.missing,
      share_with_clinic: healthDataConsentTexts.share_with_clinic.missingAtCheckout,
    });
  });
});
