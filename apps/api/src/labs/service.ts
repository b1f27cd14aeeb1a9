import { messages, nearestLabs } from '@shop/core';
import { labLocations, zipCentroid, type Executor } from '@shop/db';
import { badRequest } from '../errors.ts';
import { assertCollectableAt } from '../sale-rules/where-sold.ts';

/**
 * The partner labs nearest to a ZIP code's centroid, by great-circle distance. A state where no
 * lab may take samples (New York, New Jersey, Rhode Island) is refused with its own message before anything else: it is a rule, not an unknown place. A
 * well-formed ZIP code the Census tables do not know (a typo, a PO-box-only code) is answered
 * like a malformed one, since the customer's fix is the same.
 */
export async function findNearestLabs(db: Executor, zipCode: string) {
  assertCollectableAt(zipCode, 'lab');
  const origin = zipCentroid(zipCode);
  if (!origin) throw badRequest('ZIP_CODE_UNKNOWN', messages.collectionZip);
  // the partner network is tens to hundreds of sites: measuring every one is cheaper than a
  // spatial index and keeps the distance rule in one place, in core
  const rows = await db.select().from(labLocations);
  return nearestLabs(origin, rows).map(({ id, name, address, city, state, zipCode: labZip, distanceMiles }) => ({
    id,
    name,
    address,
    city,
    state,
    zipCode: labZip,
    distanceMiles,
  }));
}
