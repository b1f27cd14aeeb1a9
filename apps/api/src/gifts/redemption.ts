import {
  consentTexts,
  firstNameOf,
  formatMoney,
  giftRedemptionConsents,
  getProduct,
  giftMessages,
  giftOptions,
  isChoiceInGift,
  missingConsentMessage,
  missingConsents,
  normalizeGiftCode,
  offersProgramLater,
  redemptionEligibility,
  redemptionLines,
  stateOfZip,
  type GiftContents,
  type GiftRedemption,
  type GiftType,
} from '@shop/core';
import { orderConsents, type Database } from '@shop/db';
import { createCart } from '../cart/repository.ts';
import type { EventRecorder } from '../events/bus.ts';
import { markOrderPaid } from '../orders/paid.ts';
import type { OrderRow } from '../orders/repository.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { enqueueEmail } from '../email/queue.ts';
import { moveOrder } from '../orders/moves.ts';
import { hasMedicalProfile, insertCollectionChoice, insertFreeOrder } from '../orders/repository.ts';
import { hashGiftCode } from './code.ts';
import { giftRedemptionConfirmedEmail } from './redeemed-emails.ts';
import {
  findGiftByCodeHash,
  findOrderById,
  findOrderByIdempotencyKey,
  lockGiftByCodeHash,
  markGiftRedeemed,
  type GiftRow,
} from './redemption-repository.ts';

const PROGRAM_LATER = getProduct('improvement-program-later');
const giftTitles: Record<GiftType, string> = { one_off: 'Starter test', improvement_program: 'Starter test + Improvement Program' };

/** What the recipient sees of a gift before redeeming it: never who bought it beyond a first name. */
export function giftView(gift: Pick<GiftRow, 'type' | 'contents' | 'purchaserName' | 'message'>) {
  const type = gift.type as GiftType;
  return {
    type,
    title: giftTitles[type],
    from: firstNameOf(gift.purchaserName),
    message: gift.message || null,
    includesProgram: type === 'improvement_program',
    options: giftOptions(gift.contents as GiftContents),
    programLater: offersProgramLater(type) ? { productCode: PROGRAM_LATER.code, price: formatMoney(PROGRAM_LATER.priceCents) } : null,
  };
}

/** The canonical code's hash, or a 400 when what was typed cannot be a code. */
function codeHashOf(typed: string): string {
  const code = normalizeGiftCode(typed);
  if (!code) throw badRequest('GIFT_CODE_INVALID', typed.trim() === '' ? giftMessages.code : giftMessages.codeInvalid);
  return hashGiftCode(code);
}

const codeNotFound = () => notFound('GIFT_CODE_NOT_FOUND', giftMessages.codeNotFound);
const giftWithdrawn = () => conflict('GIFT_WITHDRAWN', giftMessages.giftWithdrawn);
/** A purchase refunded or cancelled after its gift was delivered: the money went back, so the gift goes too. */
const withdrawnStatuses = new Set(['cancelled', 'refunded']);
const codeRedeemed = () => conflict('GIFT_ALREADY_REDEEMED', giftMessages.codeRedeemed);

/** Checks a code as the recipient typed it: a delivered gift's contents, or why not. */
export async function checkGiftCode(db: Database, typed: string) {
  const gift = await findGiftByCodeHash(db, codeHashOf(typed));
  if (gift?.status === 'redeemed') throw codeRedeemed();
  if (!gift || gift.status !== 'delivered') throw codeNotFound();
  if (withdrawnStatuses.has((await findOrderById(db, gift.orderId))?.status ?? 'cancelled')) throw giftWithdrawn();
  return giftView(gift);
}

export interface RedeemInput {
  user: { id: string; email: string };
  redemption: GiftRedemption;
  idempotencyKey: string | undefined;
  publicUrl: string;
  /** the address the recipient redeems from, kept with their consent */
  ipAddress?: string | null;
}

/**
 * Redeems a gift, exactly once: the gift row is locked, and the $0 order is created, paid and
 * tied to the gift in one transaction; the gift's update is conditional on it still being
 * delivered. A retry by the same recipient (the same key, a double click, a lost answer) gets
 * the order it made; anyone else gets "already redeemed". The order then travels the normal
 * lifecycle: a home kit goes on to the medical profile, a partner lab to the collection choice.
 */
