import { dayIn } from '@shop/core';
import { orders, type Database } from '@shop/db';
import { eq } from 'drizzle-orm';
import { giftRecipientEmail, giftSentEmail } from '../email/gift-templates.ts';
import type { SecretSealer } from '../email/sealed-secrets.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { hashGiftCode, mintGiftCode } from './code.ts';
import { lockGift, updateScheduledGift } from './repository.ts';

export interface GiftDeliveryDeps {
  db: Database;
  emailSecrets: SecretSealer;
  publicUrl: string;
  log: JobLog;
}

/** An order in these states gives nothing: its money went back. */
const withdrawn = new Set(['cancelled', 'refunded']);

/**
 * The queue's `gift.deliver`, on the gift's day: mints the code, keeps only its hash, and queues
 * the recipient's e-mail (with the code) and the purchaser's (without it), all in one transaction
 * on the locked gift, guarded by its status. A retried job finds the gift delivered and does
 * nothing; one that failed before committing minted nothing anyone saw. So there is one code,
 * and the e-mails that carry it are the ones queued with it.
 */
export function giftDeliverJob(deps: GiftDeliveryDeps): JobHandler<'gift.deliver'> {
  return async ({ giftId }, context) => {
    await deps.db.transaction(async (tx) => {
      const gift = await lockGift(tx, giftId);
      if (!gift || gift.status !== 'scheduled') return;
      const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, gift.orderId));
      if (!order || withdrawn.has(order.status)) {
        await updateScheduledGift(tx, gift.id, { status: 'cancelled' });
        deps.log.info({ giftId, orderStatus: order?.status ?? 'removed' }, 'gift not delivered: its order was withdrawn');
        return;
      }
      // the queue runs it on its day; a clock that disagrees waits for the day, with the retries
      if (gift.deliverOn > dayIn(context.now)) throw new Error(`gift ${giftId} is due on ${gift.deliverOn}`);

      const code = mintGiftCode();
      await updateScheduledGift(tx, gift.id, { status: 'delivered', codeHash: hashGiftCode(code), deliveredAt: new Date() });
      await enqueueEmail(
        tx,
        deps.emailSecrets.seal(
          giftRecipientEmail({
            to: gift.recipientEmail,
            recipientName: gift.recipientName,
            purchaserName: gift.purchaserName,
            type: gift.type === 'improvement_program' ? 'improvement_program' : 'one_off',
            contents: gift.contents,
            message: gift.message,
            code,
            publicUrl: deps.publicUrl,
          }),
        ),
        `gift-recipient:${gift.id}`,
      );
      await enqueueEmail(
        tx,
        giftSentEmail({
          to: gift.purchaserEmail,
          purchaserName: gift.purchaserName,
          recipientName: gift.recipientName,
          recipientEmail: gift.recipientEmail,
          deliverOn: gift.deliverOn,
        }),
        `gift-sent:${gift.id}`,
      );
    });
  };
}
