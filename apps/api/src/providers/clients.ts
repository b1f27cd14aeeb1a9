import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  clinicClientNotice,
  labCollectionAvailable,
  providerMessages,
  releaseRuleOf,
  usStates,
  type ClinicClientForm,
  type UsState,
} from '@shop/core';
import { clinicClients, clinicMembers, clinics, users, type ClinicClientRow, type Database } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { badRequest, notFound } from '../errors.ts';
import { isRowId } from '../validation.ts';
import { auditActor, type ClinicMember } from './members.ts';

/** Another clinic's client, or one a practitioner does not see, is not found: never "forbidden", which would say it exists. */
const clientMissing = () => notFound('CLIENT_NOT_FOUND', 'We could not find this client.');

/** Which of the clinic's clients the member sees: practitioners theirs alone, unless the clinic shows all clients to all. */
export function visibleTo(member: ClinicMember): SQL {
  const ofClinic = eq(clinicClients.clinicId, member.clinicId);
  if (member.role !== 'practitioner' || member.clinic.settings.allClientsVisible) return ofClinic;
  return and(ofClinic, eq(clinicClients.practitionerMemberId, member.memberId))!;
}

function present(row: ClinicClientRow, practitionerName: string | null) {
  const labCollection = labCollectionAvailable(row.state);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    dateOfBirth: row.dateOfBirth,
    state: row.state,
    labCollectionAvailable: labCollection,
    // what may not be sold where, as the sale rules' table says (docs/decisions/0060)
    notice: (usStates as readonly string[]).includes(row.state) ? (clinicClientNotice(row.state as UsState) ?? null) : null,
    practitioner: row.practitionerMemberId ? { memberId: row.practitionerMemberId, name: practitionerName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const withPractitioner = (db: Database) =>
  db
    .select({ client: clinicClients, practitionerName: users.name })
    .from(clinicClients)
    .leftJoin(clinicMembers, eq(clinicMembers.id, clinicClients.practitionerMemberId))
    .leftJoin(users, eq(users.id, clinicMembers.userId));

export async function listClients(db: Database, member: ClinicMember, search: string) {
  const words = search.trim();
  const pattern = `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const filter = words
    ? and(
        visibleTo(member),
        or(ilike(clinicClients.firstName, pattern), ilike(clinicClients.lastName, pattern), ilike(clinicClients.email, pattern)),
      )
    : visibleTo(member);
  const rows = await withPractitioner(db).where(filter).orderBy(asc(clinicClients.lastName), asc(clinicClients.firstName)).limit(200);
  await recordAudit(db, {
    actor: auditActor(member),
    action: 'provider.clients_list',
    subjectType: 'clinic',
    subjectId: member.clinicId,
    detail: { clinicId: member.clinicId, search: words, count: rows.length },
    ip: member.ip,
  });
  return { clients: rows.map((row) => present(row.client, row.practitionerName)) };
}

export async function getClient(db: Database, member: ClinicMember, id: string) {
  if (!isRowId(id)) throw clientMissing();
  const [row] = await withPractitioner(db).where(and(visibleTo(member), eq(clinicClients.id, id)));
  if (!row) throw clientMissing();
  await recordAudit(db, {
    actor: auditActor(member),
    action: 'provider.client_read',
    subjectType: 'clinic_client',
    subjectId: id,
    detail: { clinicId: member.clinicId },
    ip: member.ip,
  });
  return present(row.client, row.practitionerName);
}

/** A practitioner's new client is theirs; one added by an admin or staff waits to be assigned. */
export async function addClient(db: Database, member: ClinicMember, input: ClinicClientForm) {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(clinicClients)
      .values({
        clinicId: member.clinicId,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email.toLowerCase(),
        dateOfBirth: input.dateOfBirth,
        state: input.state,
        practitionerMemberId: member.role === 'practitioner' ? member.memberId : null,
        createdBy: member.user.id,
      })
      .returning();
    await recordAudit(tx, {
      actor: auditActor(member),
      action: 'provider.client_add',
      subjectType: 'clinic_client',
      subjectId: created!.id,
      detail: { clinicId: member.clinicId, state: input.state },
      ip: member.ip,
    });
    return created!;
  });
  return present(row, member.role === 'practitioner' ? member.user.name : null);
}

/** Assigns the client to a practitioner (or an admin) of the same clinic, or to no one. */
export async function assignPractitioner(db: Database, member: ClinicMember, id: string, practitionerMemberId: string | null) {
  if (!isRowId(id)) throw clientMissing();
  await db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clinicClients.id })
      .from(clinicClients)
      .where(and(visibleTo(member), eq(clinicClients.id, id)))
      .for('update');
    if (!client) throw clientMissing();
    if (practitionerMemberId !== null) {
      const [practitioner] = isRowId(practitionerMemberId)
        ? await tx
            .select({ role: clinicMembers.role })
            .from(clinicMembers)
            .where(and(eq(clinicMembers.id, practitionerMemberId), eq(clinicMembers.clinicId, member.clinicId)))
        : [];
      if (!practitioner || practitioner.role === 'staff') throw badRequest('PRACTITIONER_INVALID', providerMessages.practitioner);
    }
    await tx.update(clinicClients).set({ practitionerMemberId, updatedAt: new Date() }).where(eq(clinicClients.id, id));
    await recordAudit(tx, {
      actor: auditActor(member),
      action: 'provider.client_assign',
      subjectType: 'clinic_client',
      subjectId: id,
      detail: { clinicId: member.clinicId, practitionerMemberId },
      ip: member.ip,
    });
  });
  return getClient(db, member, id);
}

/** The dashboard's figures and who is asking. */
export async function dashboardOf(
  db: Database,
  member: ClinicMember,
  team: { members: unknown[]; invitations: unknown[]; joinRequests: unknown[] },
) {
  const [visible] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(clinicClients)
    .where(visibleTo(member));
  const { clinic } = member;
  return {
    clinic: {
      name: clinic.name,
      type: clinic.type,
      addressLine1: clinic.addressLine1,
      addressLine2: clinic.addressLine2,
      city: clinic.city,
      state: clinic.state,
      postalCode: clinic.postalCode,
      npi: clinic.npi,
      allClientsVisible: clinic.settings.allClientsVisible,
      resultsRelease: releaseRuleOf(clinic.settings),
    },
    me: { memberId: member.memberId, name: member.user.name, email: member.user.email, role: member.role },
    figures: {
      clients: visible?.count ?? 0,
      members: team.members.length,
      pendingInvitations: team.invitations.length,
      joinRequests: team.joinRequests.length,
    },
  };
}

/** The clinic-wide switch: practitioners see every client, or theirs alone. */
export async function setAllClientsVisible(db: Database, member: ClinicMember, allClientsVisible: boolean) {
  await db.transaction(async (tx) => {
    await tx
      .update(clinics)
      .set({ settings: { ...member.clinic.settings, allClientsVisible }, updatedAt: new Date() })
      .where(eq(clinics.id, member.clinicId));
    await recordAudit(tx, {
      actor: auditActor(member),
      action: 'provider.settings',
      subjectType: 'clinic',
      subjectId: member.clinicId,
      detail: { clinicId: member.clinicId, allClientsVisible },
      ip: member.ip,
    });
  });
  return { allClientsVisible };
}
