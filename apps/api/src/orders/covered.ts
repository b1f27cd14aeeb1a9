import { formatMoney } from '@shop/core';

export interface CoverParts {
  employer: string;
  /** what the employer paid of the order's total: the line between its subtotal and what the member paid */
  cents: number;
  /** whether the employer also pays the program, charged to no one's card when results arrive */
  program: boolean;
}

/**
 * A covered order's cover as its member reads it. The cover's row counts the program with the
 * tests (employer-cover/cover.ts); the order no longer defers the part the employer pays, so that
 * part is what the program's lines come to beyond the order's deferred amount.
 */
export function coverParts(
  cover: { employer: string; coveredCents: number },
  items: readonly { unitPriceCents: number; quantity: number; charge: string }[],
  deferredCents: number,
): CoverParts {
  const programCents = items
    .filter((item) => item.charge === 'on_results')
    .reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
  const programCoveredCents = Math.max(0, programCents - deferredCents);
  return { employer: cover.employer, cents: Math.max(0, cover.coveredCents - programCoveredCents), program: programCoveredCents > 0 };
}

/** The cover in an order's view: the employer, the amount as money, and whether the program is theirs to pay. */
export function coveredView(parts: CoverParts) {
  return { employer: parts.employer, amount: formatMoney(parts.cents), program: parts.program };
}