export async function redeemGift(
  { db, events }: { db: Database; events: EventRecorder },
  input: RedeemInput,
): Promise<{ order: OrderRow; created: boolean }> {
  const { user, redemption, idempotencyKey } = input;
  const codeHash = codeHashOf(redemption.code);
  if (idempotencyKey) {
    const earlier = await findOrderByIdempotencyKey(db, idempotencyKey);
    if (earlier && earlier.userId === user.id) return { order: earlier, created: false };
    if (earlier) throw conflict('IDEMPOTENCY_KEY_REUSED', 'This request was already used. Please reload the page and try again.');
  }
  const eligible = redemptionEligibility(
    { dateOfBirth: redemption.dateOfBirth, collection: redemption.collection, zipCode: redemption.shipping.zipCode },
    new Date(),
  );
  // a lab the specification refuses stays a 400; the person's age or state is a 422
  if (!eligible.ok) throw new AppError(eligible.code === 'LAB_NOT_AVAILABLE' ? 400 : 422, eligible.code, eligible.message);
  const missing = missingConsents(giftRedemptionConsents, redemption.consents);
  if (missing.length > 0) throw new AppError(422, 'CONSENT_REQUIRED', missingConsentMessage(missing));

  return db.transaction(async (tx) => {
    const gift = await lockGiftByCodeHash(tx, codeHash);
    if (gift?.status === 'redeemed') {
      // the same recipient again (a retry, a double click): their order; anyone else: refused
      const mine = gift.redeemedByUserId === user.id && gift.redeemedOrderId ? await findOrderById(tx, gift.redeemedOrderId) : undefined;
      if (mine) return { order: mine, created: false };
      throw codeRedeemed();
    }
    if (!gift || gift.status !== 'delivered') throw codeNotFound();
    if (withdrawnStatuses.has((await findOrderById(tx, gift.orderId))?.status ?? 'cancelled')) throw giftWithdrawn();
    const contents = gift.contents as GiftContents;
    if (!isChoiceInGift(contents, redemption.choice)) throw badRequest('GIFT_CHOICE_NOT_IN_GIFT', giftMessages.choiceNotInGift);

    const lines = redemptionLines(gift.type as GiftType, redemption.choice);
    const cart = await createCart(tx, user.id);
    const placed = await insertFreeOrder(tx, {
      userId: user.id,
      email: user.email,
      cartId: cart.id,
      idempotencyKey,
      lines,
      actor: user.id,
      reason: 'Gift redeemed',
      // the recipient lives where the kit is shipped (or the lab they chose is)
      testedState: stateOfZip(redemption.shipping.zipCode) ?? null,
    });
    if (!(await markGiftRedeemed(tx, gift.id, placed.id, user.id))) throw codeRedeemed();
    // the recipient's authorization, kept with their order as a checkout keeps its consents
    await tx.insert(orderConsents).values(
      giftRedemptionConsents.map((kind) => ({
        orderId: placed.id,
        userId: user.id,
        kind,
        version: consentTexts[kind].version,
        ipAddress: input.ipAddress ?? null,
      })),
    );
    // paid by the purchaser: the order enters the lifecycle as any paid order does
    let order = await markOrderPaid(tx, events, placed, user.id, 'gift');
    if (redemption.collection === 'home') {
      const { shipping } = redemption;
      await insertCollectionChoice(tx, {
        orderId: order.id,
        method: 'home',
        fullName: shipping.fullName,
        shippingAddress: shipping.shippingAddress,
        apartmentNumber: shipping.apartmentNumber || null,
        city: shipping.city,
        zipCode: shipping.zipCode,
      });
      const profileOnFile = await hasMedicalProfile(tx, user.id);
      order = await moveOrder(tx, order, { type: 'collection_chosen', method: 'home', profileOnFile }, user.id);
    }

    await events.record(tx, 'gift.redeemed', { giftId: gift.id, orderId: order.id, userId: user.id });
    await enqueueEmail(
      tx,
      giftRedemptionConfirmedEmail({
        to: user.email,
        purchaserFirstName: firstNameOf(gift.purchaserName),
        orderNumber: order.number,
        orderUrl: `${input.publicUrl}/account/orders/${order.id}`,
        testTitle: lines[0]!.title.replace(/ \(gift\)$/, ''),
      }),
      `gift-redemption-confirmed:${gift.id}`,
    );
    return { order, created: true };
  });
}
