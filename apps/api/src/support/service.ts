import {
  collectionMethodLabels,
  type contactFormSchema,
  sentTooFast,
  supportCopy,
  type CollectionChoice,
  type SupportStatus,
  type SupportTopic,
} from '@shop/core';
import type { Database, Executor } from '@shop/db';
import type { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import type { SessionUser } from '../auth/auth.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { EventRecorder } from '../events/bus.ts';
import { supportReplyEmail } from '../email/support-templates.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { assertChoiceCollectable, collectionChoiceRow } from '../orders/collection-choice.ts';
import type { Actor } from '../orders/lifecycle.ts';
import { isRowId } from '../validation.ts';
import {
  allLabs,
  countsByStatus,
  findMemberThread,
  findOrderWithChoice,
  findThread,
  findOwnOrder,
  insertMessage,
  insertThread,
  lockOrder,
  lockThread,
  memberThreads,
  replaceCollectionChoice,
  threadMessages,
  threadsByStatus,
  updateThread,
  type MessageRow,
  type ThreadRow,
} from './repository.ts';

export interface SupportDeps {
  db: Database;
  /** records that a customer wrote, for support's notice (event-handlers.ts) */
  events: EventRecorder;
  publicUrl: string;
  now?: () => Date;
}

type ContactInput = z.output<typeof contactFormSchema>;

export const threadMissing = () => notFound('THREAD_NOT_FOUND', 'We could not find this conversation.');
/** Before the kit is prepared or the lab order sent, the way a sample is collected can still change. */
const CHOICE_CHANGEABLE = new Set(['paid', 'collection_pending', 'profile_pending', 'approval_pending']);

/**
 * A new conversation from the contact page. A member writes as their account; a visitor gives a
 * name and an e-mail. What a program sends gets nowhere: the hidden field filled is accepted
 * without a trace (so the program learns nothing), and a form sent seconds after it was shown is
 * refused with a message a person understands.
 */
export async function startThread(
  deps: SupportDeps,
  user: SessionUser | null,
  input: ContactInput,
): Promise<{ kind: 'stored'; thread: ThreadRow } | { kind: 'dropped' }> {
  const now = deps.now?.() ?? new Date();
  if (input.website.trim() !== '') return { kind: 'dropped' };
  if (sentTooFast(input.startedAt, now.getTime())) throw badRequest('SENT_TOO_FAST', supportCopy.tooFast);
  const name = user ? user.name || user.email : input.name?.trim();
  const email = user ? user.email : input.email;
  if (!name || name.length < 2) throw badRequest('NAME_REQUIRED', supportCopy.name);
  if (!email) throw badRequest('EMAIL_REQUIRED', 'Please enter your e-mail address so we can answer you');
  let orderId: string | null = null;
  if (input.orderId) {
    // an order is attached by its owner alone: a visitor or another member's id finds nothing
    const order = user && isRowId(input.orderId) ? await findOwnOrder(deps.db, user.id, input.orderId) : undefined;
    if (!order) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
    orderId = order.id;
  }
  const thread = await deps.db.transaction(async (tx) => {
    const created = await insertThread(tx, {
      userId: user?.id ?? null,
      name,
      email,
      subject: input.subject,
      topic: orderId ? input.topic : 'general',
      orderId,
      status: 'open',
      lastMessageAt: now,
      createdAt: now,
    });
    const message = await insertMessage(tx, {
      threadId: created.id,
      author: 'customer',
      authorId: user?.id ?? null,
      authorName: name,
      body: input.body,
      createdAt: now,
    });
    await deps.events.record(tx, 'support.message_received', {
      threadId: created.id,
      messageId: message.id,
      topic: created.topic,
      member: created.userId !== null,
      reply: false,
    });
    return created;
  });
  return { kind: 'stored', thread };
}

function threadSummary(thread: ThreadRow) {
  return {
    id: thread.id,
    subject: thread.subject,
    topic: thread.topic as SupportTopic,
    status: thread.status as SupportStatus,
    lastMessageAt: thread.lastMessageAt.toISOString(),
    createdAt: thread.createdAt.toISOString(),
  };
}

function messageView(message: MessageRow) {
  return {
    id: message.id,
    author: message.author as 'customer' | 'staff',
    authorName: message.authorName,
    body: message.body,
    createdAt: message.createdAt.toISOString(),
  };
}

async function orderView(db: Executor, orderId: string | null) {
  if (!orderId) return null;
  const order = await findOrderWithChoice(db, orderId);
  if (!order) return null;
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    collection: order.choice
      ? {
          method: order.choice.method as 'home' | 'lab',
          label: collectionMethodLabels[order.choice.method as 'home' | 'lab'],
          fullName: order.choice.fullName,
          shippingAddress: order.choice.shippingAddress,
          apartmentNumber: order.choice.apartmentNumber,
          city: order.choice.city,
          zipCode: order.choice.zipCode,
          phone: order.choice.phone,
          labLocationId: order.choice.labLocationId,
        }
      : null,
    collectionChangeable: CHOICE_CHANGEABLE.has(order.status),
  };
}

export async function listMemberThreads(deps: SupportDeps, userId: string) {
  return { threads: (await memberThreads(deps.db, userId)).map(threadSummary) };
}

export async function memberThread(deps: SupportDeps, userId: string, threadId: string) {
  const thread = isRowId(threadId) ? await findMemberThread(deps.db, userId, threadId) : undefined;
  if (!thread) throw threadMissing();
  const order = await orderView(deps.db, thread.orderId);
  return {
    ...threadSummary(thread),
    order: order ? { id: order.id, number: order.number } : null,
    messages: (await threadMessages(deps.db, thread.id)).map(messageView),
  };
}

