import {
  coveredByLabel,
  coveredProgramProduct,
  describeCart,
  findGoal,
  formatMoney,
  getProduct,
  getTest,
  isCartLineOrigin,
  isDeliveryFrequency,
  isMembership,
  isProductCode,
  kindOf,
  maxQuantityOf,
  type CartDescription,
  type CartLine,
  type CartLineKind,
  type CartTotals,
  type DeliveryFrequency,
  type GiftType,
} from '@shop/core';
import { users, type Executor } from '@shop/db';
import { eq } from 'drizzle-orm';
import { baseDailyMemberOf } from '../promotions/membership.ts';
import { paidOrderCountOf, priceWithDiscounts, type PricingCustomer } from '../promotions/service.ts';
import { spendableBalanceOf } from '../store-credit/repository.ts';
import { coverOfLines, previewCartCover, type CartCover, type CoverPreview } from '../employer-cover/cover.ts';
import { findQuizGoalSlug, listCartItems, type CartItemRow, type CartRow } from './repository.ts';

type PricedLine = CartTotals['lines'][number];

export interface CartItemView extends PricedLine {
  id: string;
  kind: CartLineKind;
  frequency: DeliveryFrequency | null;
  maxQuantity: number;
  unitPrice: string;
  lineTotal: string;
  /** a struck-through price, formatted, when the catalog has one */
  compareAtPrice: string | null;
  /** one line under the title: when it is charged or how often it comes */
  note: string | null;
  /**
   * what an employer pays of this line, for the summary to show what the employee pays instead of
   * the list price: "Covered by {Employer}", and what is left to the employee (`due`)
   */
  covered: { label: string; cents: number; display: string; dueCents: number; due: string } | null;
}

export interface CartView extends CartTotals {
  id: string;
  /** the signed-in customer's store credit this cart would use: already taken off `totalCents` */
  storeCreditCents: number;
  /** the part of `discountCents` that is the Base Daily member's 5% off tests */
  memberDiscountCents: number;
  /** what the employee's employer pays of a covered cart: already taken off `totalCents` */
  cover: (CartCover & { display: string; programDisplay: string }) | null;
  /** why placing this covered cart's order would be refused (the employer's bank is short, the cover is used): the page says it first */
  coverRefusal: CoverPreview['refusal'];
  items: CartItemView[];
  itemCount: number;
  giftType: GiftType | null;
  display: CartDescription & {
    subtotal: string;
    discount: string;
    memberDiscount: string;
    codeDiscount: string;
    /** what the code's discount is, in the customer's words ("Maya's referral: 20% off your first order"); null without one */
    codeDiscountLabel: string | null;
    tax: string;
    shipping: string;
    total: string;
    deferred: string;
    storeCredit: string;
    couponCode: string | null;
  };
}

export function toCartLine(row: CartItemRow): CartLine {
  if (!isProductCode(row.productCode)) throw new Error(`The cart holds an unknown product ${row.productCode}`);
  return {
    id: row.id,
    productCode: row.productCode,
    testId: row.testId,
    origin: isCartLineOrigin(row.origin) ? row.origin : null,
    quantity: row.quantity,
    frequency: isDeliveryFrequency(row.frequency) ? row.frequency : null,
    quizResultId: row.quizResultId,
  };
}

const frequencyNotes: Record<DeliveryFrequency, string> = {
  monthly: 'Delivered and charged every month',
  quarterly: 'Delivered and charged every 3 months',
};

function noteOf(line: CartLine, priced: PricedLine): string | null {
  // a membership's frequency is implied: it renews, nothing is delivered
  if (isMembership(line.productCode)) return 'Charged every month, cancel any time';
  if (line.frequency) return frequencyNotes[line.frequency];
  if (priced.charge === 'on_results') return 'Billed when your results arrive';
  if (priced.charge === 'recurring') return 'Charged every month, cancel any time';
  return null;
}

/** A test bought beside the starter test, or for an area, is named by its test alone. */
function titleOf(line: CartLine, priced: PricedLine): string {
  if (line.productCode === 'base-quiz' && line.testId !== null && (line.origin === 'area' || line.origin === 'addon')) {
    return getTest(line.testId).title;
  }
  return priced.title;
}

/** Who is looking at the cart: their discounts (a first order, a link's cookie) depend on it. */
export interface CartViewer {
  customer: PricingCustomer;
  attribution: string | null;
}

const anonymous: CartViewer = { customer: { id: null, email: null }, attribution: null };

/**
 * The cart as every screen shows it: priced from the catalog, with its discounts, by the same
 * function that prices the order, and formatted here, once.
 */
/** What the caller has just read or written: the cart's lines and quiz results' goals, not read again. */
export interface KnownCartData {
  items?: CartItemRow[] | null;
  goalSlugs?: ReadonlyMap<string, string>;
}

