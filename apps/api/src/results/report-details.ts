import { collectedAtOf, homeKitLaboratory, partnerLabLine } from '@shop/core';
import { medicalProfiles, type Executor } from '@shop/db';
import { eq } from 'drizzle-orm';
import { findChosenLab } from '../orders/repository.ts';
import { listKits } from './repository.ts';

/**
 * What the results PDF adds to the results for a doctor to file it as a lab report: who was
 * tested (from the medical profile of the order's member), the lab, and when each kit's sample
 * was collected. Only the member's own PDF carries it; a clinic's webhook is sent none of it.
 */
export interface ReportDetails {
  patient: { fullName: string; dateOfBirth: string } | null;
  lab: string;
  /** the day each kit's sample was collected (ISO), by kit slug */
  collectedAt: Record<string, string | null>;
}

export async function reportDetailsOf(db: Executor, order: { id: string; userId: string | null }): Promise<ReportDetails> {
  // one after the other: `db` may be a transaction, whose connection runs one statement at a time
  const [profile] = order.userId
    ? await db
        .select({ fullName: medicalProfiles.fullName, dateOfBirth: medicalProfiles.dateOfBirth })
        .from(medicalProfiles)
        .where(eq(medicalProfiles.userId, order.userId))
    : [];
  const partnerLab = await findChosenLab(db, order.id);
  const kits = await listKits(db, order.id);
  return {
    patient: profile ?? null,
    lab: partnerLab ? partnerLabLine(partnerLab) : homeKitLaboratory,
    collectedAt: Object.fromEntries(kits.map((kit) => [kit.kitSlug, collectedAtOf(kit, partnerLab !== undefined)?.toISOString() ?? null])),
  };
}
