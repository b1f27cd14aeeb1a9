import { employerMessages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { decideCover, type CoverFacts } from './decision.ts';

const facts = (overrides: Partial<CoverFacts> = {}, group: Partial<CoverFacts['group']> = {}): CoverFacts => ({
  group: {
    name: 'Acme',
    coverCents: null,
    capEmployees: null,
    capSpendCents: null,
    planYearStart: '2026-01-01',
    planYearEnd: '2026-12-31',
    billingMode: 'prepaid',
    bankBalanceCents: 10_000,
    ...group,
  },
  used: false,
  claimedByThisCart: null,
  stillEligible: true,
  spent: { orders: 0, cents: 0 },
  starterCents: 7995,
  programCents: 0,
  today: '2026-06-01',
  ...overrides,
});

describe('the employer’s part of a covered cart', () => {
  it('covers the starter test from a bank that holds it, and a partial cover leaves the rest to the card', () => {
    expect(decideCover(facts())).toEqual({ outcome: 'covered', coveredCents: 7995, programCents: 0, prepaid: true });
    expect(decideCover(facts({}, { coverCents: 5000, bankBalanceCents: 5000 }))).toEqual({
      outcome: 'covered',
      coveredCents: 5000,
      programCents: 0,
      prepaid: true,
    });
  });

  it('covers the Improvement Program in full beside a partial test cover, and measures the bank and the cap on both', () => {
    expect(decideCover(facts({ programCents: 14_005 }, { coverCents: 5000, bankBalanceCents: 19_005 }))).toEqual({
      outcome: 'covered',
      coveredCents: 5000,
      programCents: 14_005,
      prepaid: true,
    });
    expect(decideCover(facts({ programCents: 14_005 }, { bankBalanceCents: 21_999 }))).toMatchObject({ code: 'BANK_EMPTY' });
    expect(decideCover(facts({ programCents: 14_005 }, { billingMode: 'invoice', capSpendCents: 20_000 }))).toMatchObject({
      code: 'COVER_CAP_REACHED',
    });
    // the placed order's page splits what was claimed back into the test and the program
    expect(decideCover(facts({ used: true, claimedByThisCart: 22_000, programCents: 14_005 }))).toMatchObject({
      coveredCents: 7995,
      programCents: 14_005,
    });
  });

  it('refuses the order whole when the bank holds less than the cover, never a smaller cover', () => {
    for (const bankBalanceCents of [0, 1000, 7994]) {
      expect(decideCover(facts({}, { bankBalanceCents }))).toEqual({
        outcome: 'refused',
        code: 'BANK_EMPTY',
        message: employerMessages.bankEmpty,
      });
    }
    // an invoiced group has no bank to run short
    expect(decideCover(facts({}, { billingMode: 'invoice', bankBalanceCents: 0 }))).toMatchObject({ outcome: 'covered', prepaid: false });
  });

  it('says why a used cover, a finished plan year, a removed employee or a reached cap cover nothing', () => {
    expect(decideCover(facts({ used: true }))).toMatchObject({ code: 'ALREADY_COVERED' });
    expect(decideCover(facts({ today: '2027-01-01' }))).toMatchObject({ code: 'OUTSIDE_PLAN_YEAR' });
    expect(decideCover(facts({ stillEligible: false }))).toMatchObject({ code: 'NOT_ELIGIBLE' });
    expect(decideCover(facts({ spent: { orders: 2, cents: 0 } }, { capEmployees: 2 }))).toMatchObject({ code: 'COVER_CAP_REACHED' });
    expect(decideCover(facts({ spent: { orders: 1, cents: 5000 } }, { capSpendCents: 12_000 }))).toMatchObject({
      code: 'COVER_CAP_REACHED',
    });
  });

  it('shows the placed order’s own cover on its page while its card remainder is paid, and nothing for a cart without the test', () => {
    expect(decideCover(facts({ used: true, claimedByThisCart: 5000 }, { bankBalanceCents: 0 }))).toMatchObject({
      outcome: 'covered',
      coveredCents: 5000,
    });
    expect(decideCover(facts({ starterCents: 0 }))).toEqual({ outcome: 'none' });
  });
});