/** The member answers: the conversation is support's turn again, a closed one opens anew. */
export async function memberReply(deps: SupportDeps, user: SessionUser, threadId: string, body: string) {
  const now = deps.now?.() ?? new Date();
  if (!isRowId(threadId)) throw threadMissing();
  await deps.db.transaction(async (tx) => {
    const thread = await lockThread(tx, threadId);
    if (!thread || thread.userId !== user.id) throw threadMissing();
    const message = await insertMessage(tx, {
      threadId,
      author: 'customer',
      authorId: user.id,
      authorName: thread.name,
      body,
      createdAt: now,
    });
    await updateThread(tx, threadId, { status: 'open', lastMessageAt: now, closedAt: null });
    await deps.events.record(tx, 'support.message_received', {
      threadId,
      messageId: message.id,
      topic: thread.topic,
      member: true,
      reply: true,
    });
  });
  return memberThread(deps, user.id, threadId);
}

export async function consoleThreads(deps: SupportDeps, status: SupportStatus) {
  const [rows, counts] = await Promise.all([threadsByStatus(deps.db, status), countsByStatus(deps.db)]);
  return {
    counts: { open: counts.open ?? 0, answered: counts.answered ?? 0, closed: counts.closed ?? 0 },
    threads: rows.map((row) => ({
      ...threadSummary(row),
      name: row.name,
      email: row.email,
      member: row.userId !== null,
      messageCount: row.messageCount,
    })),
  };
}

export async function consoleThread(deps: SupportDeps, threadId: string) {
  const thread = isRowId(threadId) ? await findThread(deps.db, threadId) : undefined;
  if (!thread) throw threadMissing();
  const order = await orderView(deps.db, thread.orderId);
  return {
    ...threadSummary(thread),
    name: thread.name,
    email: thread.email,
    member: thread.userId !== null,
    order,
    labs: order?.collectionChangeable ? await allLabs(deps.db) : [],
    messages: (await threadMessages(deps.db, thread.id)).map(messageView),
  };
}

/** Support answers: the message is kept in the thread and e-mailed in full through the outbox. */
export async function staffReply(deps: SupportDeps, actor: Actor, threadId: string, body: string) {
  const now = deps.now?.() ?? new Date();
  if (!isRowId(threadId)) throw threadMissing();
  await deps.db.transaction(async (tx) => {
    const thread = await lockThread(tx, threadId);
    if (!thread) throw threadMissing();
    const staffName = actor.user.name || 'Base support';
    const message = await insertMessage(tx, {
      threadId,
      author: 'staff',
      authorId: actor.user.id,
      authorName: staffName,
      body,
      createdAt: now,
    });
    await updateThread(tx, threadId, { status: 'answered', lastMessageAt: now, closedAt: null });
    const isMember = thread.userId !== null;
    await enqueueEmail(
      tx,
      supportReplyEmail({
        to: thread.email,
        name: thread.name,
        subject: thread.subject,
        staffName,
        body,
        continueUrl: isMember ? `${deps.publicUrl}/account/messages/${thread.id}` : `${deps.publicUrl}/contact`,
        isMember,
      }),
      `support-reply:${message.id}`,
    );
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: 'support.reply',
      subjectType: 'support_thread',
      subjectId: thread.id,
      detail: { messageId: message.id },
      ip: actor.ip,
    });
  });
  return consoleThread(deps, threadId);
}

export async function closeThread(deps: SupportDeps, actor: Actor, threadId: string) {
  const now = deps.now?.() ?? new Date();
  if (!isRowId(threadId)) throw threadMissing();
  await deps.db.transaction(async (tx) => {
    const thread = await lockThread(tx, threadId);
    if (!thread) throw threadMissing();
    if (thread.status === 'closed') return;
    await updateThread(tx, threadId, { status: 'closed', closedAt: now });
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: 'support.close',
      subjectType: 'support_thread',
      subjectId: thread.id,
      detail: { from: thread.status },
      ip: actor.ip,
    });
  });
  return consoleThread(deps, threadId);
}

/**
 * Support changes the collection choice of the order a thread is about, while nothing was sent yet
 * (no kit prepared, no lab order): the choice is replaced whole, the order's state stays, and the
 * audit log keeps what it was and what it became.
 */
export async function changeCollection(deps: SupportDeps, actor: Actor, threadId: string, choice: CollectionChoice) {
  if (!isRowId(threadId)) throw threadMissing();
  await assertChoiceCollectable(deps.db, choice);
  await deps.db.transaction(async (tx) => {
    const thread = await lockThread(tx, threadId);
    if (!thread) throw threadMissing();
    if (!thread.orderId) throw conflict('NO_ORDER', 'This conversation has no order attached.');
    const order = await lockOrder(tx, thread.orderId);
    if (!order) throw conflict('NO_ORDER', 'This conversation has no order attached.');
    if (!CHOICE_CHANGEABLE.has(order.status)) throw conflict('COLLECTION_LOCKED', supportCopy.collectionTooLate);
    const before = await findOrderWithChoice(tx, order.id);
    await replaceCollectionChoice(tx, collectionChoiceRow(order.id, choice));
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: 'order.collection_change',
      subjectType: 'order',
      subjectId: order.id,
      detail: {
        threadId: thread.id,
        from: before?.choice
          ? { method: before.choice.method, zipCode: before.choice.zipCode, labLocationId: before.choice.labLocationId }
          : null,
        to: { method: choice.method, zipCode: choice.zipCode, labLocationId: choice.method === 'lab' ? choice.labLocationId : null },
      },
      ip: actor.ip,
    });
  });
  return consoleThread(deps, threadId);
}
