import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { domainEventHandlings, domainEvents, jobs, type Database, type Executor } from '@shop/db';
import { currentRequestId } from '../http/request-context.ts';
import { enqueue } from '../jobs/queue.ts';
import { currentTraceParent } from '../tracing/jobs.ts';
import { subjectOf, type DomainEvent, type DomainEventPayloads, type DomainEventType } from './catalog.ts';

/**
 * A consumer of one kind of event. `in-transaction` handlers run inside the transaction that
 * records the event: their effect commits with it or not at all (the gift of a paid order, its
 * subscriptions). `queued` handlers run later, from the job queue, each in a transaction of its
 * own (the receipt: built off the request's path, retried until it goes out).
 */
export interface EventHandler<T extends DomainEventType = DomainEventType> {
  /** unique and stable: the handler's record of what it has handled is kept under this name */
  name: string;
  /** the event it handles, or the events (each given to it once) */
  on: T | readonly T[];
  mode: 'in-transaction' | 'queued';
  /** `events` records what the handler's own change causes, in the same transaction (a program completed by its last retest's results) */
  handle(tx: Executor, event: DomainEvent<T>, events: EventRecorder): Promise<void>;
  /** set for a handler declared with `write` (see `WritingHandler`): `handle` runs it alone */
  write?(event: DomainEvent<T>): SQL | null;
}

/**
 * An in-transaction handler whose whole effect is one write that reads nothing back (closing the
 * paid order's cart, counting it in experiments): `write` answers it as SQL (an insert, update or
 * delete, without RETURNING), or null when this event asks for nothing. Recording the event sends
 * it inside the event's own statement, as one of its WITH queries, instead of a round trip of its
 * own; it commits with the event as any in-transaction handler does. Such a write runs after the
 * event's other in-transaction handlers and does not see, nor is seen by, the event's other
 * writes of the same statement (PostgreSQL runs them on one snapshot), so it must not depend on them.
 */
export interface WritingHandler<T extends DomainEventType = DomainEventType> {
  name: string;
  on: T | readonly T[];
  mode: 'in-transaction';
  write(event: DomainEvent<T>): SQL | null;
}

/** Declares a handler with its payload's type checked against the event it subscribes to. */
export function onEvent<T extends DomainEventType>(handler: EventHandler<T> | WritingHandler<T>): EventHandler {
  if ('handle' in handler) return handler;
  // run on its own (a replay, a test): the same write as its own statement
  const handle = async (tx: Executor, event: DomainEvent<T>) => {
    const write = handler.write(event);
    if (write) await tx.execute(write);
  };
  return { ...handler, handle };
}

export interface EventRecorder {
  /**
   * Records an event in the caller's transaction: its in-transaction handlers run now, its queued
   * handlers get a job each, queued in the same transaction. Rolled back, nothing happened.
   */
  record<T extends DomainEventType>(tx: Executor, type: T, payload: DomainEventPayloads[T]): Promise<DomainEvent<T>>;
}

export interface EventBus extends EventRecorder {
  /** runs one queued handler over one event, once: a second run (a retried job) finds it handled */
  runQueued(db: Database, eventId: string, handlerName: string): Promise<'handled' | 'already handled'>;
  /**
   * Gives an event to every handler that has not handled it yet (one added since, one whose job
   * was lost): in-transaction handlers run now, queued ones get their job. Answers their names.
   */
  replay(db: Database, eventId: string): Promise<string[]>;
  readonly handlers: readonly EventHandler[];
}

