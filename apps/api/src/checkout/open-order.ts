import { and, asc, eq, or, sql, type WithSubquery } from 'drizzle-orm';
import {
  consentsNeeded,
  consentTexts,
  dayOf,
  isMembership,
  kindOf,
  membershipMessages,
  missingConsentMessage,
  missingConsents,
} from '@shop/core';
import {
  cartItems,
  carts,
  orderEvents,
  orderConsents,
  orderItems,
  orders,
  paymentCustomers,
  payments,
  preparedQuery,
  sessions,
  timeOrderedId,
  users,
  valueLater,
  type Database,
  type Executor,
} from '@shop/db';
import type { PaymentGateway } from '../payments/port.ts';
import type { CartRow } from '../cart/repository.ts';
import { toCartLine } from '../cart/view.ts';
import { sessionUserColumns, type SessionUserRow } from '../auth/session-lookup.ts';
import { checkoutCollectRefusal, collectConsentGiven, requireCollectConsent, requireShareConsent } from '../health-consents/service.ts';
import { cartOfClientPayLink } from '../health-consents/order-sharing.ts';
import { AppError, conflict } from '../errors.ts';
import { recordRedemption } from '../promotions/repository.ts';
import { assertProgramAfterResultsAllowed } from '../programs/after-results.ts';
import { baseDailyMemberOf } from '../promotions/membership.ts';
import { paidOrderCountOf, priceWithDiscounts, typedCodeRefusal } from '../promotions/service.ts';
import { spendableBalanceOf } from '../store-credit/repository.ts';
import { planCreditFor, spendCredit } from '../store-credit/service.ts';
import { assertGiftReady } from '../gifts/cart-gift.ts';
import { recordOrderAttribution } from '../affiliates/attribution.ts';
import type { AttemptRow, OrderRow } from '../billing/attempts.ts';
import { cartHasCover, claimCartCover, recordCoveredOrder } from '../employer-cover/cover.ts';
import type { EventRecorder } from '../events/bus.ts';

export interface OpenOrderInput {
  user: { id: string; email: string };
  /** where what placing the order causes is recorded (a prepaid bank's draw below its low line, decision 0086) */
  events?: EventRecorder;
  cart: CartRow;
  /** the browser's key for this checkout; a double click or a retry sends the same one */
  idempotencyKey: string | undefined;
  /** the raw attribution cookie of the link the customer came through */
  attribution?: string | null;
  /** the customer accepted third-party scripts (their consent cookie): the purchase may be reported to the advertiser */
  adConsent?: boolean;
  /** the cart's order (or the key's) as read with the cart (`findCartWithOrder`); looked up when absent */
  knownOrder?: OrderRow | null;
  /**
   * a fee charged on a line of its own, after discounts (a clinic's fee on its pay link): fixed
   * when the order is created, never discounted or covered
   */
  fee?: { label: string; cents: number };
  /**
   * a clinic pays this order for its client (docs/decisions/0047-clinic-pays.md): priced from the
   * catalog alone, so the client's own benefits (Base Daily's discount, store credit, an employer's
   * cover) are neither given to the clinic nor spent on its order
   */
  paidByClinic?: boolean;
  /** where the person tested lives, as the sale rules checked it: the physician of record must be licensed there */
  testedState?: string | null;
  /**
   * the consents the customer gave at checkout and the address they gave them from: each one the
   * cart needs (core's `consentsNeeded`) is required, and recorded with the order. Absent on the
   * paths where the customer agrees to nothing at a checkout of their own (a clinic's order,
   * docs/decisions/0069-consents-the-api-records.md).
   */
  consents?: {
    given: readonly string[];
    ipAddress: string | null;
    /** the browser the consents were given from, kept with the consent to collect health data */
    userAgent?: string | null;
  };
  /**
   * the consents to share health data ticked with this order (a pay link's page sends only
   * these): an order that starts sharing needs its own, whatever door it comes in by, and records
   * it (docs/decisions/0081-consents-to-share-with-a-clinic-and-an-employer.md). The checkout's
   * `consents` count as well.
   */
  sharing?: {
    given: readonly string[];
    ipAddress: string | null;
    userAgent: string | null;
  };
}

