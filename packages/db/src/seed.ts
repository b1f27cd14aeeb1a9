import { sql } from 'drizzle-orm';
import { products as catalogProducts, tests as catalogTests } from '@shop/core';
import type { Database } from './client.ts';
import { labLocations, labTests, products } from './schema/index.ts';

/**
 * Sample partner-lab locations for the embedded default. A production deployment loads the
 * partner's own list into the same table. None is in New York, where lab pick-up is not offered.
 */
export const sampleLabLocations = [
  { id: 'lab-austin-downtown', name: 'Partner Lab – Downtown Austin', address: '410 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701', latitude: 30.2669, longitude: -97.7428 },
  { id: 'lab-austin-north', name: 'Partner Lab – North Austin', address: '9500 N Lamar Blvd', city: 'Austin', state: 'TX', zipCode: '78753', latitude: 30.3668, longitude: -97.6934 },
  { id: 'lab-sf-soma', name: 'Partner Lab – SoMa', address: '600 Folsom St', city: 'San Francisco', state: 'CA', zipCode: '94107', latitude: 37.7857, longitude: -122.3967 },
  { id: 'lab-la-westwood', name: 'Partner Lab – Westwood', address: '10850 Wilshire Blvd', city: 'Los Angeles', state: 'CA', zipCode: '90024', latitude: 34.0589, longitude: -118.4412 },
  { id: 'lab-chicago-loop', name: 'Partner Lab – The Loop', address: '55 W Monroe St', city: 'Chicago', state: 'IL', zipCode: '60603', latitude: 41.8806, longitude: -87.6298 },
  { id: 'lab-miami-brickell', name: 'Partner Lab – Brickell', address: '1001 Brickell Bay Dr', city: 'Miami', state: 'FL', zipCode: '33131', latitude: 25.7649, longitude: -80.1897 },
  { id: 'lab-seattle-slu', name: 'Partner Lab – South Lake Union', address: '400 Fairview Ave N', city: 'Seattle', state: 'WA', zipCode: '98109', latitude: 47.6223, longitude: -122.3341 },
  { id: 'lab-jersey-city', name: 'Partner Lab – Jersey City', address: '30 Montgomery St', city: 'Jersey City', state: 'NJ', zipCode: '07302', latitude: 40.7178, longitude: -74.0431 },
] as const;

/**
 * Writes the catalog of @shop/core into its tables. Runs at every start: it inserts what is new
 * and updates what changed, so a price change in the code reaches the database on deploy.
 */
export async function seedCatalog(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(products)
      .values(
        catalogProducts.map((product) => ({
          code: product.code,
          type: product.type,
          title: product.title,
          priceCents: product.priceCents,
          compareAtCents: product.compareAtCents ?? null,
          charge: product.charge,
        })),
      )
      .onConflictDoUpdate({
        target: products.code,
        set: {
          type: sql`excluded.type`,
          title: sql`excluded.title`,
          priceCents: sql`excluded.price_cents`,
          compareAtCents: sql`excluded.compare_at_cents`,
          charge: sql`excluded.charge`,
          updatedAt: sql`now()`,
        },
      });
    await tx
      .insert(labTests)
      .values(
        catalogTests.map((test) => ({
          id: test.id,
          slug: test.slug,
          title: test.title,
          type: test.type,
          area: test.area,
          biomarkers: test.biomarkers.map((biomarker) => biomarker.slug),
        })),
      )
      .onConflictDoUpdate({
        target: labTests.id,
        set: {
          slug: sql`excluded.slug`,
          title: sql`excluded.title`,
          type: sql`excluded.type`,
          area: sql`excluded.area`,
          biomarkers: sql`excluded.biomarkers`,
        },
      });
    await tx.insert(labLocations).values([...sampleLabLocations]).onConflictDoNothing();
  });
}
