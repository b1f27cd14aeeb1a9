import {
  carriesTest,
  cartMessages,
  checkAddRequest,
  giftMessages,
  decideAdd,
  isCartRuleError,
  isProductCode,
  isValidQuantity,
  kindOf,
  linesRemovedWith,
  maxQuantityOf,
  type CartLine,
  type CartLineOrigin,
  type DeliveryFrequency,
} from '@shop/core';
import type { Database, Executor } from '@shop/db';
import { AppError, badRequest, notFound } from '../errors.ts';
import { deleteCartGift, giftBeingPaidMessage, giftIsBeingPaid } from './gift-rows.ts';
import { findReadableQuizResult, type QuizReader } from '../quiz/service.ts';
import {
  addCartItem,
  createCart,
  createCartWithLine,
  findCart,
  findLatestOpenCartOf,
  inCartOrder,
  listCartItems,
  lockCart,
  removeCartItems,
  touchCart,
  updateCartItem,
  type CartItemRow,
  type CartRow,
} from './repository.ts';
import { toCartLine } from './view.ts';

export { viewCart, type CartView } from './view.ts';

/** The open cart of a cookie, if it still is one (a cart becomes read-only once ordered). */
export async function findOpenCart(db: Executor, cartId: string | undefined, userId: string | null): Promise<CartRow | undefined> {
  if (!cartId) return undefined;
  const cart = await findCart(db, cartId);
  if (!cart || cart.status !== 'open') return undefined;
  // someone else's cart is not yours, whatever cookie you carry
  if (cart.userId && cart.userId !== userId) return undefined;
  return cart;
}

/**
 * The cart a browser reads: its cookie's, or else a signed-in account's own open cart, which so
 * follows the account to another device (an employee's covered cart made on their phone, say).
 * Only the read adopts it (its answer sets the cookie): a change without a cookie still starts a
 * cart of its own, so two devices racing to buy one thing keep two carts and meet at the order.
 */
export async function findCartToRead(db: Executor, cartId: string | undefined, userId: string | null): Promise<CartRow | undefined> {
  return (await findOpenCart(db, cartId, userId)) ?? (userId ? await findLatestOpenCartOf(db, userId) : undefined);
}

export interface AddItemInput {
  productCode: string;
  testId?: number | undefined;
  quizResultId?: string | undefined;
  origin?: CartLineOrigin | undefined;
  quantity?: number | undefined;
  frequency?: DeliveryFrequency | undefined;
  confirmReplace?: boolean | undefined;
}

export type AddItemResult =
  /** `items` are the cart's lines after the change when they are known without reading them again */
  | { outcome: 'added'; cart: CartRow; replaced: CartLine[]; items: CartItemRow[] | null; goalSlugs: ReadonlyMap<string, string> }
  /** nothing was written: the customer is asked to confirm that these lines go */
  | { outcome: 'confirm'; replaces: CartLine[] };

/**
 * Adds a line under the cart rules of core. Every check runs before anything is written, and the
 * change itself runs in one transaction on the locked cart, so two tabs never interleave.
 */
