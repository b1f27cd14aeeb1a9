import {
  collectionMethodLabels,
  customerStatusLabel,
  firstNameOf,
  getProduct,
  offersProgramLater,
  type GiftType,
  formatMoney,
  type CollectionChoice,
  type NextStepContext,
  type OrderStatus,
  memberCancelVerdict,
  type KitStatus,
} from '@shop/core';
import type { Database } from '@shop/db';
import type { SessionUser } from '../auth/auth.ts';
import { orderTeamRoles } from '../auth/session.ts';
import { moveOrder } from './moves.ts';
import { findGiftRedeemedBy } from './gift-view.ts';
import { creditUsedBy } from '../store-credit/repository.ts';
import { listKits } from './lifecycle-repository.ts';
import { heldKitsOf, withHeldResults } from './held-results-view.ts';
import { physicianOfRecord, type PhysicianOfRecord } from '../clinicians/physician.ts';
import { coverOfOrder } from '../employer-cover/cover.ts';
import { coverParts, coveredView } from './covered.ts';
import { kitView, nextStepOf } from './lifecycle-views.ts';
import { giftNextStep, orderGiftView, type GiftRow } from './gift-view.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { assertChoiceCollectable, collectionChoiceRow } from './collection-choice.ts';
import {
  findCollectionChoice,
  findOrder,
  hasMedicalProfile,
  holdsProductNeedingSample,
  insertCollectionChoice,
  labReviewStagesOf,
  loadOrderDetails,
  type OrderRow,
} from './repository.ts';

/** An order is read by its customer and by the team who run orders (not health coaches); to anyone else it does not exist. */
export async function getVisibleOrder(db: Database, user: SessionUser, orderId: string): Promise<OrderRow> {
  const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await findOrder(db, orderId) : undefined;
  const isStaff = (orderTeamRoles as readonly string[]).includes(user.role ?? '');
  if (!order || (order.userId !== user.id && !isStaff)) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
  return order;
}

/** `context` is what the order's status alone does not tell: where its nutritional plan stands. */
export function summarizeOrder(order: OrderRow, context: NextStepContext = {}) {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    statusLabel: customerStatusLabel(order.status as OrderStatus, context) ?? order.status,
    email: order.email,
    total: formatMoney(order.totalCents),
    totalCents: order.totalCents,
    createdAt: order.createdAt.toISOString(),
    /** the clinic that paid the order for its client, in the client's own views (orders/paid-by-clinic.ts) */
    paidBy: null as string | null,
  };
}

const PROGRAM_LATER = getProduct('improvement-program-later');

