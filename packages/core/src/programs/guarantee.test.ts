import { describe, expect, it } from 'vitest';
import {
  guaranteeAmount,
  guaranteeApplicationSchema,
  guaranteeVerdict,
  programHasRun,
  PROGRAM_GUARANTEE_TERMS,
  testCentsOfLine,
  thirdTestOf,
  type GuaranteeInput,
} from './guarantee.ts';

const starter = { productCode: 'base-quiz', unitPriceCents: 7995, quantity: 1, charge: 'now' };
const programOnResults = { productCode: 'base-improvement-plan', unitPriceCents: 14005, quantity: 1, charge: 'on_results' };
const week = (n: number) => ({ phase: 'program' as const, week: n });

const programOrder = (overrides: Partial<GuaranteeInput> = {}): GuaranteeInput => ({
  status: 'completed',
  items: [starter, programOnResults],
  subtotalCents: 7995,
  discountCents: 0,
  timeline: null,
  applied: false,
  ...overrides,
});

describe('the Improvement Program’s guarantee', () => {
  it('quotes the specification’s terms word for word', () => {
    expect(PROGRAM_GUARANTEE_TERMS).toBe('tests free if no health optimization is found within 3 tests');
  });

  it('gives back what was paid for the tests, never the program fee', () => {
    expect(guaranteeAmount(programOrder())).toBe(7995);
    // paid upfront: the test's share of the $220.00 line, as the catalog prices it
    const upfront = { productCode: 'base-improvement-plan-pay-upfront', unitPriceCents: 22000, quantity: 1, charge: 'now' };
    expect(testCentsOfLine(upfront)).toBe(7995);
    expect(guaranteeAmount({ items: [upfront], subtotalCents: 22000, discountCents: 0 })).toBe(7995);
    // the fast-track expands the starter test with a second test: it is part of it
    const fastTrack = { productCode: 'fast-track', unitPriceCents: 4995, quantity: 1, charge: 'now' };
    expect(guaranteeAmount({ items: [starter, fastTrack, programOnResults], subtotalCents: 12990, discountCents: 0 })).toBe(12990);
    // the Complete bundle with its program
    const complete = { productCode: 'base-complete-improvement-plan-pay-upfront', unitPriceCents: 58905, quantity: 1, charge: 'now' };
    expect(testCentsOfLine(complete)).toBe(44900);
    // what is not a test of the program is not covered
    const coach = { productCode: 'health-coach', unitPriceCents: 2995, quantity: 1, charge: 'now' };
    expect(testCentsOfLine(coach)).toBe(0);
    expect(testCentsOfLine(programOnResults)).toBe(0);
    expect(testCentsOfLine({ ...starter, productCode: 'no-such-product' })).toBe(0);
  });

  it('takes off the tests’ share of the order’s discount: what the member paid', () => {
    const coach = { productCode: 'health-coach', unitPriceCents: 2995, quantity: 1, charge: 'now' };
    // $10.99 off $109.90: the test's share is 7995/10990 of it, $8.00 rounded
    expect(guaranteeAmount({ items: [starter, coach, programOnResults], subtotalCents: 10990, discountCents: 1099 })).toBe(7195);
    expect(guaranteeAmount({ items: [starter], subtotalCents: 7995, discountCents: 9000 })).toBe(0);
  });

  it('applies to a program that has run: completed, or from its week 8, or past its two months', () => {
    expect(programHasRun('completed', null)).toBe(true);
    expect(programHasRun('program_active', week(7))).toBe(false);
    expect(programHasRun('program_active', week(8))).toBe(true);
    expect(programHasRun('retests', { phase: 'plan', week: null })).toBe(true);
    expect(programHasRun('retests', null)).toBe(false);
    expect(programHasRun('results_ready', { phase: 'over', week: null })).toBe(false);
    expect(programHasRun('refunded', null)).toBe(false);
  });

  it('says why it cannot be applied: no program, not run yet, nothing paid, applied already', () => {
    expect(guaranteeVerdict(programOrder())).toEqual({ eligible: true, amountCents: 7995 });
    expect(guaranteeVerdict(programOrder({ items: [starter] }))).toMatchObject({ eligible: false, code: 'NOT_A_PROGRAM' });
    expect(guaranteeVerdict(programOrder({ status: 'program_active', timeline: week(3) }))).toMatchObject({
      eligible: false,
      code: 'PROGRAM_NOT_RUN',
      message: 'The guarantee applies once the program has run: from its week 8, or when the order is completed.',
      amountCents: 7995,
    });
    const gift = programOrder({
      items: [
        { ...starter, unitPriceCents: 0 },
        { ...programOnResults, unitPriceCents: 0 },
      ],
      subtotalCents: 0,
    });
    expect(guaranteeVerdict(gift)).toMatchObject({ eligible: false, code: 'NOTHING_PAID' });
    expect(guaranteeVerdict(programOrder({ applied: true }))).toMatchObject({ eligible: false, code: 'GUARANTEE_ALREADY_APPLIED' });
  });

  it('needs a reason and a choice of refund or store credit', () => {
    expect(guaranteeApplicationSchema.safeParse({ reason: ' No change in 3 tests ', method: 'refund' })).toEqual({
      success: true,
      data: { reason: 'No change in 3 tests', method: 'refund' },
    });
    const missing = guaranteeApplicationSchema.safeParse({ reason: '  ' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual([
      'Please say why the guarantee applies: which tests found no health optimization.',
      'Please choose a refund to the card or store credit.',
    ]);
    expect(guaranteeApplicationSchema.safeParse({ reason: 'x'.repeat(501), method: 'store_credit' }).error?.issues[0]?.message).toBe(
      'Please keep the reason under 500 characters.',
    );
  });
});

describe('the 3rd test', () => {
  it('is the order’s starter test again, or the Complete bundle again', () => {
    expect(
      thirdTestOf([
        { productCode: 'base-quiz', testId: 53 },
        { productCode: 'base-improvement-plan', testId: null },
      ]),
    ).toEqual({
      productCode: 'base-quiz',
      testId: 53,
    });
    expect(thirdTestOf([{ productCode: 'base-improvement-plan-pay-upfront', testId: 1 }])).toEqual({ productCode: 'base-quiz', testId: 1 });
    expect(thirdTestOf([{ productCode: 'base-complete', testId: null }])).toEqual({ productCode: 'base-complete', testId: null });
    expect(thirdTestOf([{ productCode: 'health-coach', testId: null }])).toBeNull();
  });
});
