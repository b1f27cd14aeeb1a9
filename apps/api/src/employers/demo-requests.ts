import { and, asc, desc, eq } from 'drizzle-orm';
import { canMoveDemoRequest, demoRequestStatusLabels, slugFromCompany, type DemoRequestStatus, type EmployerGroupInput } from '@shop/core';
import { leadActivity, leads, type Database, type Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { conflict, notFound } from '../errors.ts';
import { insertGroup, type StaffActor } from './console.ts';

/** The business contact form's leads are the demo requests the team works through. */
const DEMO_REQUEST = 'business_contact';
const LIST_LIMIT = 200;

export interface PipelineActor extends StaffActor {
  user: { id: string; role?: string | null; name?: string | null; email: string };
}

type LeadRow = typeof leads.$inferSelect;

const requestNotFound = () => notFound('DEMO_REQUEST_NOT_FOUND', 'There is no such demo request.');

/** A demo request as the console lists it: who asked, for which company, and where it stands. */
function demoRequestView(row: LeadRow) {
  const text = (name: string) => {
    const value = row.fields[name];
    return typeof value === 'string' ? value : '';
  };
  return {
    id: row.id,
    email: row.email,
    name: `${text('firstName')} ${text('lastName')}`.trim(),
    company: text('company'),
    benefitsContactName: text('benefitsContactName'),
    benefitsContactEmail: text('benefitsContactEmail'),
    consentToBeNamed: row.fields.consentToBeNamed === true,
    status: row.status as DemoRequestStatus,
    employerGroupId: row.employerGroupId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listDemoRequests(db: Executor, status: DemoRequestStatus | undefined) {
  const rows = await db
    .select()
    .from(leads)
    .where(and(eq(leads.kind, DEMO_REQUEST), status ? eq(leads.status, status) : undefined))
    .orderBy(desc(leads.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(demoRequestView);
}

/** One request with its history (each move and note, who and when) and the group it would become. */
export async function demoRequest(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), eq(leads.kind, DEMO_REQUEST)));
  if (!row) throw requestNotFound();
  const activity = await db.select().from(leadActivity).where(eq(leadActivity.leadId, id)).orderBy(asc(leadActivity.createdAt));
  const view = demoRequestView(row);
  return {
    ...view,
    activity: activity.map((entry) => ({
      at: entry.createdAt.toISOString(),
      by: entry.actorName,
      fromStatus: entry.fromStatus as DemoRequestStatus | null,
      toStatus: entry.toStatus as DemoRequestStatus | null,
      note: entry.note,
    })),
    suggestedGroup: { name: view.company, slug: slugFromCompany(view.company) },
  };
}

async function lockRequest(tx: Executor, id: string): Promise<LeadRow> {
  const [row] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), eq(leads.kind, DEMO_REQUEST)))
    .for('update');
  if (!row) throw requestNotFound();
  return row;
}

/** Writes one line of the request's history and the same in the audit log. */
async function record(
  tx: Executor,
  actor: PipelineActor,
  leadId: string,
  action: string,
  entry: { fromStatus?: string; toStatus?: string; note?: string },
  detail: Record<string, unknown>,
) {
  await tx.insert(leadActivity).values({ leadId, actorId: actor.user.id, actorName: actor.user.name || actor.user.email, ...entry });
  await recordAudit(tx, {
    actor: { id: actor.user.id, role: actor.user.role ?? 'operator' },
    action,
    subjectType: 'lead',
    subjectId: leadId,
    detail,
    ip: actor.ip,
  });
}

/**
 * Moves a request along the pipeline under its row's lock, so two operators' moves are made one
 * after the other and the second is checked against the first. A note may say why.
 */
export async function moveDemoRequest(db: Database, actor: PipelineActor, id: string, to: DemoRequestStatus, note?: string) {
  await db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    const from = row.status as DemoRequestStatus;
    if (!canMoveDemoRequest(from, to)) {
      throw conflict(
        'DEMO_REQUEST_MOVE',
        `A demo request that is ${demoRequestStatusLabels[from].toLowerCase()} cannot be marked ${demoRequestStatusLabels[to].toLowerCase()}.`,
      );
    }
    await tx.update(leads).set({ status: to, updatedAt: new Date() }).where(eq(leads.id, id));
    await record(tx, actor, id, 'demo_request.status', { fromStatus: from, toStatus: to, note }, { from, to });
  });
  return demoRequest(db, id);
}

export async function noteDemoRequest(db: Database, actor: PipelineActor, id: string, note: string) {
  await db.transaction(async (tx) => {
    await lockRequest(tx, id);
    await record(tx, actor, id, 'demo_request.note', { note }, { length: note.length });
  });
  return demoRequest(db, id);
}

/**
 * A won request becomes its employer group, once: the group the operator completed in the group
 * form, created and tied to the request in one transaction.
 */
export async function createGroupFromDemoRequest(db: Database, actor: PipelineActor, id: string, input: EmployerGroupInput) {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    if (row.status !== 'won') throw conflict('DEMO_REQUEST_NOT_WON', 'Only a won demo request becomes an employer group.');
    if (row.employerGroupId) throw conflict('DEMO_REQUEST_HAS_GROUP', 'This demo request is an employer group already.');
    const groupId = await insertGroup(tx, actor, input);
    await tx.update(leads).set({ employerGroupId: groupId, updatedAt: new Date() }).where(eq(leads.id, id));
    await record(
      tx,
      actor,
      id,
      'demo_request.employer_group',
      { note: `Employer group ${input.name} created (/b2b/${input.slug}).` },
      { groupId },
    );
    return { groupId };
  });
}
