import { eq } from 'drizzle-orm';
import { collectionRefusal, orderRefusal, saleKindOf, stateOfZip, usStates, type SaleRefusal, type UsState } from '@shop/core';
import { cartItems, type Executor } from '@shop/db';
import { z } from 'zod';
import { AppError, badRequest } from '../errors.ts';

/** Where the person tested lives, as place order takes it: the state, or a ZIP code it is read from. */
export const testedPlaceSchema = {
  testedState: z.enum(usStates, { error: 'Please choose the state where the person tested lives' }).optional(),
  testedZip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, { error: 'Please enter a 5-digit ZIP code' })
    .optional(),
};

const STATE_REQUIRED = 'Please tell us the state where the person tested lives: we can sell tests only where the law allows it.';

/** A refusal of the table, as the API answers it: 400 for a lab the specification refuses, 422 for the rest. */
export function saleRefused(refusal: SaleRefusal): AppError {
  return new AppError(refusal.code === 'LAB_NOT_AVAILABLE' ? 400 : 422, refusal.code, refusal.message);
}

/** Refuses products that may not be sold for a person living in this state (docs/decisions/0060-where-tests-are-sold.md). */
export function assertSoldIn(state: string, productCodes: Iterable<string>): void {
  if (!(usStates as readonly string[]).includes(state)) throw badRequest('TESTED_STATE_REQUIRED', STATE_REQUIRED);
  const refusal = orderRefusal(state as UsState, productCodes);
  if (refusal) throw saleRefused(refusal);
}

/** Refuses a home kit shipped to, or a partner lab in, a state where the sample may not be taken that way. */
export function assertCollectableAt(zipCode: string, method: 'home' | 'lab'): void {
  const refusal = collectionRefusal(zipCode, method);
  if (refusal) throw saleRefused(refusal);
}

/**
 * Place order's check, before anything is written or charged: a cart holding a test needs the
 * state where the person tested lives, and that state must allow it. A cart of sample-free
 * products (or gifts, whose recipient is asked at redemption) needs none. Answers the state, for
 * the order to keep.
 */
export async function assertCartSoldWhereTested(
  db: Executor,
  cartId: string,
  tested: { testedState?: UsState | undefined; testedZip?: string | undefined },
): Promise<UsState | null> {
  const codes = (await db.select({ productCode: cartItems.productCode }).from(cartItems).where(eq(cartItems.cartId, cartId))).map(
    (row) => row.productCode,
  );
  const state = tested.testedState ?? (tested.testedZip ? stateOfZip(tested.testedZip) : undefined);
  if (!codes.some((code) => saleKindOf(code) === 'test')) return state ?? null;
  if (!state) throw badRequest('TESTED_STATE_REQUIRED', STATE_REQUIRED);
  assertSoldIn(state, codes);
  // kept on the order: its physician of record must be licensed there (docs/decisions/0067)
  return state;
}
