import { and, eq, isNull } from 'drizzle-orm';
import { orderKits, type Database } from '@shop/db';
import { conflict, notFound } from '../errors.ts';
import { lockKitOf } from './kit-failures-repository.ts';
import { lockOrder, recordKitStep } from './lifecycle-repository.ts';

/**
 * The member says a registered kit's sample is in the post: from then on a sample that never
 * reaches the lab is core's `sample_not_received` case (looked for at 7 days, replaced at 10). Said
 * twice, the first time stands.
 */
export async function markSampleSent(db: Database, orderId: string, kitSlug: string, actor: string) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
    const kit = await lockKitOf(tx, order.id, kitSlug);
    if (!kit) throw notFound('KIT_NOT_FOUND', 'This order has no such kit.');
    if (kit.status !== 'registered') {
      throw conflict(
        'KIT_STATE',
        kit.status === 'shipped'
          ? 'Register your kit with the code printed on it before you send your sample.'
          : 'The lab is not waiting for a sample from this kit.',
      );
    }
    if (kit.sampleSentAt) return kit;
    const [updated] = await tx
      .update(orderKits)
      .set({ sampleSentAt: new Date(), updatedAt: new Date() })
      .where(and(eq(orderKits.id, kit.id), isNull(orderKits.sampleSentAt)))
      .returning();
    await recordKitStep(tx, order, 'kit_sample_sent', actor, `${kit.title}: you sent your sample`);
    return updated ?? kit;
  });
}
