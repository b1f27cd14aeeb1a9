import { describe, expect, it } from 'vitest';
import type { ProductCode } from '../catalog/index.ts';
import {
  cartMessages,
  checkAddRequest,
  decideAdd,
  isCartRuleError,
  kindOf,
  linesRemovedWith,
  maxQuantityOf,
  type CartAddition,
  type CartLine,
  type CartLineOrigin,
} from './rules.ts';

let ids = 0;
function line(productCode: ProductCode, extra: Partial<CartLine> = {}): CartLine {
  ids += 1;
  return { id: `line-${ids}`, productCode, testId: null, origin: null, quantity: 1, frequency: null, quizResultId: null, ...extra };
}
const starter = () => line('base-quiz', { testId: 53, origin: 'quiz', quizResultId: 'quiz-1' });

function addition(input: Parameters<typeof checkAddRequest>[0]): CartAddition {
  const checked = checkAddRequest(input);
  if (isCartRuleError(checked)) throw new Error(checked.message);
  return checked;
}

describe('what a line is', () => {
  it.each<[ProductCode, CartLineOrigin | null, string]>([
    ['base-quiz', 'quiz', 'starter'],
    ['base-quiz', null, 'starter'],
    ['base-quiz', 'area', 'area'],
    ['base-quiz', 'addon', 'addon'],
    ['base-improvement-plan-pay-upfront', null, 'starter'],
    ['base-improvement-plan', null, 'starter-extra'],
    ['fast-track', null, 'starter-extra'],
    ['base-monitor', null, 'area'],
    ['base-complete', null, 'complete'],
    ['base-complete-improvement-plan-pay-upfront', null, 'complete'],
    ['food-allergy', null, 'addon'],
    ['gift-one-off', null, 'gift'],
  ])('%s from %s is a %s line', (productCode, origin, kind) => {
    expect(kindOf({ productCode, origin })).toBe(kind);
  });
});

describe('checking a request on its own', () => {
  it.each([0, -1, 11, 1.5, 1e12, Number.NaN])('refuses the quantity %s', (quantity) => {
    expect(checkAddRequest({ productCode: 'food-allergy', quantity })).toEqual({
      status: 400,
      code: 'INVALID_QUANTITY',
      message: 'Quantity must be a whole number from 1 to 10.',
    });
  });

  it('accepts 1 to 10 and defaults to 1', () => {
    expect(checkAddRequest({ productCode: 'food-allergy' })).toMatchObject({ quantity: 1 });
    expect(checkAddRequest({ productCode: 'food-allergy', quantity: 10 })).toMatchObject({ quantity: 10 });
  });

  it('refuses unknown products and tests, and a starter test without its test', () => {
    expect(checkAddRequest({ productCode: 'caviar' })).toMatchObject({ code: 'UNKNOWN_PRODUCT', message: cartMessages.unknownProduct });
    expect(checkAddRequest({ productCode: 'base-quiz', testId: 999 })).toMatchObject({ code: 'UNKNOWN_TEST' });
    expect(checkAddRequest({ productCode: 'base-quiz' })).toMatchObject({ code: 'TEST_REQUIRED' });
    // an unknown test is refused even beside a product that ignores it
    expect(checkAddRequest({ productCode: 'base-complete', testId: 999 })).toMatchObject({ code: 'UNKNOWN_TEST' });
  });

  it('asks a subscription for its delivery frequency, and only a subscription', () => {
    expect(checkAddRequest({ productCode: 'base-monitor', testId: 53 })).toMatchObject({ code: 'FREQUENCY_REQUIRED' });
    expect(checkAddRequest({ productCode: 'base-monitor', testId: 53, frequency: 'quarterly' })).toMatchObject({
      frequency: 'quarterly',
      testId: 53,
    });
    expect(checkAddRequest({ productCode: 'base-quiz', testId: 53, frequency: 'monthly' })).toMatchObject({
      code: 'FREQUENCY_NOT_ALLOWED',
    });
  });

  it('keeps fast-track and gifts to one', () => {
    expect(checkAddRequest({ productCode: 'fast-track', quantity: 2 })).toMatchObject({
      code: 'INVALID_QUANTITY',
      message: cartMessages.singleQuantity,
    });
    expect(checkAddRequest({ productCode: 'gift-one-off', quantity: 2 })).toMatchObject({
      message: 'One gift card purchase per transaction.',
    });
  });

  it('keeps the personal starter test to one, while the same test added for others goes up to ten', () => {
    expect(checkAddRequest({ productCode: 'base-quiz', testId: 53, quantity: 2 })).toMatchObject({
      code: 'INVALID_QUANTITY',
      message: cartMessages.singleQuantity,
    });
    expect(checkAddRequest({ productCode: 'base-improvement-plan-pay-upfront', testId: 53, quantity: 2 })).toMatchObject({
      code: 'INVALID_QUANTITY',
    });
    expect(checkAddRequest({ productCode: 'base-quiz', testId: 53, origin: 'addon', quantity: 2 })).toMatchObject({ quantity: 2 });
    expect(maxQuantityOf({ productCode: 'base-quiz', origin: 'quiz' })).toBe(1);
    expect(maxQuantityOf({ productCode: 'base-quiz', origin: 'area' })).toBe(10);
  });

  it('ignores a test id beside a product that is not one test', () => {
    expect(checkAddRequest({ productCode: 'fast-track', testId: 53 })).toMatchObject({ testId: null });
  });

  it('lets only a single test come from an area page or the add-on page', () => {
    expect(checkAddRequest({ productCode: 'base-complete', origin: 'area' })).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
    expect(checkAddRequest({ productCode: 'base-quiz', testId: 68, origin: 'addon' })).toMatchObject({ origin: 'addon' });
  });
});

