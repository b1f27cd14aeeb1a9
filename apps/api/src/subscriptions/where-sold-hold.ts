import { collectionRefusal, isMembership } from '@shop/core';
import type { Database } from '@shop/db';
import { subscriptionHeldEmail } from '../email/subscription-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import { findCollectionChoice, type OrderRow } from '../orders/repository.ts';
import type { SubscriptionRow } from './repository.ts';

/**
 * A test delivery is not charged nor sent where its kit (or lab) may no longer take the sample
 * (docs/decisions/0060-where-tests-are-sold.md): the member is told once per delivery, and the
 * subscription waits with no next delivery scheduled (nothing resumes it yet).
 */
export async function heldWhereNotSold(
  db: Database,
  input: { subscription: SubscriptionRow; order: OrderRow; sequence: number; accountUrl: string },
): Promise<boolean> {
  const { subscription, order, sequence } = input;
  if (isMembership(subscription.productCode)) return false;
  const collection = await findCollectionChoice(db, order.id);
  const refusal = collection ? collectionRefusal(collection.zipCode, collection.method === 'lab' ? 'lab' : 'home') : undefined;
  if (!refusal) return false;
  await enqueueEmail(
    db,
    subscriptionHeldEmail(order.email, subscription.title, refusal.message, input.accountUrl),
    `subscription-held:${subscription.id}:${sequence}`,
  );
  return true;
}