export function createEventBus(handlers: EventHandler[]): EventBus {
  const names = new Set<string>();
  for (const handler of handlers) {
    if (names.has(handler.name)) throw new Error(`two event handlers are named ${handler.name}`);
    names.add(handler.name);
  }
  const subscribersOf = (type: DomainEventType) =>
    handlers.filter((handler) => (typeof handler.on === 'string' ? handler.on === type : handler.on.includes(type)));
  const named = (name: string) => handlers.find((handler) => handler.name === name);

  async function claim(tx: Executor, eventId: string, handler: string): Promise<boolean> {
    const claimed = await tx
      .insert(domainEventHandlings)
      .values({ eventId, handler })
      .onConflictDoNothing()
      .returning({ eventId: domainEventHandlings.eventId });
    return claimed.length > 0;
  }

  async function queue(tx: Executor, eventId: string, handler: string): Promise<void> {
    await enqueue(tx, {
      name: 'event.handle',
      payload: { eventId, handler },
      singletonKey: eventJobKey(eventId, handler),
      maxAttempts: EVENT_JOB_ATTEMPTS,
    });
  }

  const bus: EventBus = {
    handlers,
    async record(tx, type, payload) {
      const event = { id: randomUUID(), type, payload, occurredAt: new Date() };
      const subscribers = subscribersOf(type);
      const inline = subscribers.filter((handler) => handler.mode === 'in-transaction');
      const writes: SQL[] = [];
      for (const handler of inline) {
        if (!handler.write) await handler.handle(tx, event, bus);
        else {
          const write = handler.write(event);
          if (write) writes.push(write);
        }
      }
      // the event, who handled it, the writing handlers' writes and the jobs of the handlers that
      // run later, in one statement; the event and its jobs name the request that caused them (and its span)
      const requestId = currentRequestId();
      const handled = inline.map((handler) => handler.name);
      const later = subscribers.filter((handler) => handler.mode === 'queued').map((handler) => handler.name);
      const names = (list: string[]) =>
        sql`array[${sql.join(
          list.map((name) => sql`${name}`),
          sql`, `,
        )}]::text[]`;
      await tx.execute(sql`
        with event as (
          insert into ${domainEvents} (id, type, subject_id, payload, occurred_at, request_id)
          values (${event.id}, ${type}, ${subjectOf(type, payload)}, ${JSON.stringify(payload)}::jsonb, ${event.occurredAt.toISOString()}, ${requestId})
          returning id, request_id
        ),
        handled as (
          insert into ${domainEventHandlings} (event_id, handler)
          select event.id, handler from event, unnest(${names(handled)}) as handler
        )${sql.join(writes.map((write, index) => sql`, ${sql.identifier(`handler_write_${index}`)} as (${write})`))}
        ${queuedJobs(sql`event.id`, names(later), event.occurredAt, currentTraceParent())}`);
      return event;
    },

    async runQueued(db, eventId, handlerName) {
      const handler = named(handlerName);
      if (!handler) throw new Error(`no event handler named ${handlerName}`);
      return db.transaction(async (tx) => {
        const event = await loadEvent(tx, eventId);
        if (!(await claim(tx, eventId, handlerName))) return 'already handled';
        await handler.handle(tx, event, bus);
        return 'handled';
      });
    },

    async replay(db, eventId) {
      const event = await loadEvent(db, eventId);
      const done = new Set(
        (
          await db
            .select({ handler: domainEventHandlings.handler })
            .from(domainEventHandlings)
            .where(eq(domainEventHandlings.eventId, eventId))
        ).map((row) => row.handler),
      );
      const given: string[] = [];
      for (const handler of subscribersOf(event.type)) {
        if (done.has(handler.name)) continue;
        if (handler.mode === 'queued') await queue(db, eventId, handler.name);
        else {
          const ran = await db.transaction(async (tx) => {
            if (!(await claim(tx, eventId, handler.name))) return false;
            await handler.handle(tx, event, bus);
            return true;
          });
          if (!ran) continue;
        }
        given.push(handler.name);
      }
      return given;
    },
  };
  return bus;
}

/** A queued handler's job is one per event and handler, whoever queues it (recording, a replay). */
const eventJobKey = (eventId: string, handler: string) => `event:${eventId}:${handler}`;
const EVENT_JOB_ATTEMPTS = 8;

/**
 * The `event.handle` jobs of an event's queued handlers, as the rest of a statement that made the
 * event: what `enqueue` writes for each, with the same singleton key (eventJobKey) and the event's request id.
 */
function queuedJobs(eventId: SQL, handlers: SQL, runAt: Date, traceParent: string | null): SQL {
  return sql`
    insert into ${jobs} (name, payload, run_at, singleton_key, max_attempts, request_id, trace_parent)
    select 'event.handle', jsonb_build_object('eventId', ${eventId}, 'handler', handler), ${runAt.toISOString()},
      'event:' || ${eventId} || ':' || handler, ${EVENT_JOB_ATTEMPTS}, event.request_id, ${traceParent}::text
    from event, unnest(${handlers}) as handler
    on conflict (singleton_key) do nothing`;
}

async function loadEvent(db: Executor, eventId: string): Promise<DomainEvent> {
  const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, eventId));
  if (!row) throw new Error(`no domain event ${eventId}`);
  return {
    id: row.id,
    type: row.type as DomainEventType,
    payload: row.payload as unknown as DomainEventPayloads[DomainEventType],
    occurredAt: row.occurredAt,
  };
}
