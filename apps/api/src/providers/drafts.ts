import { and, desc, eq, inArray } from 'drizzle-orm';
import { providerDraftMessages, type ProviderOrderDraftForm, type ProviderOrderForm } from '@shop/core';
import { clinicClients, clinicMembers, providerOrderDrafts, users, type Executor, type ProviderOrderDraftRow } from '@shop/db';
import { conflict, forbidden, notFound } from '../errors.ts';
import { spendLink } from '../invitations/single-use-links.ts';
import { chargeRefusal, orderPaidByClinic, type ClinicOrderDeps } from './clinic-orders.ts';
import { auditMemberAction, type ClinicMember } from './members.ts';
import { pricedItems, providerOrderView, sendProviderOrder, visibleClient } from './orders.ts';

const ROW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const draftMissing = () => notFound('DRAFT_NOT_FOUND', providerDraftMessages.missing);

/** The drafts a member sees: staff their own, a practitioner those waiting for them, admins all of the clinic's. */
function draftsOf(member: ClinicMember) {
  const ofClinic = eq(providerOrderDrafts.clinicId, member.clinicId);
  if (member.role === 'admin') return ofClinic;
  if (member.role === 'staff') return and(ofClinic, eq(providerOrderDrafts.draftedBy, member.memberId))!;
  return and(ofClinic, eq(providerOrderDrafts.practitionerMemberId, member.memberId))!;
}

/** The drafts still waiting to be sent, oldest first: what the member may send or discard. */
export async function listDrafts(db: Executor, member: ClinicMember) {
  const drafter = clinicMembers;
  const rows = await db
    .select({ draft: providerOrderDrafts, client: clinicClients, drafterName: users.name })
    .from(providerOrderDrafts)
    .innerJoin(clinicClients, eq(clinicClients.id, providerOrderDrafts.clientId))
    .leftJoin(drafter, eq(drafter.id, providerOrderDrafts.draftedBy))
    .leftJoin(users, eq(users.id, drafter.userId))
    .where(and(draftsOf(member), inArray(providerOrderDrafts.status, ['waiting', 'sending'])))
    .orderBy(desc(providerOrderDrafts.createdAt))
    .limit(200);
  const names = await practitionerNames(
    db,
    rows.flatMap((row) => (row.draft.practitionerMemberId ? [row.draft.practitionerMemberId] : [])),
  );
  return {
    drafts: rows.map(({ draft, client, drafterName }) =>
      present(draft, client, drafterName, names.get(draft.practitionerMemberId ?? '') ?? null, member),
    ),
  };
}

