import type { CollectionChoice } from '@shop/core';
import type { collectionChoices, Executor } from '@shop/db';
import { badRequest } from '../errors.ts';
import { assertCollectableAt } from '../sale-rules/where-sold.ts';
import { findLabLocation } from './repository.ts';

/**
 * Refuses a choice whose sample cannot be taken where it says: the home kit's address, or the lab
 * searched near and the lab itself, which must be one of the list.
 */
export async function assertChoiceCollectable(db: Executor, choice: CollectionChoice): Promise<void> {
  assertCollectableAt(choice.zipCode, choice.method);
  if (choice.method === 'lab') {
    const lab = await findLabLocation(db, choice.labLocationId);
    if (!lab) throw badRequest('UNKNOWN_LAB', 'Please choose a lab from the list.');
    assertCollectableAt(lab.zipCode, 'lab');
  }
}

/** The order's collection choice as it is stored: the home kit's address, or the lab. */
export function collectionChoiceRow(orderId: string, choice: CollectionChoice): typeof collectionChoices.$inferInsert {
  return {
    orderId,
    method: choice.method,
    zipCode: choice.zipCode,
    ...(choice.method === 'home'
      ? {
          fullName: choice.fullName,
          shippingAddress: choice.shippingAddress,
          apartmentNumber: choice.apartmentNumber || null,
          city: choice.city,
          phone: choice.phone || null,
        }
      : { labLocationId: choice.labLocationId }),
  };
}
