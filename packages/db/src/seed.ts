import { sql } from 'drizzle-orm';
import { products as catalogProducts, tests as catalogTests } from '@shop/core';
import type { Database } from './client.ts';
import { labLocations, labTests, products } from './schema/index.ts';
import { seedAffiliates } from './seed-affiliates.ts';
import { sampleLabLocations } from './seed-labs.ts';
import { seedEmployerGroups } from './seed-employers.ts';

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
    // like the catalog, the sample labs follow the code: a moved or renamed lab is updated
    await tx
      .insert(labLocations)
      .values(sampleLabLocations())
      .onConflictDoUpdate({
        target: labLocations.id,
        set: {
          name: sql`excluded.name`,
          address: sql`excluded.address`,
          city: sql`excluded.city`,
          state: sql`excluded.state`,
          zipCode: sql`excluded.zip_code`,
          hours: sql`excluded.hours`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
        },
      });
    await seedEmployerGroups(tx);
    await seedAffiliates(tx);
  });
}
