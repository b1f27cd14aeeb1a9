import {
  canAddGift,
  checkDeliveryDate,
  checkGiftContents,
  dayIn,
  getProduct,
  giftDeliverySchema,
  giftProductCodes,
  kindOf,
  type GiftDelivery,
  type GiftType,
} from '@shop/core';
import type { Database, Executor } from '@shop/db';
import { addCartItem, createCart, listCartItems, lockCart, touchCart, type CartItemRow, type CartRow } from '../cart/repository.ts';
import { toCartLine } from '../cart/view.ts';
import { badRequest, conflict } from '../errors.ts';
import { giftBeingPaidMessage, giftIsBeingPaid } from '../cart/gift-rows.ts';
import { findCartGift, saveCartGiftContents, saveCartGiftDelivery, type CartGiftRow } from './repository.ts';

export interface GiftChoice {
  type: GiftType;
  areas: string[];
  complete: boolean;
}

/** The cart's gift as the pages show it: its type, what it holds, and the delivery form once filled in. */
export interface CartGiftView {
  type: GiftType;
  title: string;
  contents: { kind: 'areas'; areas: string[] } | { kind: 'complete' };
  delivery: GiftDelivery | null;
}

export function viewCartGift(type: GiftType, row: CartGiftRow): CartGiftView {
  const delivery =
    row.purchaserName && row.purchaserEmail && row.recipientName && row.recipientEmail && row.deliverOn
      ? {
          purchaserName: row.purchaserName,
          purchaserEmail: row.purchaserEmail,
          recipientName: row.recipientName,
          recipientEmail: row.recipientEmail,
          deliveryDate: row.deliverOn,
          message: row.message ?? '',
        }
      : null;
  return { type, title: getProduct(giftProductCodes[type]).title, contents: row.contents, delivery };
}

/** The gift type of a cart's lines: the one gift line, if there is one. */
function giftTypeOf(rows: CartItemRow[]): GiftType | undefined {
  const line = rows.map(toCartLine).find((candidate) => kindOf(candidate) === 'gift');
  return line ? getProduct(line.productCode).giftType : undefined;
}

/** The cart's gift, or undefined without one. */
export async function findCartGiftView(db: Executor, cart: CartRow | undefined): Promise<CartGiftView | undefined> {
  if (!cart) return undefined;
  const [rows, gift] = await Promise.all([listCartItems(db, cart.id), findCartGift(db, cart.id)]);
  const type = giftTypeOf(rows);
  return type && gift ? viewCartGift(type, gift) : undefined;
}

/**
 * Puts a gift in the cart, or changes what the cart's gift holds (§5): up to five areas or one
 * Complete bundle, and one gift per transaction, so a gift of the other type is refused. Every
 * check runs before anything is written; the change runs on the locked cart.
 */
export async function chooseGift(
  db: Database,
  cart: CartRow | undefined,
  userId: string | null,
  choice: GiftChoice,
): Promise<{ cart: CartRow; gift: CartGiftView }> {
  const checked = checkGiftContents(choice);
  if (!checked.ok) throw badRequest('GIFT_CONTENTS_NOT_ALLOWED', checked.message);
  const productCode = giftProductCodes[choice.type];
  return db.transaction(async (tx) => {
    const locked = cart ? await lockCart(tx, cart.id) : undefined;
    const open = locked?.status === 'open' ? locked : undefined;
    if (open && (await giftIsBeingPaid(tx, open.id))) throw conflict('GIFT_BEING_PAID', giftBeingPaidMessage);
    const rows = open ? await listCartItems(tx, open.id) : [];
    const other = rows.filter((row) => kindOf(toCartLine(row)) === 'gift' && row.productCode !== productCode);
    const allowed = canAddGift(other.length);
    if (!allowed.ok) throw conflict('GIFT_LIMIT', allowed.message);
    const target = open ?? (await createCart(tx, userId));
    if (!rows.some((row) => row.productCode === productCode)) {
      await addCartItem(tx, {
        cartId: target.id,
        productCode,
        testId: null,
        origin: null,
        frequency: null,
        quizResultId: null,
        quantity: 1,
      });
    }
    const saved = await saveCartGiftContents(tx, target.id, checked.contents);
    if (open) await touchCart(tx, target.id);
    return { cart: target, gift: viewCartGift(choice.type, saved) };
  });
}

/** The shop's today, where the delivery date is judged: New York's. */
export const shopToday = (now: Date) => dayIn(now);

/**
 * Saves the gift delivery form (§5) of the cart's gift: the form's schema has checked it; the
 * date is checked here against today, which needs the clock.
 */
export async function saveGiftDelivery(
  db: Database,
  cart: CartRow | undefined,
  delivery: GiftDelivery,
  now = new Date(),
): Promise<CartGiftView> {
  const date = checkDeliveryDate(delivery.deliveryDate, shopToday(now));
  if (!date.ok) throw badRequest('GIFT_DATE_NOT_ALLOWED', date.message);
  return db.transaction(async (tx) => {
    const locked = cart ? await lockCart(tx, cart.id) : undefined;
    if (locked?.status === 'open' && (await giftIsBeingPaid(tx, locked.id))) throw conflict('GIFT_BEING_PAID', giftBeingPaidMessage);
    const rows = locked?.status === 'open' ? await listCartItems(tx, locked.id) : [];
    const type = giftTypeOf(rows);
    const saved = type && locked ? await saveCartGiftDelivery(tx, locked.id, delivery) : undefined;
    if (!type || !saved) throw conflict('GIFT_NOT_IN_CART', noGiftMessage);
    await touchCart(tx, locked!.id);
    return viewCartGift(type, saved);
  });
}

const noGiftMessage = 'Your cart holds no gift yet. Please choose a gift first.';
const deliveryMissing = 'Please tell us who the gift is for and when to deliver it before you pay.';

/**
 * Placing the order of a cart with a gift: its delivery form must be there and still valid
 * (a date that was today when it was saved may be yesterday now). Throws a 400 that says what
 * to fix; runs before the order exists, so nothing is charged.
 */
export async function assertGiftReady(tx: Executor, cartId: string, now = new Date()): Promise<void> {
  const row = await findCartGift(tx, cartId);
  const view = row ? viewCartGift('one_off', row) : undefined;
  if (!row || !view?.delivery) throw badRequest('GIFT_DELIVERY_REQUIRED', deliveryMissing);
  const contents = checkGiftContents(
    row.contents.kind === 'complete' ? { areas: [], complete: true } : { areas: row.contents.areas, complete: false },
  );
  if (!contents.ok) throw badRequest('GIFT_CONTENTS_NOT_ALLOWED', contents.message);
  const form = giftDeliverySchema.safeParse(view.delivery);
  if (!form.success) throw badRequest('GIFT_DELIVERY_REQUIRED', form.error.issues[0]?.message ?? deliveryMissing);
  const date = checkDeliveryDate(form.data.deliveryDate, shopToday(now));
  if (!date.ok) throw badRequest('GIFT_DATE_NOT_ALLOWED', date.message);
}
