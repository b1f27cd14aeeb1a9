import { describe, expect, it } from 'vitest';
import { clinicCardLabel, clinicCardSchema } from './clinic-card.ts';

describe('the clinic card', () => {
  it('is named by its brand, last four digits and expiry', () => {
    expect(clinicCardLabel({ brand: 'visa', last4: '4242', expMonth: 3, expYear: 2034 })).toBe('Visa ending 4242, expires 03/34');
    expect(clinicCardLabel({ brand: null, last4: '0005', expMonth: null, expYear: null })).toBe('Card ending 0005');
  });

  it('is saved from a payment method reference only', () => {
    expect(clinicCardSchema.safeParse({ paymentMethod: 'pm_123' }).success).toBe(true);
    expect(clinicCardSchema.safeParse({ paymentMethod: '' }).success).toBe(false);
    expect(clinicCardSchema.safeParse({ paymentMethod: 'pm_123', number: '4242424242424242' }).success).toBe(false);
  });
});
