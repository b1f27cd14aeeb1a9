import type { ClinicianLicenceForm } from '@shop/core';
import type { Database } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { notFound } from '../errors.ts';
import { cliniciansWithLicences, deleteLicence, findClinician, upsertLicence } from './repository.ts';

export interface LicenceActor {
  user: { id: string; role?: string | null };
  ip: string | null;
}

const noClinician = () => notFound('CLINICIAN_NOT_FOUND', 'We could not find this clinician.');

export const listClinicians = (db: Database) => cliniciansWithLicences(db);

/** An operator records a clinician's licence in a state, or renews it (the same state again): audited with what it replaced. */
export async function setLicence(db: Database, actor: LicenceActor, clinicianId: string, licence: ClinicianLicenceForm) {
  await db.transaction(async (tx) => {
    if (!(await findClinician(tx, clinicianId))) throw noClinician();
    const before = await upsertLicence(tx, clinicianId, licence);
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: before ? 'clinician_licence.renew' : 'clinician_licence.add',
      subjectType: 'clinician_licence',
      subjectId: `${clinicianId}:${licence.state}`,
      detail: { clinicianId, ...licence, ...(before ? { before } : {}) },
      ip: actor.ip,
    });
  });
  return listClinicians(db);
}

/** An operator removes a clinician's licence in a state: the orders they approved keep it as it was. */
export async function removeLicence(db: Database, actor: LicenceActor, clinicianId: string, state: string) {
  await db.transaction(async (tx) => {
    if (!(await findClinician(tx, clinicianId))) throw noClinician();
    const removed = await deleteLicence(tx, clinicianId, state);
    if (!removed) throw notFound('LICENCE_NOT_FOUND', 'This clinician holds no licence in that state.');
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: 'clinician_licence.remove',
      subjectType: 'clinician_licence',
      subjectId: `${clinicianId}:${state}`,
      detail: { clinicianId, ...removed },
      ip: actor.ip,
    });
  });
  return listClinicians(db);
}