async function practitionerNames(db: Executor, memberIds: string[]): Promise<Map<string, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ id: clinicMembers.id, name: users.name })
    .from(clinicMembers)
    .innerJoin(users, eq(users.id, clinicMembers.userId))
    .where(inArray(clinicMembers.id, [...new Set(memberIds)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

function present(
  draft: ProviderOrderDraftRow,
  client: { firstName: string; lastName: string },
  drafterName: string | null,
  practitionerName: string | null,
  member: ClinicMember,
) {
  const items = pricedItems(draft.itemKeys);
  return {
    id: draft.id,
    clientId: draft.clientId,
    clientName: `${client.firstName} ${client.lastName}`,
    payer: draft.payer as ProviderOrderForm['payer'],
    items: items.map((item) => ({ key: item.key, title: item.title })),
    feeCents: draft.feeCents,
    note: draft.note,
    draftedBy: drafterName,
    practitionerMemberId: draft.practitionerMemberId,
    practitionerName,
    createdAt: draft.createdAt.toISOString(),
    /** the member may send it: the practitioner it waits for, or an admin */
    canSend: canSend(draft, member),
  };
}

const canSend = (draft: ProviderOrderDraftRow, member: ClinicMember) =>
  member.role === 'admin' || (member.role === 'practitioner' && draft.practitionerMemberId === member.memberId);

/**
 * A staff member drafts an order for a practitioner of the clinic (or an admin) to send. The client
 * must be one the practitioner sees: a client assigned to someone else is refused, so the draft
 * never waits for a person who could not send it.
 */
export async function draftOrder(db: Executor, member: ClinicMember, form: ProviderOrderDraftForm) {
  pricedItems(form.items);
  const client = await visibleClient(db, member, form.clientId);
  if (!ROW_ID.test(form.practitionerMemberId)) throw conflict('PRACTITIONER_NOT_FOUND', providerDraftMessages.practitioner);
  const [practitioner] = await db
    .select({ id: clinicMembers.id, role: clinicMembers.role, name: users.name })
    .from(clinicMembers)
    .innerJoin(users, eq(users.id, clinicMembers.userId))
    .where(
      and(
        eq(clinicMembers.id, form.practitionerMemberId),
        eq(clinicMembers.clinicId, member.clinicId),
        inArray(clinicMembers.role, ['practitioner', 'admin']),
      ),
    );
  if (!practitioner) throw conflict('PRACTITIONER_NOT_FOUND', providerDraftMessages.practitioner);
  const assignedElsewhere =
    practitioner.role === 'practitioner' && !member.clinic.settings.allClientsVisible && client.practitionerMemberId !== practitioner.id;
  if (assignedElsewhere) throw conflict('CLIENT_NOT_ASSIGNED', providerDraftMessages.notAssigned);
  const [draft] = await db
    .insert(providerOrderDrafts)
    .values({
      clinicId: member.clinicId,
      clientId: client.id,
      practitionerMemberId: practitioner.id,
      payer: form.payer,
      itemKeys: form.items,
      feeCents: form.payer === 'custom_fee' ? (form.feeCents ?? 0) : 0,
      note: form.note || null,
      draftedBy: member.memberId,
    })
    .returning();
  await audit(db, member, 'provider.order_draft', draft!.id, {
    clientId: client.id,
    practitionerMemberId: practitioner.id,
    items: form.items,
    payer: form.payer,
  });
  return present(draft!, client, member.user.name, practitioner.name, member);
}

/**
 * The practitioner the draft waits for (or an admin) sends it: it becomes an ordinary order of the
 * clinic, once. The draft is claimed first (two presses: the second finds it taken), the order is
 * sent as the practitioner's own (an order the clinic pays under the draft's key, so a retry finds
 * the same order), and should sending fail the claim is given back.
 */
export async function sendDraft(deps: ClinicOrderDeps, member: ClinicMember, id: string) {
  const now = deps.now?.() ?? new Date();
  const draft = await findDraft(deps.db, member, id);
  if (!canSend(draft, member)) throw forbidden(providerDraftMessages.notYours);
  const form: ProviderOrderForm = {
    clientId: draft.clientId,
    payer: draft.payer as ProviderOrderForm['payer'],
    items: draft.itemKeys,
    ...(draft.payer === 'custom_fee' ? { feeCents: draft.feeCents } : {}),
  };
  const sent = await spendLink({
    claim: async () => {
      const [claimed] = await deps.db
        .update(providerOrderDrafts)
        .set({ status: 'sending', updatedAt: now })
        .where(and(eq(providerOrderDrafts.id, draft.id), eq(providerOrderDrafts.status, 'waiting')))
        .returning();
      return claimed;
    },
    invalid: () => conflict('DRAFT_CLOSED', providerDraftMessages.closed),
    giveBack: (claimed) =>
      deps.db.update(providerOrderDrafts).set({ status: 'waiting', updatedAt: now }).where(eq(providerOrderDrafts.id, claimed.id)),
    use: async () => {
      if (form.payer !== 'clinic') return { providerOrderId: (await sendProviderOrder(deps, member, form)).id, refusal: null };
      const placed = await orderPaidByClinic(deps, member, form, `draft-${draft.id}`);
      return { providerOrderId: placed.providerOrderId, refusal: chargeRefusal(placed.charge) };
    },
  });
  await deps.db
    .update(providerOrderDrafts)
    .set({ status: 'sent', providerOrderId: sent.providerOrderId, decidedBy: member.memberId, decidedAt: now, updatedAt: now })
    .where(eq(providerOrderDrafts.id, draft.id));
  await audit(deps.db, member, 'provider.draft_send', draft.id, { providerOrderId: sent.providerOrderId });
  // a card that did not pay: the order is made and waits in the list, and the member is told why
  if (sent.refusal) throw sent.refusal;
  return providerOrderView(deps.db, member, sent.providerOrderId);
}

/** The practitioner it waits for, an admin or the staff member who drafted it discards a draft still waiting. */
export async function discardDraft(db: Executor, member: ClinicMember, id: string) {
  const draft = await findDraft(db, member, id);
  const now = new Date();
  const [discarded] = await db
    .update(providerOrderDrafts)
    .set({ status: 'discarded', decidedBy: member.memberId, decidedAt: now, updatedAt: now })
    .where(and(eq(providerOrderDrafts.id, draft.id), eq(providerOrderDrafts.status, 'waiting')))
    .returning();
  if (!discarded) throw conflict('DRAFT_CLOSED', providerDraftMessages.closed);
  await audit(db, member, 'provider.draft_discard', draft.id, { clientId: draft.clientId });
  return { id: draft.id };
}

/** A draft the member sees (see `draftsOf`), of a client they see: else not found. */
async function findDraft(db: Executor, member: ClinicMember, id: string) {
  if (!ROW_ID.test(id)) throw draftMissing();
  const [draft] = await db
    .select()
    .from(providerOrderDrafts)
    .where(and(eq(providerOrderDrafts.id, id), draftsOf(member)));
  if (!draft) throw draftMissing();
  // a practitioner who no longer sees the client (reassigned since) cannot send for them
  await visibleClient(db, member, draft.clientId).catch(() => {
    throw draftMissing();
  });
  return draft;
}

const audit = (db: Executor, member: ClinicMember, action: string, id: string, detail: Record<string, unknown>) =>
  auditMemberAction(db, member, action, { type: 'provider_order_draft', id }, detail);
