import type { Executor } from '@shop/db';
import { giftRedeemedEmail } from '../email/gift-templates.ts';
import { enqueueEmail } from '../jobs/queue.ts';
import { findGift } from './repository.ts';

/**
 * For the redemption: tells the purchaser their gift was redeemed. Call it in the transaction
 * that records the redemption, so the e-mail goes out exactly when it commits; its singleton key
 * makes it one e-mail per gift.
 */
export async function notifyGiftRedeemed(tx: Executor, giftId: string): Promise<void> {
  const gift = await findGift(tx, giftId);
  if (!gift) return;
  await enqueueEmail(
    tx,
    giftRedeemedEmail({ to: gift.purchaserEmail, purchaserName: gift.purchaserName, recipientName: gift.recipientName }),
    `gift-redeemed:${gift.id}`,
  );
}
