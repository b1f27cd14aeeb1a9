import { seededAffiliates, normalizeCode } from '@shop/core';
import { eq } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { affiliateCodes, affiliates } from './schema/index.ts';

/**
 * The affiliates the shop starts with and their codes, written when a code is missing: an
 * operator's later changes (a new banner, a disabled code) stay as they made them.
 */
export async function seedAffiliates(tx: Executor): Promise<void> {
  for (const seeded of seededAffiliates) {
    const code = normalizeCode(seeded.code);
    const [existing] = await tx.select({ code: affiliateCodes.code }).from(affiliateCodes).where(eq(affiliateCodes.code, code));
    if (existing) continue;
    const [affiliate] = await tx
      .insert(affiliates)
      .values({ name: seeded.name, email: seeded.email, status: 'active' })
      .returning({ id: affiliates.id });
    await tx
      .insert(affiliateCodes)
      .values({ code, affiliateId: affiliate!.id, banner: seeded.banner, heading: seeded.heading, intro: seeded.intro })
      .onConflictDoNothing();
  }
}
