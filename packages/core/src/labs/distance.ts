import { labPickUpAvailable } from '../eligibility/states.ts';

/** A point on the Earth in decimal degrees (WGS 84, as the Census Bureau publishes ZIP centroids). */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/**
 * The Earth's mean radius in statute miles. Treating the Earth as a sphere errs by at most about
 * 0.5% against the ellipsoid, far below the size of a ZIP code area.
 */
export const EARTH_MEAN_RADIUS_MILES = 3958.8;

/** How many partner labs a search offers. */
export const NEAREST_LABS_COUNT = 5;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The great-circle distance between two points, in miles, by the haversine formula: unlike the
 * spherical law of cosines it stays exact for points a few hundred yards apart.
 */
export function greatCircleMiles(from: GeoPoint, to: GeoPoint): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  // rounding can push h a hair above 1 for antipodal points; asin would then return NaN
  return 2 * EARTH_MEAN_RADIUS_MILES * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** Miles as the shop shows them: one decimal. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/**
 * The labs a customer at `origin` may choose, nearest first, each with its distance in miles (one
 * decimal). Labs in New York are never offered, since lab pick-up is not available there. Ties
 * keep the order the labs came in, so the answer is the same on every call.
 */
export function nearestLabs<Lab extends GeoPoint & { zipCode: string }>(
  origin: GeoPoint,
  labs: readonly Lab[],
  count = NEAREST_LABS_COUNT,
): Array<Lab & { distanceMiles: number }> {
  return labs
    .filter((lab) => labPickUpAvailable(lab.zipCode))
    .map((lab) => ({ lab, miles: greatCircleMiles(origin, lab) }))
    .sort((a, b) => a.miles - b.miles)
    .slice(0, count)
    .map(({ lab, miles }) => ({ ...lab, distanceMiles: roundMiles(miles) }));
}
