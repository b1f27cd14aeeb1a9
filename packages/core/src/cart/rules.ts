import {
  deliveryFrequencyIntervals,
  findTest,
  frequencyOfInterval,
  getProduct,
  isProductCode,
  type DeliveryFrequency,
  type ProductCode,
} from '../catalog/index.ts';
import { isMembership } from '../subscriptions/membership.ts';
import { MAX_QUANTITY } from './pricing.ts';

/**
 * The cart's rules, pure: what a line is, what may be added, and what an addition replaces.
 * The API's cart service applies them inside its transaction; nothing here reads a database.
 */

/** Where a starter-priced test line came from: the quiz, an area page, or the add-on test page. */
export const cartLineOrigins = ['quiz', 'area', 'addon'] as const;
export type CartLineOrigin = (typeof cartLineOrigins)[number];

export const deliveryFrequencies = Object.keys(deliveryFrequencyIntervals) as DeliveryFrequency[];

/**
 * - starter: the quiz's starter test (alone or with the program paid upfront)
 * - starter-extra: what only exists with a starter test: the program billed on results, fast-track
 * - area: a test chosen for an area outside the quiz, once or as a subscription
 * - complete: the Complete bundle, with or without its program
 * - addon: a test or service bought beside the rest
 * - gift: a gift card
 */
export type CartLineKind = 'starter' | 'starter-extra' | 'area' | 'complete' | 'addon' | 'gift';

export interface CartLine {
  id: string;
  productCode: ProductCode;
  testId: number | null;
  origin: CartLineOrigin | null;
  quantity: number;
  frequency: DeliveryFrequency | null;
  quizResultId: string | null;
}

/** A request to add a line, already checked by checkAddRequest. */
export interface CartAddition {
  productCode: ProductCode;
  testId: number | null;
  origin: CartLineOrigin | null;
  quantity: number;
  frequency: DeliveryFrequency | null;
}

export interface CartRuleError {
  status: 400 | 409;
  code: string;
  message: string;
}

export const cartMessages = {
  unknownProduct: 'This product does not exist.',
  unknownTest: 'This test does not exist.',
  testRequired: 'Please choose which test you want.',
  quantity: `Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`,
  singleQuantity: 'This item can only be bought once per order.',
  frequencyRequired: 'Please choose a delivery frequency: monthly or quarterly.',
  frequencyNotAllowed: 'Only a test subscription has a delivery frequency.',
  originNotAllowed: 'Only a single test can be added from an area or as an add-on.',
  starterRequired: 'Add a starter test to your cart first: this builds on it.',
  giftLimit: 'One gift card purchase per transaction.',
  alreadyInCart: 'This test is already in your cart.',
  needsConfirmation: 'Adding this replaces the starter test from your quiz.',
} as const;

/** Products that stand for one lab test, so their line says which. */
const testProducts: ReadonlySet<ProductCode> = new Set(['base-quiz', 'base-improvement-plan-pay-upfront', 'base-monitor']);
const starterExtras: ReadonlySet<ProductCode> = new Set(['base-improvement-plan', 'fast-track']);
const completeProducts: ReadonlySet<ProductCode> = new Set([
  'base-complete',
  'base-complete-improvement-plan',
  'base-complete-improvement-plan-pay-upfront',
]);

export function carriesTest(code: ProductCode): boolean {
  return testProducts.has(code);
}

export function kindOf(line: Pick<CartLine, 'productCode' | 'origin'>): CartLineKind {
  const { productCode } = line;
  if (productCode === 'base-quiz') {
    if (line.origin === 'area') return 'area';
    if (line.origin === 'addon') return 'addon';
    return 'starter';
  }
  if (productCode === 'base-improvement-plan-pay-upfront') return 'starter';
  if (starterExtras.has(productCode)) return 'starter-extra';
  if (productCode === 'base-monitor') return 'area';
  if (completeProducts.has(productCode)) return 'complete';
  if (getProduct(productCode).type === 'gift') return 'gift';
  return 'addon';
}

/**
 * The personal starter test is one per order: it is the buyer's own test, the one their program
 * follows (more people are more gifts, or tests added for others). So are fast-track, the program
 * billed on results and the one bought after them, gifts and the Base Daily membership; the rest
 * up to MAX_QUANTITY.
 */
export function maxQuantityOf(line: Pick<CartLine, 'productCode' | 'origin'>): number {
  const kind = kindOf(line);
  // the program after results is one program, on one starter test's results
  const single =
    kind === 'starter' || kind === 'starter-extra' || kind === 'gift' || line.productCode === 'improvement-program-after-results';
  return single || isMembership(line.productCode) ? 1 : MAX_QUANTITY;
}

/**
 * How often a recurring product comes back: the customer picks it for a test subscription; a
 * product with a fixed interval (Base Daily, monthly) has it implied, so its line carries it too
 * and the order's payment starts its subscription like any other.
 */
function frequencyOf(productCode: ProductCode, requested: DeliveryFrequency | undefined): DeliveryFrequency | null | CartRuleError {
  const bad = (message: string, code: string): CartRuleError => ({ status: 400, code, message });
  const product = getProduct(productCode);
  if (product.intervals) return requested ?? bad(cartMessages.frequencyRequired, 'FREQUENCY_REQUIRED');
  const fixed = product.interval ? frequencyOfInterval(product.interval) : null;
  if (requested && requested !== fixed) return bad(cartMessages.frequencyNotAllowed, 'FREQUENCY_NOT_ALLOWED');
  return fixed;
}

