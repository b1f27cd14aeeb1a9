import { findTest, formatMoney, getProduct, isProductCode, type CartTotals } from '@shop/core';
import { priceWithDiscounts, type PricingCustomer } from '../promotions/service.ts';
import type { Database, Executor } from '@shop/db';
import { badRequest, notFound } from '../errors.ts';
import { findQuizResult } from '../quiz/repository.ts';
import { addCartItem, createCart, findCart, listCartItems, removeCartItem, type CartRow } from './repository.ts';

export interface CartView extends CartTotals {
  id: string;
  couponCode: string | null;
  items: Array<CartTotals['lines'][number] & { id: string; unitPrice: string; lineTotal: string }>;
  display: { subtotal: string; discount: string; tax: string; shipping: string; total: string; deferred: string };
}

/** The open cart of a cookie, if it still is one (a cart becomes read-only once ordered). */
export async function findOpenCart(db: Executor, cartId: string | undefined, userId: string | null): Promise<CartRow | undefined> {
  if (!cartId) return undefined;
  const cart = await findCart(db, cartId);
  if (!cart || cart.status !== 'open') return undefined;
  // someone else's cart is not yours, whatever cookie you carry
  if (cart.userId && cart.userId !== userId) return undefined;
  return cart;
}

/** Who is looking at the cart: their discounts (a first order, a link's cookie) depend on it. */
export interface CartViewer {
  customer: PricingCustomer;
  attribution: string | null;
}

const anonymous: CartViewer = { customer: { id: null, email: null }, attribution: null };

export async function viewCart(db: Executor, cart: CartRow | undefined, viewer: CartViewer = anonymous): Promise<CartView> {
  const rows = cart ? await listCartItems(db, cart.id) : [];
  // priced exactly as the order will be: the same function, the same discounts
  const { totals } = await priceWithDiscounts(db, {
    lines: rows.map((row) => ({ productCode: assertCode(row.productCode), testId: row.testId, quantity: row.quantity })),
    couponCode: cart?.couponCode ?? null,
    attribution: viewer.attribution,
    customer: viewer.customer,
  });
  return {
    ...totals,
    id: cart?.id ?? '',
    couponCode: cart?.couponCode ?? null,
    items: totals.lines.map((line, index) => ({
      ...line,
      id: rows[index]!.id,
      unitPrice: formatMoney(line.unitPriceCents),
      lineTotal: formatMoney(line.lineTotalCents),
    })),
    display: {
      subtotal: formatMoney(totals.subtotalCents),
      discount: formatMoney(totals.discountCents),
      tax: formatMoney(totals.taxCents),
      shipping: totals.shippingCents === 0 ? 'Free' : formatMoney(totals.shippingCents),
      total: formatMoney(totals.totalCents),
      deferred: formatMoney(totals.deferredCents),
    },
  };
}

/** Products that are one starter test, so a cart line says which test it is. */
const testBearingProducts: ReadonlySet<string> = new Set(['base-quiz', 'base-improvement-plan-pay-upfront']);

export interface AddItemInput {
  productCode: string;
  testId?: number | undefined;
  quizResultId?: string | undefined;
}

export async function addItem(db: Database, cart: CartRow | undefined, userId: string | null, input: AddItemInput) {
  if (!isProductCode(input.productCode)) throw badRequest('UNKNOWN_PRODUCT', 'This product does not exist.');
  const product = getProduct(input.productCode);
  const carriesTest = testBearingProducts.has(product.code);
  let testId = carriesTest ? (input.testId ?? null) : null;
  if (input.quizResultId) {
    const result = await findQuizResult(db, input.quizResultId);
    if (!result) throw notFound('QUIZ_RESULT_NOT_FOUND', 'We could not find these quiz results.');
    if (carriesTest) testId = result.starterTestId;
  }
  if (carriesTest && testId === null) {
    throw badRequest('TEST_REQUIRED', 'Please choose which starter test you want.');
  }
  if (testId !== null && !findTest(testId)) throw badRequest('UNKNOWN_TEST', 'This test does not exist.');
  const target = cart ?? (await createCart(db, userId));
  await addCartItem(db, {
    cartId: target.id,
    productCode: product.code,
    testId,
    quizResultId: input.quizResultId ?? null,
    quantity: 1,
  });
  return target;
}

export async function removeItem(db: Database, cart: CartRow | undefined, itemId: string): Promise<void> {
  if (!cart || !(await removeCartItem(db, cart.id, itemId))) {
    throw notFound('CART_ITEM_NOT_FOUND', 'This item is no longer in your cart.');
  }
}

function assertCode(code: string) {
  if (!isProductCode(code)) throw new Error(`The cart holds an unknown product ${code}`);
  return code;
}
