import type { Executor } from '@shop/db';
import { giftRedeemedEmail } from '../email/gift-templates.ts';
import { onEvent } from '../events/bus.ts';
import { enqueueEmail } from '../email/queue.ts';
import { findGift } from './repository.ts';

/**
 * Tells the purchaser their gift was redeemed (never which test was chosen: that is the
 * recipient's), in the transaction that records the redemption; its singleton key makes it one
 * e-mail per gift.
 */
export const tellPurchaserOfRedemption = onEvent({
  name: 'gifts.tell-purchaser',
  on: 'gift.redeemed',
  mode: 'in-transaction',
  handle: (tx, event) => notifyGiftRedeemed(tx, event.payload.giftId),
});

async function notifyGiftRedeemed(tx: Executor, giftId: string): Promise<void> {
  const gift = await findGift(tx, giftId);
  if (!gift) return;
  await enqueueEmail(
    tx,
    giftRedeemedEmail({ to: gift.purchaserEmail, purchaserName: gift.purchaserName, recipientName: gift.recipientName }),
    `gift-redeemed:${gift.id}`,
  );
}