export function isValidQuantity(value: unknown, max = MAX_QUANTITY): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
}

export interface AddRequestInput {
  productCode: string;
  testId?: number | undefined;
  origin?: CartLineOrigin | undefined;
  quantity?: number | undefined;
  frequency?: DeliveryFrequency | undefined;
}

/** Checks a request on its own, before any cart is read: every failure here is a 400. */
export function checkAddRequest(input: AddRequestInput): CartAddition | CartRuleError {
  const bad = (message: string, code: string): CartRuleError => ({ status: 400, code, message });
  if (!isProductCode(input.productCode)) return bad(cartMessages.unknownProduct, 'UNKNOWN_PRODUCT');
  const productCode = input.productCode;
  if (input.testId !== undefined && !findTest(input.testId)) return bad(cartMessages.unknownTest, 'UNKNOWN_TEST');
  const withTest = carriesTest(productCode);
  // a test id sent with a product that is not one test is ignored: the quiz page sends it with every product
  const testId = withTest ? (input.testId ?? null) : null;
  if (withTest && testId === null) return bad(cartMessages.testRequired, 'TEST_REQUIRED');
  if (input.origin && input.origin !== 'quiz' && productCode !== 'base-quiz')
    return bad(cartMessages.originNotAllowed, 'ORIGIN_NOT_ALLOWED');
  const origin = productCode === 'base-quiz' ? (input.origin ?? 'quiz') : null;
  const kind = kindOf({ productCode, origin });
  const quantity = input.quantity ?? 1;
  if (!isValidQuantity(quantity)) return bad(cartMessages.quantity, 'INVALID_QUANTITY');
  if (quantity > maxQuantityOf({ productCode, origin }))
    return bad(kind === 'gift' ? cartMessages.giftLimit : cartMessages.singleQuantity, 'INVALID_QUANTITY');
  const frequency = frequencyOf(productCode, input.frequency);
  if (isCartRuleError(frequency)) return frequency;
  return { productCode, testId, origin, quantity, frequency };
}

export function isCartRuleError(value: unknown): value is CartRuleError {
  return typeof value === 'object' && value !== null && 'code' in value && 'status' in value;
}

export type AddDecision =
  /** add the line (or update the same line), after removing `replaces` */
  | { outcome: 'add'; replaces: CartLine[]; existing: CartLine | undefined }
  /** the customer must confirm first: `replaces` would leave the cart */
  | { outcome: 'confirm'; replaces: CartLine[] }
  | { outcome: 'rejected'; error: CartRuleError };

/**
 * What adding a line does to a cart. An area test or the Complete bundle takes the place of the
 * quiz's starter test (and of what builds on it), but only once the customer has confirmed.
 */
export function decideAdd(lines: readonly CartLine[], addition: CartAddition, confirmReplace: boolean): AddDecision {
  const kind = kindOf(addition);
  const reject = (error: CartRuleError): AddDecision => ({ outcome: 'rejected', error });
  const starters = lines.filter((line) => kindOf(line) === 'starter');

  if (kind === 'starter-extra' && starters.length === 0) {
    return reject({ status: 409, code: 'STARTER_TEST_REQUIRED', message: cartMessages.starterRequired });
  }
  if (kind === 'gift' && lines.some((line) => kindOf(line) === 'gift' && line.productCode !== addition.productCode)) {
    return reject({ status: 409, code: 'GIFT_LIMIT', message: cartMessages.giftLimit });
  }

  let replaces: CartLine[] = [];
  if ((kind === 'area' || kind === 'complete') && starters.length > 0) {
    replaces = lines.filter((line) => {
      const lineKind = kindOf(line);
      return lineKind === 'starter' || lineKind === 'starter-extra';
    });
    if (!confirmReplace) return { outcome: 'confirm', replaces };
  }

  const remaining = lines.filter((line) => !replaces.includes(line));
  const existing = remaining.find((line) => line.productCode === addition.productCode && line.testId === addition.testId);
  if (existing && kindOf(existing) !== kind) {
    return reject({ status: 409, code: 'ALREADY_IN_CART', message: cartMessages.alreadyInCart });
  }
  return { outcome: 'add', replaces, existing };
}

/** The lines that go with a removed one: without a starter test, its program and fast-track go too. */
export function linesRemovedWith(lines: readonly CartLine[], removed: CartLine): CartLine[] {
  if (kindOf(removed) !== 'starter') return [removed];
  const starterLeft = lines.some((line) => line.id !== removed.id && kindOf(line) === 'starter');
  if (starterLeft) return [removed];
  return [removed, ...lines.filter((line) => kindOf(line) === 'starter-extra')];
}

export function isDeliveryFrequency(value: unknown): value is DeliveryFrequency {
  return typeof value === 'string' && (deliveryFrequencies as string[]).includes(value);
}

export function isCartLineOrigin(value: unknown): value is CartLineOrigin {
  return typeof value === 'string' && (cartLineOrigins as readonly string[]).includes(value);
}
