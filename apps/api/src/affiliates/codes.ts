import { and, eq } from 'drizzle-orm';
import { isWellFormedCode, normalizeCode, type AffiliateLanding, type Party } from '@shop/core';
import { affiliateClicks, affiliateCodes, affiliates, type Executor } from '@shop/db';

export interface ActiveAffiliateCode {
  code: string;
  affiliateId: string;
  affiliateName: string;
  /** the affiliate as core compares people: an order of their own earns nothing */
  owner: Party;
  landing: AffiliateLanding;
}

/**
 * A code that works today: its row exists, is active, and its affiliate is active. Anything else
 * (unknown, disabled, an applicant's) is no code at all: no landing, no discount, no attribution.
 */
export async function activeAffiliateCode(tx: Executor, raw: string): Promise<ActiveAffiliateCode | undefined> {
  if (!isWellFormedCode(raw)) return undefined;
  const [row] = await tx
    .select({ code: affiliateCodes, affiliate: affiliates })
    .from(affiliateCodes)
    .innerJoin(affiliates, eq(affiliates.id, affiliateCodes.affiliateId))
    .where(and(eq(affiliateCodes.code, normalizeCode(raw)), eq(affiliateCodes.active, true), eq(affiliates.status, 'active')));
  if (!row) return undefined;
  return {
    code: row.code.code,
    affiliateId: row.affiliate.id,
    affiliateName: row.affiliate.name,
    owner: { customerId: row.affiliate.userId, email: row.affiliate.email },
    landing: { code: row.code.code, banner: row.code.banner, heading: row.code.heading, intro: row.code.intro },
  };
}

/** Counts a visit through a working code (a landing or a link): the time only, nothing of the visitor. */
export async function recordClick(tx: Executor, code: string, at = new Date()): Promise<void> {
  await tx.insert(affiliateClicks).values({ code, at });
}