describe('adding to a cart', () => {
  it('asks before an area test or the Complete bundle replaces the quiz starter test, with what it replaces', () => {
    const quiz = starter();
    const program = line('base-improvement-plan');
    const fastTrack = line('fast-track');
    const allergy = line('food-allergy');
    const cart = [quiz, program, fastTrack, allergy];
    for (const wanted of [
      addition({ productCode: 'base-complete' }),
      addition({ productCode: 'base-quiz', testId: 54, origin: 'area' }),
      addition({ productCode: 'base-monitor', testId: 54, frequency: 'monthly' }),
    ]) {
      expect(decideAdd(cart, wanted, false)).toEqual({ outcome: 'confirm', replaces: [quiz, program, fastTrack] });
      expect(decideAdd(cart, wanted, true)).toEqual({ outcome: 'add', replaces: [quiz, program, fastTrack], existing: undefined });
    }
  });

  it('adds an area test or the bundle without asking when no starter test is there', () => {
    expect(decideAdd([line('food-allergy')], addition({ productCode: 'base-complete' }), false)).toMatchObject({
      outcome: 'add',
      replaces: [],
    });
  });

  it('adds an add-on test beside the starter test', () => {
    const decision = decideAdd([starter()], addition({ productCode: 'base-quiz', testId: 68, origin: 'addon' }), false);
    expect(decision).toEqual({ outcome: 'add', replaces: [], existing: undefined });
  });

  it('refuses an add-on that is the starter test itself', () => {
    const decision = decideAdd([starter()], addition({ productCode: 'base-quiz', testId: 53, origin: 'addon' }), false);
    expect(decision).toMatchObject({ outcome: 'rejected', error: { status: 409, code: 'ALREADY_IN_CART' } });
  });

  it('finds the same line again, so adding twice changes one line', () => {
    const allergy = line('food-allergy', { quantity: 2 });
    expect(decideAdd([allergy], addition({ productCode: 'food-allergy', quantity: 3 }), false)).toEqual({
      outcome: 'add',
      replaces: [],
      existing: allergy,
    });
  });

  it('needs a starter test under fast-track and the program billed on results', () => {
    for (const productCode of ['fast-track', 'base-improvement-plan'] as const) {
      expect(decideAdd([], addition({ productCode }), false)).toMatchObject({
        outcome: 'rejected',
        error: { code: 'STARTER_TEST_REQUIRED' },
      });
      expect(decideAdd([starter()], addition({ productCode }), false)).toMatchObject({ outcome: 'add' });
    }
  });

  it('sells one gift per transaction', () => {
    const decision = decideAdd([line('gift-one-off')], addition({ productCode: 'gift-improvement-program' }), false);
    expect(decision).toMatchObject({
      outcome: 'rejected',
      error: { code: 'GIFT_LIMIT', message: 'One gift card purchase per transaction.' },
    });
  });
});

describe('removing from a cart', () => {
  it('takes the program and fast-track with the last starter test', () => {
    const quiz = starter();
    const program = line('base-improvement-plan');
    const fastTrack = line('fast-track');
    const allergy = line('food-allergy');
    expect(linesRemovedWith([quiz, program, fastTrack, allergy], quiz)).toEqual([quiz, program, fastTrack]);
    expect(linesRemovedWith([quiz, program, fastTrack, allergy], fastTrack)).toEqual([fastTrack]);
    const upfront = line('base-improvement-plan-pay-upfront', { testId: 68 });
    expect(linesRemovedWith([quiz, upfront, fastTrack], quiz)).toEqual([quiz]);
  });
});