export async function describeOrder(db: Database, order: OrderRow) {
  const [details, kits, credit, redeemed, labReviews, held, physician, cover] = await Promise.all([
    loadOrderDetails(db, order.id),
    listKits(db, order.id),
    creditUsedBy(db, order.id),
    findGiftRedeemedBy(db, order.id),
    labReviewStagesOf(db, [order.id]),
    heldKitsOf(db, order.id),
    physicianOfRecord(db, order.id),
    coverOfOrder(db, order.id),
  ]);
  const context: NextStepContext = { labReview: labReviews.get(order.id) };
  const closed = order.status === 'cancelled' || order.status === 'refunded';
  const view = {
    ...summarizeOrder(order, context),
    subtotal: formatMoney(order.subtotalCents),
    discount: formatMoney(order.discountCents),
    tax: formatMoney(order.taxCents),
    shipping: order.shippingCents === 0 ? 'Free' : formatMoney(order.shippingCents),
    // a clinic's fee, on a line of its own: part of the total
    fee: order.feeCents > 0 && order.feeLabel ? { label: order.feeLabel, amount: formatMoney(order.feeCents) } : null,
    deferred: formatMoney(order.deferredCents),
    // what store credit paid, shown as its own line between the discount and the total
    storeCredit: credit.spentCents > 0 ? formatMoney(credit.spentCents) : null,
    storeCreditReturned: credit.returnedCents > 0 ? formatMoney(credit.returnedCents) : null,
    // what the employee's employer pays of a covered order, on its own line before the total
    coveredBy: cover ? coveredView(coverParts(cover, details.items, order.deferredCents)) : null,
    // an order that redeemed a gift: from whom (a first name), and for a one-off gift the program offered later
    redeemedGift: redeemed
      ? {
          type: redeemed.type as GiftType,
          from: firstNameOf(redeemed.purchaserName),
          programLater:
            offersProgramLater(redeemed.type as GiftType) && !closed
              ? { productCode: PROGRAM_LATER.code, price: formatMoney(PROGRAM_LATER.priceCents) }
              : null,
        }
      : null,
    items: details.items.map((item) => ({
      productCode: item.productCode,
      title: item.title,
      quantity: item.quantity,
      unitPrice: formatMoney(item.unitPriceCents),
      charge: item.charge,
    })),
    payments: details.payments.map((payment) => ({
      status: payment.status,
      amount: formatMoney(payment.amountCents),
      card: payment.cardLast4 ? `${payment.cardBrand ?? 'card'} •••• ${payment.cardLast4}` : null,
      createdAt: payment.createdAt.toISOString(),
    })),
    collection: details.collection
      ? {
          method: details.collection.method as 'home' | 'lab',
          label: collectionMethodLabels[details.collection.method as 'home' | 'lab'],
          zipCode: details.collection.zipCode,
          city: details.collection.city,
          labLocationId: details.collection.labLocationId,
          lab: details.lab,
          // the paper the lab draws the sample against, while the order waits at the lab
          requisitionReady: details.collection.method === 'lab' && order.status === 'lab_order_sent',
        }
      : null,
    timeline: details.timeline.map((event) => ({
      event: event.event,
      status: event.toStatus,
      at: event.createdAt.toISOString(),
      reason: event.reason,
    })),
    kits: kits.map(kitView),
    gift: details.gift ? orderGiftView(details.gift) : null,
    physician: physician ? physicianView(physician) : null,
    nextStep: nextStepWithGift(nextStepOf(order, kits, details.items, context), order, details.gift),
    // the member may cancel it in their account for a full refund: before anything shipped, and
    // only what they paid (a gift's or a covered order's $0 goes through support)
    selfCancel:
      (order.totalCents > 0 || credit.spentCents > credit.returnedCents) &&
      memberCancelVerdict(
        order.status as OrderStatus,
        kits.map((kit) => kit.status as KitStatus),
      ).ok,
  };
  // results a clinician holds: the kit and the next step say so (decision record 0065)
  return withHeldResults(view, held);
}

/** The physician of record as the order's pages name them. */
function physicianView(physician: PhysicianOfRecord) {
  return { ...physician, approvedAt: physician.approvedAt.toISOString() };
}

/**
 * An order that is only a gift stays paid, and core can only say a gift is on its way: the gift
 * itself says when it goes out and whether it was redeemed.
 */
function nextStepWithGift(step: ReturnType<typeof nextStepOf>, order: OrderRow, gift: GiftRow | undefined) {
  return gift && order.status === 'paid' && step.kind === 'none' ? giftNextStep(gift) : step;
}

const NO_SAMPLE_NEEDED = 'Nothing in this order needs a sample, so there is no home kit or lab to choose.';

export function lockedChoiceMessage(method: 'home' | 'lab'): string {
  return `You have selected: ${collectionMethodLabels[method]}. This choice can only be changed by messaging support.`;
}

/** Home kit or lab, chosen once: the row's primary key is the lock, whatever races. */
export async function chooseCollection(db: Database, order: OrderRow, choice: CollectionChoice, actor: string) {
  const existing = await findCollectionChoice(db, order.id);
  if (existing) throw conflict('COLLECTION_ALREADY_CHOSEN', lockedChoiceMessage(existing.method as 'home' | 'lab'));
  if (order.status !== 'paid' && order.status !== 'collection_pending') {
    throw conflict('ORDER_STATE', 'This order is not waiting for a collection choice.');
  }
  // a paid order with nothing to collect stays paid, which the state machine would let through
  if (!(await holdsProductNeedingSample(db, order.id))) {
    throw conflict('NO_SAMPLE_NEEDED', NO_SAMPLE_NEEDED);
  }
  await assertChoiceCollectable(db, choice);
  return db.transaction(async (tx) => {
    const inserted = await insertCollectionChoice(tx, collectionChoiceRow(order.id, choice));
    if (!inserted) {
      throw new AppError(409, 'COLLECTION_ALREADY_CHOSEN', lockedChoiceMessage(choice.method));
    }
    // read in the transaction: a profile saved since releases this order here, or its save releases it
    const profileOnFile = await hasMedicalProfile(tx, order.userId);
    return moveOrder(tx, order, { type: 'collection_chosen', method: choice.method, profileOnFile }, actor);
  });
}
