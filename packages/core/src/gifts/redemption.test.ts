import { describe, expect, it } from 'vitest';
import { messages } from '../errors/api-error.ts';
import { orderIncludesProgram, kitsForOrder } from '../orders/order-kits.ts';
import { giftMessages } from './messages.ts';
import type { GiftContents } from './rules.ts';
import { firstNameOf, giftOptions, giftRedemptionSchema, isChoiceInGift, redemptionEligibility, redemptionLines } from './redemption.ts';

const today = new Date(Date.UTC(2026, 10, 23));

describe('what a recipient can choose', () => {
  it('lists each area of the gift with its starter test', () => {
    const options = giftOptions({ kind: 'areas', areas: ['stress', 'sleep', 'energy'] });
    expect(options.map((option) => [option.label, option.testTitle])).toEqual([
      ['Stress', 'Cortisol Test'],
      ['Sleep', 'Melatonin Test'],
      ['Energy', 'Focus Test'],
    ]);
  });

  it('offers the Complete bundle alone when the gift holds it', () => {
    expect(giftOptions({ kind: 'complete' })).toMatchObject([
      { choice: { kind: 'complete' }, label: 'Complete bundle', testTitle: 'All 8 tests' },
    ]);
  });

  it('takes only what the gift holds', () => {
    const areas: GiftContents = { kind: 'areas', areas: ['diet'] };
    expect(isChoiceInGift(areas, { kind: 'area', area: 'diet' })).toBe(true);
    expect(isChoiceInGift(areas, { kind: 'area', area: 'sleep' })).toBe(false);
    expect(isChoiceInGift(areas, { kind: 'complete' })).toBe(false);
    expect(isChoiceInGift({ kind: 'complete' }, { kind: 'complete' })).toBe(true);
    expect(isChoiceInGift({ kind: 'complete' }, { kind: 'area', area: 'diet' })).toBe(false);
  });
});

describe('the order a redemption makes', () => {
  it('a one-off gift: the chosen test at $0, one kit', () => {
    const lines = redemptionLines('one_off', { kind: 'area', area: 'stress' });
    expect(lines).toEqual([
      { productCode: 'base-quiz', testId: 53, title: 'Cortisol Test (gift)', unitPriceCents: 0, quantity: 1, charge: 'now' },
    ]);
    expect(kitsForOrder(lines, 'home').map((kit) => kit.kitSlug)).toEqual(['daily-rhythm-saliva']);
    expect(orderIncludesProgram(lines)).toBe(false);
  });

  it('an improvement program gift: the test and the program, both paid by the purchaser', () => {
    const lines = redemptionLines('improvement_program', { kind: 'complete' });
    expect(lines.map((line) => [line.productCode, line.unitPriceCents, line.charge])).toEqual([
      ['base-complete', 0, 'now'],
      ['base-complete-improvement-plan', 0, 'on_results'],
    ]);
    expect(kitsForOrder(lines, 'home')).toHaveLength(3);
    expect(orderIncludesProgram(lines)).toBe(true);
  });
});

describe('the redemption form', () => {
  const valid = {
    code: 'ABCD-EFGH-JKMN-PQRS',
    choice: { kind: 'area', area: 'diet' },
    dateOfBirth: '1990-04-12',
    collection: 'home',
    shipping: {
      fullName: 'Sam Wu',
      email: 'sam@example.com',
      shippingAddress: '1 Main St',
      apartmentNumber: '',
      city: 'Austin',
      zipCode: '78701',
    },
  };
  const firstMessage = (value: unknown) => giftRedemptionSchema.safeParse(value).error?.issues[0]?.message;

  it('takes a complete form', () => {
    expect(giftRedemptionSchema.parse(valid).shipping.zipCode).toBe('78701');
  });

  it.each([
    [{ code: '' }, giftMessages.code],
    [{ choice: { kind: 'area', area: 'mood' } }, giftMessages.chooseTest],
    [{ choice: undefined }, giftMessages.chooseTest],
    [{ dateOfBirth: '1990-02-30' }, giftMessages.dateOfBirth],
    [{ shipping: { ...valid.shipping, email: 'sam@' } }, 'Please enter a valid email'],
    [{ shipping: { ...valid.shipping, zipCode: 'abc' } }, 'Please enter a valid zip code'],
    [{ shipping: { ...valid.shipping, city: ' ' } }, 'Please fill all the fields'],
  ])('refuses %j with the form’s message', (change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message);
  });
});

describe('who may redeem (§5)', () => {
  it('tests adults, at home and at a partner lab where the tests are sold', () => {
    expect(redemptionEligibility({ dateOfBirth: '2008-11-23', collection: 'home', zipCode: '78701' }, today)).toEqual({ ok: true });
    expect(redemptionEligibility({ dateOfBirth: '1990-01-01', collection: 'lab', zipCode: '78701' }, today)).toEqual({ ok: true });
  });

  it('refuses anyone under 18, even a day', () => {
    expect(redemptionEligibility({ dateOfBirth: '2008-11-24', collection: 'home', zipCode: '78701' }, today)).toEqual({
      ok: false,
      code: 'UNDERAGE',
      message: messages.underage,
    });
    expect(redemptionEligibility({ dateOfBirth: '2030-01-01', collection: 'home', zipCode: '78701' }, today).ok).toBe(false);
  });

  it('refuses a recipient in New York, by home kit or lab', () => {
    for (const collection of ['home', 'lab'] as const) {
      const result = redemptionEligibility({ dateOfBirth: '1990-01-01', collection, zipCode: '10001' }, today);
      expect(result).toMatchObject({ ok: false, code: 'NOT_SOLD_IN_STATE' });
      expect(result.ok || result.message).toContain('New York');
    }
  });

  it('sends a Maryland recipient to a partner lab, not a home kit', () => {
    expect(redemptionEligibility({ dateOfBirth: '1990-01-01', collection: 'home', zipCode: '21201' }, today)).toMatchObject({
      ok: false,
      code: 'HOME_KIT_NOT_IN_STATE',
      message: expect.stringContaining('Lab Pick-Up'),
    });
    expect(redemptionEligibility({ dateOfBirth: '1990-01-01', collection: 'lab', zipCode: '21201' }, today)).toEqual({ ok: true });
  });

  it('tells the recipient only the giver’s first name', () => {
    expect(firstNameOf('  Dana  Wu ')).toBe('Dana');
  });
});
