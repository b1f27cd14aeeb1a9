import { collectedAtOf, homeKitLaboratoryLine, partnerLabLine, type HomeKitLaboratory } from '@shop/core';
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

/** The home kits' laboratory as the operator named it (HOME_KIT_LAB_*, all three or none), else null. */
export function homeKitLaboratoryOf(config: {
  HOME_KIT_LAB_NAME?: string | undefined;
  HOME_KIT_LAB_ADDRESS?: string | undefined;
  HOME_KIT_LAB_CLIA?: string | undefined;
}): HomeKitLaboratory | null {
  const { HOME_KIT_LAB_NAME: name, HOME_KIT_LAB_ADDRESS: address, HOME_KIT_LAB_CLIA: clia } = config;
  return name && address && clia ? { name, address, clia } : null;
}

export async function reportDetailsOf(
  db: Executor,
  order: { id: string; userId: string | null },
  homeKitLab: HomeKitLaboratory | null = null,
): Promise<ReportDetails> {
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
    lab: partnerLab ? partnerLabLine(partnerLab) : homeKitLaboratoryLine(homeKitLab),
    collectedAt: Object.fromEntries(kits.map((kit) => [kit.kitSlug, collectedAtOf(kit, partnerLab !== undefined)?.toISOString() ?? null])),
  };
}