export async function viewCart(
  db: Executor,
  cart: CartRow | undefined,
  viewer: CartViewer = anonymous,
  now = new Date(),
  known: KnownCartData = {},
): Promise<CartView> {
  const lines = (cart ? (known.items ?? (await listCartItems(db, cart.id))) : []).map(toCartLine);
  // a signed-in customer's paid orders (a first-order discount), Base Daily benefits and store credit, in one query
  const facts = viewer.customer.id ? await customerFacts(db, viewer.customer.id, now) : { paidOrders: 0, credit: 0, member: false };
  const { totals } = await priceWithDiscounts(db, {
    lines,
    couponCode: cart?.couponCode ?? null,
    attribution: viewer.attribution,
    customer: viewer.customer,
    now,
    paidOrderCount: facts.paidOrders,
    baseDailyMember: facts.member,
  });
  const starter = lines.find((line) => kindOf(line) === 'starter' && line.quizResultId);
  const goalSlug = starter?.quizResultId
    ? (known.goalSlugs?.get(starter.quizResultId) ?? (await findQuizGoalSlug(db, starter.quizResultId)))
    : undefined;
  const goal = goalSlug ? (findGoal(goalSlug)?.name ?? null) : null;
  const gift = lines.map((line) => getProduct(line.productCode).giftType).find(Boolean);
  // a preview: placing the order claims the cover and takes the credit for real, under their locks
  const { cover, refusal: coverRefusal } =
    cart && viewer.customer.id
      ? await previewCartCover(db, {
          cartId: cart.id,
          userId: viewer.customer.id,
          lines: totals.lines,
          dueCents: totals.totalCents,
          deferredCents: totals.deferredCents,
          now,
        })
      : { cover: null, refusal: null };
  const dueCents = totals.totalCents - (cover?.coveredCents ?? 0);
  const storeCreditCents = Math.max(0, Math.min(facts.credit, dueCents));
  const memberCents = totals.applied?.find((applied) => applied.source === 'base_daily')?.discountCents ?? 0;
  const totalCents = dueCents - storeCreditCents;
  // a program the employer covers is billed to nobody on results (decision 0051)
  const deferredCents = totals.deferredCents - (cover?.programCents ?? 0);
  const coveredOfLine = cover ? coverOfLines(totals.lines, cover) : [];
  return {
    ...totals,
    totalCents,
    deferredCents,
    storeCreditCents,
    memberDiscountCents: memberCents,
    cover: cover
      ? {
          employer: cover.employer,
          coveredCents: cover.coveredCents,
          programCents: cover.programCents,
          display: formatMoney(cover.coveredCents),
          programDisplay: formatMoney(cover.programCents),
        }
      : null,
    coverRefusal,
    id: cart?.id ?? '',
    items: totals.lines.map((priced, index) => {
      const line = lines[index]!;
      const compareAt = getProduct(line.productCode).compareAtCents;
      const coveredCents = coveredOfLine[index] ?? 0;
      const dueCents = priced.lineTotalCents - coveredCents;
      return {
        ...priced,
        title: titleOf(line, priced),
        id: line.id,
        kind: kindOf(line),
        frequency: line.frequency,
        maxQuantity: maxQuantityOf(line),
        unitPrice: formatMoney(priced.unitPriceCents),
        lineTotal: formatMoney(priced.lineTotalCents),
        compareAtPrice: compareAt ? formatMoney(compareAt * priced.quantity) : null,
        // the program the employer pays is billed to nobody on results
        note:
          cover && cover.programCents > 0 && line.productCode === coveredProgramProduct
            ? coveredByLabel(cover.employer)
            : noteOf(line, priced),
        covered:
          cover && coveredCents > 0
            ? {
                label: coveredByLabel(cover.employer),
                cents: coveredCents,
                display: formatMoney(coveredCents),
                dueCents,
                due: formatMoney(dueCents),
              }
            : null,
      };
    }),
    itemCount: lines.reduce((count, line) => count + line.quantity, 0),
    giftType: gift ?? null,
    display: {
      subtotal: formatMoney(totals.subtotalCents),
      discount: formatMoney(totals.discountCents),
      memberDiscount: formatMoney(memberCents),
      codeDiscount: formatMoney(totals.discountCents - memberCents),
      codeDiscountLabel: totals.applied?.find((applied) => applied.source !== 'base_daily')?.label ?? null,
      tax: formatMoney(totals.taxCents),
      shipping: totals.shippingCents === 0 ? 'Free' : formatMoney(totals.shippingCents),
      total: formatMoney(totalCents),
      deferred: formatMoney(deferredCents),
      storeCredit: formatMoney(storeCreditCents),
      couponCode: cart?.couponCode ?? null,
      ...describeCart(lines, goal, now),
    },
  };
}

async function customerFacts(db: Executor, userId: string, now: Date): Promise<{ paidOrders: number; credit: number; member: boolean }> {
  const [row] = await db
    .select({ paidOrders: paidOrderCountOf(userId), credit: spendableBalanceOf(userId), member: baseDailyMemberOf(userId, now) })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { paidOrders: 0, credit: 0, member: false };
}