export async function addItem(db: Database, cart: CartRow | undefined, reader: QuizReader, input: AddItemInput): Promise<AddItemResult> {
  const { userId } = reader;
  let testId = input.testId;
  const goalSlugs = new Map<string, string>();
  if (input.quizResultId && isProductCode(input.productCode)) {
    // only a result this visitor may read: another's id is as unknown as a made-up one
    const result = await findReadableQuizResult(db, input.quizResultId, reader);
    if (!result) throw notFound('QUIZ_RESULT_NOT_FOUND', 'We could not find these quiz results.');
    // the cart's view names the quiz's goal: it need not read this result again
    goalSlugs.set(result.id, result.goalSlug);
    // the quiz decides which test its starter test is
    if (carriesTest(input.productCode) && (input.origin ?? 'quiz') === 'quiz') testId = result.starterTestId;
  }
  const addition = checkAddRequest({ ...input, testId });
  if (isCartRuleError(addition)) throw new AppError(addition.status, addition.code, addition.message);
  // a gift is nothing without what it holds: it comes in through PUT /cart/gift, with its areas
  if (kindOf(addition) === 'gift') throw badRequest('GIFT_CONTENTS_REQUIRED', giftMessages.emptyGift);

  // a visitor without a cart (most additions after the quiz): nothing to lock, read or replace
  if (!cart) {
    const decision = decideAdd([], addition, input.confirmReplace === true);
    if (decision.outcome === 'add' && !decision.existing && decision.replaces.length === 0) {
      const made = await createCartWithLine(db, userId, {
        productCode: addition.productCode,
        testId: addition.testId,
        origin: addition.origin,
        frequency: addition.frequency,
        quizResultId: input.quizResultId ?? null,
        quantity: addition.quantity,
      });
      return { outcome: 'added', cart: made.cart, replaced: [], items: [made.item], goalSlugs };
    }
  }

  return db.transaction(async (tx) => {
    const locked = cart ? await lockCart(tx, cart.id) : undefined;
    const open = locked?.status === 'open' ? locked : undefined;
    const rows = open ? await listCartItems(tx, open.id) : [];
    const lines = rows.map(toCartLine);
    const decision = decideAdd(lines, addition, input.confirmReplace === true);
    if (decision.outcome === 'rejected') throw new AppError(decision.error.status, decision.error.code, decision.error.message);
    if (decision.outcome === 'confirm') return { outcome: 'confirm', replaces: decision.replaces } as const;

    const target = open ?? (await createCart(tx, userId));
    const replacedIds = new Set(decision.replaces.map((line) => line.id));
    await removeCartItems(tx, target.id, [...replacedIds]);
    // the lines after the change, kept as the database will list them, for the answer's view
    let after: CartItemRow[] | null = rows.filter((row) => !replacedIds.has(row.id));
    if (decision.existing) {
      // adding what is there already is safe to repeat: it sets, never stacks
      const changes = {
        ...(input.quantity !== undefined ? { quantity: addition.quantity } : {}),
        ...(addition.frequency ? { frequency: addition.frequency } : {}),
      };
      if (Object.keys(changes).length > 0) {
        const existingId = decision.existing.id;
        await updateCartItem(tx, target.id, existingId, changes);
        after = after.map((row) => (row.id === existingId ? { ...row, ...changes } : row));
      }
    } else {
      const added = await addCartItem(tx, {
        cartId: target.id,
        productCode: addition.productCode,
        testId: addition.testId,
        origin: addition.origin,
        frequency: addition.frequency,
        quizResultId: input.quizResultId ?? null,
        quantity: addition.quantity,
      });
      after = added ? inCartOrder([...after, added]) : null;
    }
    // a cart made in this transaction carries its time already
    if (open) await touchCart(tx, target.id);
    return { outcome: 'added', cart: target, replaced: decision.replaces, items: after, goalSlugs } as const;
  });
}

export interface UpdateItemInput {
  quantity?: number | undefined;
  frequency?: DeliveryFrequency | undefined;
}

export async function updateItem(db: Database, cart: CartRow | undefined, itemId: string, input: UpdateItemInput): Promise<void> {
  if (input.quantity === undefined && input.frequency === undefined) {
    throw badRequest('NOTHING_TO_CHANGE', 'Send a quantity or a delivery frequency to change.');
  }
  if (input.quantity !== undefined && !isValidQuantity(input.quantity)) throw badRequest('INVALID_QUANTITY', cartMessages.quantity);
  await db.transaction(async (tx) => {
    const locked = cart ? await lockCart(tx, cart.id) : undefined;
    const line = locked ? (await listCartItems(tx, locked.id)).map(toCartLine).find((candidate) => candidate.id === itemId) : undefined;
    if (!locked || !line) throw itemNotFound();
    if (input.quantity !== undefined && input.quantity > maxQuantityOf(line)) {
      throw badRequest('INVALID_QUANTITY', kindOf(line) === 'gift' ? cartMessages.giftLimit : cartMessages.singleQuantity);
    }
    if (input.frequency !== undefined && line.productCode !== 'base-monitor') {
      throw badRequest('FREQUENCY_NOT_ALLOWED', cartMessages.frequencyNotAllowed);
    }
    await updateCartItem(tx, locked.id, itemId, input);
    await touchCart(tx, locked.id);
  });
}

/** Removes a line; the last starter test takes what builds on it (its program, fast-track) along. */
export async function removeItem(db: Database, cart: CartRow | undefined, itemId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = cart ? await lockCart(tx, cart.id) : undefined;
    const lines = locked ? (await listCartItems(tx, locked.id)).map(toCartLine) : [];
    const line = lines.find((candidate) => candidate.id === itemId);
    if (!locked || !line) throw itemNotFound();
    if (kindOf(line) === 'gift' && (await giftIsBeingPaid(tx, locked.id))) throw new AppError(409, 'GIFT_BEING_PAID', giftBeingPaidMessage);
    await removeCartItems(
      tx,
      locked.id,
      linesRemovedWith(lines, line).map((removed) => removed.id),
    );
    // the gift's details go with its line
    if (kindOf(line) === 'gift') await deleteCartGift(tx, locked.id);
    await touchCart(tx, locked.id);
  });
}

const itemNotFound = () => notFound('CART_ITEM_NOT_FOUND', 'This item is no longer in your cart.');
