import { describe, expect, it } from 'vitest';
import { checkAddRequest, isCartRuleError, maxQuantityOf } from '../cart/rules.ts';
import {
  isMembership,
  longDayOf,
  membershipBenefitsOn,
  membershipRetryDelaysDays,
  membershipTerms,
  monthlyChargeDay,
  paidThroughDay,
} from './membership.ts';

describe('Base Daily, the membership', () => {
  it('is the only membership among the products', () => {
    expect(isMembership('base-daily')).toBe(true);
    expect(isMembership('base-monitor')).toBe(false);
    expect(isMembership('food-allergy')).toBe(false);
  });

  it('holds its benefits while active or past due, after a cancel until the last paid day, and not once paused', () => {
    expect(membershipBenefitsOn({ status: 'active', accessUntil: null }, '2026-12-01')).toBe(true);
    expect(membershipBenefitsOn({ status: 'past_due', accessUntil: null }, '2026-12-01')).toBe(true);
    expect(membershipBenefitsOn({ status: 'paused', accessUntil: null }, '2026-12-01')).toBe(false);
    const cancelled = { status: 'cancelled', accessUntil: '2026-12-26' };
    expect(membershipBenefitsOn(cancelled, '2026-12-26')).toBe(true);
    expect(membershipBenefitsOn(cancelled, '2026-12-27')).toBe(false);
    expect(membershipBenefitsOn({ status: 'cancelled', accessUntil: null }, '2026-12-01')).toBe(false);
  });

  it('is paid through the day before its next renewal, across months and years', () => {
    expect(paidThroughDay('2026-12-27')).toBe('2026-12-26');
    expect(paidThroughDay('2027-03-01')).toBe('2027-02-28');
    expect(paidThroughDay('2027-01-01')).toBe('2026-12-31');
  });

  it('is chased on days 0, 5 and 12 after a decline', () => {
    const days = membershipRetryDelaysDays.reduce<number[]>((tries, delay) => [...tries, tries.at(-1)! + delay], [0]);
    expect(days).toEqual([0, 5, 12]);
  });

  it('states its terms: amount, day of the month, next renewal and how to cancel', () => {
    expect(membershipTerms('base-daily', '2026-11-27')).toBe(
      'Base Daily is $9.95 today and then $9.95 every month on the 27th of each month (next on December 27, 2026), charged to the card you pay with, until you cancel. Cancel any time in your account, in two clicks: the membership then ends with the month already paid for.',
    );
    expect(monthlyChargeDay('2026-01-31')).toBe('the 31st of each month (or its last day, in a shorter month)');
    expect(monthlyChargeDay('2026-01-02')).toBe('the 2nd of each month');
    expect(monthlyChargeDay('2026-01-03')).toBe('the 3rd of each month');
    expect(monthlyChargeDay('2026-01-11')).toBe('the 11th of each month');
    expect(monthlyChargeDay('2026-01-22')).toBe('the 22nd of each month');
    expect(longDayOf('2027-02-28')).toBe('February 28, 2027');
  });

  it('goes in a cart once, monthly, without the customer choosing a frequency', () => {
    const added = checkAddRequest({ productCode: 'base-daily' });
    expect(added).toMatchObject({ productCode: 'base-daily', quantity: 1, frequency: 'monthly' });
    expect(maxQuantityOf({ productCode: 'base-daily', origin: null })).toBe(1);
    const twice = checkAddRequest({ productCode: 'base-daily', quantity: 2 });
    expect(isCartRuleError(twice) && twice.code).toBe('INVALID_QUANTITY');
    const quarterly = checkAddRequest({ productCode: 'base-daily', frequency: 'quarterly' });
    expect(isCartRuleError(quarterly) && quarterly.code).toBe('FREQUENCY_NOT_ALLOWED');
    // a test subscription still asks for its frequency
    const monitor = checkAddRequest({ productCode: 'base-monitor', testId: 53 });
    expect(isCartRuleError(monitor) && monitor.code).toBe('FREQUENCY_REQUIRED');
  });
});