/** The card to pay with: a new order is created with its first payment attempt already written. */
export interface FirstAttempt {
  gateway: PaymentGateway['name'];
  paymentMethod: string;
}

export interface OpenedOrder {
  order: OrderRow;
  /** the first attempt, when this call created the order and it has something to charge */
  attempt: AttemptRow | null;
  /**
   * whether the card is kept for charges without the customer (the program billed on results,
   * a test subscription's next deliveries); null when this call did not create the order
   */
  savesCard: boolean | null;
}

/**
 * The cart's order: created on the first attempt (pending payment, priced from the catalog on
 * the server) and found on every later one. One order per cart and per idempotency key is held
 * by unique keys, so racing requests all end at the same row.
 *
 * Store credit is taken off what is due now in the same transaction (`totalCents` is what the card
 * pays; the spend is in gift_card_entries), so one order means one spend.
 *
 * A new order with money to take gets its first payment attempt in the same transaction: nobody
 * else can see, let alone lock, the order before it commits, so the attempt is written under the
 * order's lock as every later one is (see `joinOrStartAttempt`), one transaction earlier.
 */
export async function openOrder(db: Database, input: OpenOrderInput, first?: FirstAttempt): Promise<OpenedOrder> {
  // a retry or a double click finds its order without opening a transaction
  const existing = input.knownOrder !== undefined ? ownOrder(input.knownOrder ?? undefined, input) : await findOrderOf(db, input);
  if (existing) return { order: existing, attempt: null, savesCard: null };

  return db.transaction(async (tx) => {
    // the cart's lines, the customer's paid orders (a first-order discount), Base Daily benefits,
    // store credit and whether an employer covers the cart, in one query
    const rows = await cartLinesWithBuyer(tx, { userId: input.user.id, cartId: input.cart.id, day: dayOf(new Date()) });
    if (rows.length === 0) throw conflict('CART_EMPTY', 'Your cart is empty.');
    const lines = rows.map((row) => toCartLine(row.item));
    // one membership at a time: a member's second one would charge them twice a month for the same thing
    if (rows[0]!.member && !input.paidByClinic && lines.some((line) => isMembership(line.productCode))) {
      throw conflict('ALREADY_A_MEMBER', membershipMessages.alreadyMember);
    }
    // the program after results: only on a starter test's results, and once (under the member's lock)
    await assertProgramAfterResultsAllowed(
      tx,
      input.user.id,
      lines.map((line) => line.productCode),
    );
    // a gift goes nowhere without its recipient and day: refused before the order exists
    if (lines.some((line) => kindOf(line) === 'gift')) await assertGiftReady(tx, input.cart.id);
    // the coupon row stays locked until this transaction ends: its usage limit holds under races
    const priced = await priceWithDiscounts(tx, {
      lines,
      paidOrderCount: rows[0]!.paidOrders,
      baseDailyMember: !input.paidByClinic && rows[0]!.member,
      couponCode: input.cart.couponCode,
      attribution: input.attribution ?? null,
      customer: { id: input.user.id, email: input.user.email },
      lockCoupon: true,
    });
    const refusal = typedCodeRefusal(priced);
    if (refusal) throw new AppError(409, refusal.code, refusal.message);
    const totals = priced.totals;
    // store credit pays what is due now, after discounts; the cards stay locked until this commits,
    // so a second checkout spending the same credit reads what this one leaves
    // an employer's cover pays its part first (under the enrollment's lock: one covered order per
    // employee and plan year), then store credit what is left
    const cover =
      input.paidByClinic || !rows[0]!.covered
        ? null
        : await claimCartCover(tx, {
            cartId: input.cart.id,
            userId: input.user.id,
            lines: totals.lines,
            dueCents: totals.totalCents,
            deferredCents: totals.deferredCents,
          });
    // what is charged later to the customer's card: the program, less what the employer covers
    const deferredCents = totals.deferredCents - (cover?.programCents ?? 0);
    const needed = input.consents ? consentsNeeded({ lines, deferredCents }) : [];
    const missing = input.consents ? missingConsents(needed, input.consents.given) : [];
    // refused before the order exists: the transaction undoes the cover's claim and the coupon's lock
    if (missing.length > 0) throw new AppError(422, 'CONSENT_REQUIRED', missingConsentMessage(missing));
    // a test's results are health data: collected only with its own consent, recorded here or held already
    if (input.consents && needed.includes('hipaa_authorization')) {
      await requireCollectConsent(
        tx,
        { userId: input.user.id, visitorId: null },
        collectConsentGiven(input.consents.given),
        {
          ipAddress: input.consents.ipAddress,
          userAgent: input.consents.userAgent ?? null,
        },
        checkoutCollectRefusal,
      );
    }
    // the sharing this order starts, each with its consent given now: the client's results and
    // progress with the clinic whose link this is; the employee's use of the cover with the employer
    const sharingGiven = [...(input.sharing?.given ?? []), ...(input.consents?.given ?? [])];
    const sharingOrigin = {
      ipAddress: input.sharing?.ipAddress ?? input.consents?.ipAddress ?? null,
      userAgent: input.sharing?.userAgent ?? input.consents?.userAgent ?? null,
    };
    if (rows[0]!.payLink) await requireShareConsent(tx, input.user.id, 'share_with_clinic', sharingGiven, sharingOrigin);
    if (cover) await requireShareConsent(tx, input.user.id, 'share_with_employer', sharingGiven, sharingOrigin);
    const feeCents = input.fee?.cents ?? 0;
    const dueCents = totals.totalCents + feeCents - (cover?.coveredCents ?? 0);
    const credit =
      !input.paidByClinic && rows[0]!.credit > 0 ? await planCreditFor(tx, input.user.id, dueCents) : { creditCents: 0, spends: [] };
    const [created] = await insertOrder(tx, {
      id: timeOrderedId(),
      userId: input.user.id,
      cartId: input.cart.id,
      idempotencyKey: input.idempotencyKey ?? null,
      email: input.user.email,
      status: 'pending_payment',
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      taxCents: totals.taxCents,
      shippingCents: totals.shippingCents,
      feeCents,
      feeLabel: feeCents > 0 ? input.fee!.label : null,
      totalCents: dueCents - credit.creditCents,
      // a program the employer covers is not billed to the customer on results: no card is kept for it
      deferredCents,
      appliedDiscounts: totals.applied ?? [],
      adConsent: input.adConsent ?? false,
      testedState: input.testedState ?? null,
    } satisfies NewOrder);
    if (!created) {
      // another request for the same cart or key won the race: answer with its order
      const winner = await findOrderOf(tx, input);
      if (!winner) throw new Error('order vanished after a conflict');
      return { order: winner, attempt: null, savesCard: null };
    }
    // priced lines keep the cart's order, so each one's frequency is its cart line's
    const frequencies = rows.map((row) => toCartLine(row.item).frequency);
    if (priced.coupon) {
      const couponDiscount = (totals.applied ?? []).find((applied) => applied.source === 'coupon' || applied.source === 'giveaway');
      await recordRedemption(tx, {
        couponId: priced.coupon.id,
        orderId: created.id,
        userId: input.user.id,
        discountCents: couponDiscount?.discountCents ?? 0,
      });
    }
    if (cover) await recordCoveredOrder(tx, created.id, cover, input.user.id, input.events);
    await spendCredit(tx, created.id, credit);
    if (priced.attribution) await recordOrderAttribution(tx, created.id, priced.attribution);
    const savesCard = created.deferredCents > 0 || frequencies.some((frequency) => frequency !== null);
    // a subscription paid in full by a discount still needs its card for the next deliveries
    const payable = created.totalCents > 0 || savesCard;

    // the order's lines, its consents and its first step are written by the statement that writes
    // its first attempt (or its first step): one round trip instead of four
    const placedLines = tx.$with('placed_lines').as(
      tx
        .insert(orderItems)
        .values(
          totals.lines.map((line, index) => ({
            id: timeOrderedId(),
            orderId: created.id,
            productCode: line.productCode,
            testId: line.testId,
            title: line.title,
            unitPriceCents: line.unitPriceCents,
            quantity: line.quantity,
            charge: line.charge,
            frequency: line.charge === 'recurring' ? (frequencies[index] ?? null) : null,
          })),
        )
        .returning({ id: orderItems.id }),
    );
    const firstStep = {
      id: timeOrderedId(),
      orderId: created.id,
      event: 'order_placed',
      fromStatus: null,
      toStatus: 'pending_payment',
      actor: input.user.id,
    };
    // each consent with the version of the words shown, the time and the address: the proof kept
    // with the order, written by the same statement
    // (a drizzle insert takes at least one row: none is written for a cart that needs none)
    const placedConsents =
      needed.length > 0 &&
      tx.$with('placed_consents').as(
        tx
          .insert(orderConsents)
          .values(
            needed.map((kind) => ({
              orderId: created.id,
              userId: input.user.id,
              kind,
              version: consentTexts[kind].version,
              ipAddress: input.consents?.ipAddress ?? null,
            })),
          )
          .returning({ id: orderConsents.id }),
      );
    const alongside = placedConsents ? [placedLines, placedConsents] : [placedLines];
    if (!first || !payable) {
      await tx
        .with(...alongside)
        .insert(orderEvents)
        .values(firstStep);
      return { order: created, attempt: null, savesCard };
    }
    const placedStep = tx.$with('placed_step').as(tx.insert(orderEvents).values(firstStep).returning({ id: orderEvents.id }));
    const attempt = await startFirstAttempt(tx, created, first, [...alongside, placedStep]);
    return { order: created, attempt, savesCard };
  });
}

