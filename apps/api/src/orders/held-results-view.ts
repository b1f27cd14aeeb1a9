import { and, eq } from 'drizzle-orm';
import { heldResultsMessage } from '@shop/core';
import { resultHolds, type Executor } from '@shop/db';

/** The kits of an order whose results a clinician holds (a critical or alert value: results/holds.ts). */
export async function heldKitsOf(db: Executor, orderId: string): Promise<Set<string>> {
  const rows = await db
    .select({ kitSlug: resultHolds.kitSlug })
    .from(resultHolds)
    .where(and(eq(resultHolds.orderId, orderId), eq(resultHolds.status, 'open')));
  return new Set(rows.map((row) => row.kitSlug));
}

interface OrderView {
  kits: Array<{ kitSlug: string; statusLabel: string; resultsAt: string | null }>;
  nextStep: { kind: string; text: string; href: string | null; label?: string };
}

/**
 * An order's page while a clinician holds its results: the kit says it is with a clinician, not
 * that results are ready, and the next step is their call (the results page says the same).
 */
export function withHeldResults<T extends OrderView>(view: T, held: ReadonlySet<string>): T {
  if (held.size === 0) return view;
  return {
    ...view,
    kits: view.kits.map((kit) => (held.has(kit.kitSlug) ? { ...kit, statusLabel: 'With a clinician', resultsAt: null } : kit)),
    nextStep: { kind: 'results_held', text: heldResultsMessage, href: null },
  };
}