/**
 * The cart's lines with what prices them for this customer: their paid orders (a first-order
 * discount), Base Daily benefits on the day, store credit, whether an employer covers the cart
 * and whether a clinic's pay link made it. Read by every new order, so built once.
 */
const cartLinesWithBuyer = preparedQuery((tx) => {
  const userId = sql.placeholder('userId');
  const cartId = sql.placeholder('cartId');
  return tx
    .select({
      item: cartItems,
      paidOrders: paidOrderCountOf(userId),
      member: baseDailyMemberOf(userId, sql.placeholder('day')),
      credit: spendableBalanceOf(userId),
      covered: cartHasCover(cartId),
      payLink: cartOfClientPayLink(cartId),
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare('cart_lines_with_buyer');
});

/** The columns a new order is written with; the others take their defaults. */
const newOrderColumns = [
  'id',
  'userId',
  'cartId',
  'idempotencyKey',
  'email',
  'status',
  'subtotalCents',
  'discountCents',
  'taxCents',
  'shippingCents',
  'feeCents',
  'feeLabel',
  'totalCents',
  'deferredCents',
  'appliedDiscounts',
  'adConsent',
  'testedState',
] as const;
type NewOrder = Required<Pick<typeof orders.$inferInsert, (typeof newOrderColumns)[number]>>;

/**
 * The new order, or nothing when another request for the same cart or key wrote it first (its
 * unique keys): built once, each column's value encoded by the column when it is given.
 */
const insertOrder = preparedQuery((tx) =>
  tx
    .insert(orders)
    .values(Object.fromEntries(newOrderColumns.map((column) => [column, valueLater(column)])) as NewOrder)
    .onConflictDoNothing()
    .returning()
    .prepare('insert_order'),
);

/**
 * The first checkout attempt of an order created in this transaction (so no other exists), in
 * one statement with the order's other first rows (`alongside`, written as its WITH queries).
 */
async function startFirstAttempt(tx: Executor, order: OrderRow, first: FirstAttempt, alongside: WithSubquery[]): Promise<AttemptRow> {
  // the customer the gateway knows from an earlier order, read in the same statement
  const customerId = sql<string | null>`(select ${paymentCustomers.customerId} from ${paymentCustomers} where ${and(
    eq(paymentCustomers.userId, order.userId),
    eq(paymentCustomers.gateway, first.gateway),
  )})`;
  const [attempt] = await tx
    .with(...alongside)
    .insert(payments)
    .values({
      id: timeOrderedId(),
      orderId: order.id,
      purpose: 'checkout',
      gateway: first.gateway,
      provider: first.gateway,
      attemptKey: `checkout:${order.id}:1`,
      paymentMethod: first.paymentMethod,
      customerId,
      amountCents: order.totalCents,
      status: 'started',
    })
    .returning();
  return attempt!;
}

/** The order of the cart, or else of the idempotency key: one query on two unique indexes. */
async function findOrderOf(tx: Executor, input: OpenOrderInput): Promise<OrderRow | undefined> {
  const key = input.idempotencyKey;
  const rows = await tx
    .select()
    .from(orders)
    .where(key ? or(eq(orders.cartId, input.cart.id), eq(orders.idempotencyKey, key)) : eq(orders.cartId, input.cart.id));
  return ownOrder(preferCart(rows, input.cart.id), input);
}

/** The cart's own order first: a key reused on another cart comes second. */
const preferCart = (rows: OrderRow[], cartId: string) => rows.find((row) => row.cartId === cartId) ?? rows[0];

function ownOrder(found: OrderRow | undefined, input: OpenOrderInput): OrderRow | undefined {
  if (found && found.userId !== input.user.id) throw conflict('CART_TAKEN', 'This cart was already ordered from another account.');
  return found;
}

/**
 * The cart and its order or the idempotency key's (a missing key, null, matches no order): the
 * first statement of every place order, built once.
 */
const cartWithOrder = preparedQuery((db) =>
  db
    .select({ cart: carts, order: orders })
    .from(carts)
    .leftJoin(orders, or(eq(orders.cartId, carts.id), eq(orders.idempotencyKey, sql.placeholder('key'))))
    .where(eq(carts.id, sql.placeholder('cartId')))
    .prepare('cart_with_order'),
);

export interface CartWithOrder {
  cart: CartRow;
  order: OrderRow | null;
}

/**
 * The cart and its order (or the order of the idempotency key) in one query: what place order
 * reads first, to answer a retry at once and to check whose cart it is.
 */
export async function findCartWithOrder(db: Executor, cartId: string, key: string | undefined): Promise<CartWithOrder | undefined> {
  return cartAndOrderOf(await cartWithOrder(db, { cartId, key: key ?? null }), cartId);
}

/**
 * The session of a token with its user, and `findCartWithOrder`'s cart and order, in one
 * statement: place order asks who is signed in and reads their cart in a single round trip
 * (see `requireUserWith`). No session, no row; a session without the cart, the session alone.
 */
const sessionCartWithOrder = preparedQuery((db) =>
  db
    .select({ session: sessionUserColumns, cart: carts, order: orders })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(carts, eq(carts.id, sql.placeholder('cartId')))
    .leftJoin(orders, or(eq(orders.cartId, carts.id), eq(orders.idempotencyKey, sql.placeholder('key'))))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_cart_with_order'),
);

export async function findSessionCartWithOrder(
  db: Executor,
  token: string,
  cartId: string | undefined,
  key: string | undefined,
): Promise<{ session: SessionUserRow | undefined; found: CartWithOrder | undefined }> {
  const rows = await sessionCartWithOrder(db, { token, cartId: cartId ?? null, key: key ?? null });
  const withCart = rows.flatMap(({ cart, order }) => (cart ? [{ cart, order }] : []));
  return { session: rows[0]?.session, found: cartId ? cartAndOrderOf(withCart, cartId) : undefined };
}

function cartAndOrderOf(rows: { cart: CartRow; order: OrderRow | null }[], cartId: string): CartWithOrder | undefined {
  const first = rows[0];
  if (!first) return undefined;
  const found = rows.flatMap((row) => (row.order ? [row.order] : []));
  return { cart: first.cart, order: preferCart(found, cartId) ?? null };
}
