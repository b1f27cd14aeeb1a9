import { and, eq, inArray, isNull, lte, max, ne, sql } from 'drizzle-orm';
import { dayOf, formatMoney, frequencyLabels, isDeliveryFrequency, isMembership, priceChangeVerdict, yearlyReminderDue } from '@shop/core';
import {
  subscriptionPriceChanges,
  subscriptionPriceNotices,
  subscriptionReminders,
  subscriptions,
  users,
  type Database,
  type Executor,
} from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { renewalPriceChangeEmail, yearlyRenewalReminderEmail } from '../email/subscription-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import { AppError, conflict } from '../errors.ts';
import type { JobHandler } from '../jobs/worker.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /**
     * e-mails each renewing subscription its yearly reminder of the terms, once per year of its
     * life; `subscriptionId` narrows it to one (the browser tests' clock)
     */
    'subscription.yearly_reminders': { subscriptionId?: string };
    /** applies the announced price changes whose day has come, to the subscriptions told of them */
    'subscription.price_changes': Record<string, never>;
  }
}

/** The states in which a subscription still renews (paused: a membership that may be paid again). */
const renewing = ['active', 'past_due', 'paused'];

/** "$9.95 every month" or "$69.95 for each delivery, every month": what a subscription charges, in words. */
function chargesOf(subscription: { productCode: string; frequency: string; priceCents: number }, priceCents = subscription.priceCents) {
  const price = formatMoney(priceCents);
  if (isMembership(subscription.productCode)) return `${price} every month`;
  const often = isDeliveryFrequency(subscription.frequency) ? frequencyLabels[subscription.frequency] : subscription.frequency;
  return `${price} for each delivery, ${often}`;
}

/**
 * The queue's `subscription.yearly_reminders` (hourly): every subscription still renewing whose
 * anniversary has come gets the reminder of its year — exactly once, held by the unique
 * (subscription, year) row written in the transaction that queues the e-mail.
 */
export function yearlyReminderJob(db: Database, publicUrl: string): JobHandler<'subscription.yearly_reminders'> {
  return async (payload, context) => {
    const today = dayOf(context.now);
    const yearAgo = new Date(context.now);
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    const lastYear = db
      .select({ subscriptionId: subscriptionReminders.subscriptionId, year: max(subscriptionReminders.year).as('last_year') })
      .from(subscriptionReminders)
      .groupBy(subscriptionReminders.subscriptionId)
      .as('last_reminder');
    const candidates = await db
      .select({ subscription: subscriptions, email: users.email, lastYear: lastYear.year })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .leftJoin(lastYear, eq(lastYear.subscriptionId, subscriptions.id))
      // a day's slack: the anniversary is counted in days, the query in moments
      .where(
        and(
          inArray(subscriptions.status, renewing),
          lte(subscriptions.createdAt, new Date(yearAgo.getTime() + 86_400_000)),
          payload.subscriptionId ? eq(subscriptions.id, payload.subscriptionId) : undefined,
        ),
      )
      .limit(500);
    for (const { subscription, email, lastYear: last } of candidates) {
      const year = yearlyReminderDue(dayOf(subscription.createdAt), today, last ?? null);
      if (year === null) continue;
      await db.transaction(async (tx) => {
        const [written] = await tx
          .insert(subscriptionReminders)
          .values({ subscriptionId: subscription.id, year, sentAt: context.now })
          .onConflictDoNothing()
          .returning({ id: subscriptionReminders.id });
        // another run wrote this year's first
        if (!written) return;
        const message = yearlyRenewalReminderEmail({
          to: email,
          title: subscription.title,
          charges: chargesOf(subscription),
          accountUrl: `${publicUrl}/account`,
          years: year,
        });
        await enqueueEmail(tx, message, `subscription-yearly-reminder:${subscription.id}:${year}`);
      });
    }
  };
}

export interface PriceChangeInput {
  productCode: string;
  priceCents: number;
  effectiveOn: string;
}

/**
 * An operator changes a renewing price: the only way a subscription's price changes. The change
 * and one notice per subscription it touches are written, and each member e-mailed, in one
 * transaction; the new price takes effect on `effectiveOn`, 7 to 30 days later (core's
 * `renewalLaw`), for exactly the subscriptions that were told. A subscription started after the
 * announcement keeps the price it was bought at.
 */
export async function announcePriceChange(
  db: Database,
  actor: { id: string; role: string; ip: string | null },
  input: PriceChangeInput,
  publicUrl: string,
  now = new Date(),
) {
  const verdict = priceChangeVerdict(dayOf(now), input.effectiveOn);
  if (!verdict.ok) throw new AppError(422, 'PRICE_CHANGE_NOTICE', verdict.reason);
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: subscriptionPriceChanges.id, effectiveOn: subscriptionPriceChanges.effectiveOn })
      .from(subscriptionPriceChanges)
      .where(and(eq(subscriptionPriceChanges.productCode, input.productCode), isNull(subscriptionPriceChanges.appliedAt)))
      .for('update');
    if (pending) throw conflict('PRICE_CHANGE_PENDING', `A price change of this product already takes effect on ${pending.effectiveOn}.`);
    const touched = await tx
      .select({ subscription: subscriptions, email: users.email })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(
        and(
          eq(subscriptions.productCode, input.productCode),
          inArray(subscriptions.status, renewing),
          ne(subscriptions.priceCents, input.priceCents),
        ),
      )
      .for('update', { of: subscriptions });
    if (touched.length === 0) throw conflict('NOTHING_TO_CHANGE', 'No subscription of this product renews at another price.');
    const [change] = await tx
      .insert(subscriptionPriceChanges)
      .values({ ...input, announcedBy: actor.id, announcedAt: now })
      .returning();
    const notices = await tx
      .insert(subscriptionPriceNotices)
      .values(
        touched.map(({ subscription }) => ({
          priceChangeId: change!.id,
          subscriptionId: subscription.id,
          oldPriceCents: subscription.priceCents,
          sentAt: now,
        })),
      )
      .returning();
    for (const { subscription, email } of touched) {
      const notice = notices.find((row) => row.subscriptionId === subscription.id)!;
      const message = renewalPriceChangeEmail({
        to: email,
        title: subscription.title,
        charges: chargesOf(subscription, input.priceCents),
        oldPriceCents: subscription.priceCents,
        newPriceCents: input.priceCents,
        effectiveOn: input.effectiveOn,
        accountUrl: `${publicUrl}/account`,
      });
      await enqueueEmail(tx, message, `subscription-price-notice:${notice.id}`);
    }
    await recordAudit(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'subscription.price_change',
      subjectType: 'subscription_price_change',
      subjectId: change!.id,
      detail: { ...input, noticed: touched.length },
      ip: actor.ip,
    });
    return { id: change!.id, effectiveOn: change!.effectiveOn, noticed: touched.length };
  });
}

/**
 * The queue's `subscription.price_changes` (hourly): a change whose day has come is applied once,
 * under its row's lock, to the subscriptions it noticed that still renew; a subscription that was
 * not told keeps its price.
 */
export function applyPriceChangesJob(db: Database): JobHandler<'subscription.price_changes'> {
  return async (_payload, context) => {
    const due = await db
      .select({ id: subscriptionPriceChanges.id })
      .from(subscriptionPriceChanges)
      .where(and(isNull(subscriptionPriceChanges.appliedAt), lte(subscriptionPriceChanges.effectiveOn, dayOf(context.now))));
    for (const { id } of due) await db.transaction((tx) => applyPriceChange(tx, id, context.now));
  };
}

async function applyPriceChange(tx: Executor, id: string, now: Date): Promise<void> {
  const [change] = await tx.select().from(subscriptionPriceChanges).where(eq(subscriptionPriceChanges.id, id)).for('update');
  if (!change || change.appliedAt) return;
  await tx
    .update(subscriptions)
    .set({ priceCents: change.priceCents, updatedAt: now })
    .where(
      and(
        inArray(subscriptions.status, renewing),
        inArray(
          subscriptions.id,
          tx
            .select({ id: subscriptionPriceNotices.subscriptionId })
            .from(subscriptionPriceNotices)
            .where(eq(subscriptionPriceNotices.priceChangeId, id)),
        ),
      ),
    );
  await tx
    .update(subscriptionPriceNotices)
    .set({ appliedAt: now })
    .where(and(eq(subscriptionPriceNotices.priceChangeId, id), isNull(subscriptionPriceNotices.appliedAt)));
  await tx.update(subscriptionPriceChanges).set({ appliedAt: now }).where(eq(subscriptionPriceChanges.id, id));
}

/** The operator's view of price changes: each with how many members were told, newest first. */
export async function listPriceChanges(db: Executor) {
  return db
    .select({
      id: subscriptionPriceChanges.id,
      productCode: subscriptionPriceChanges.productCode,
      priceCents: subscriptionPriceChanges.priceCents,
      effectiveOn: subscriptionPriceChanges.effectiveOn,
      announcedAt: subscriptionPriceChanges.announcedAt,
      appliedAt: subscriptionPriceChanges.appliedAt,
      noticed: sql<number>`(select count(*)::int from ${subscriptionPriceNotices} where ${subscriptionPriceNotices.priceChangeId} = ${subscriptionPriceChanges.id})`,
    })
    .from(subscriptionPriceChanges)
    .orderBy(sql`${subscriptionPriceChanges.announcedAt} desc`)
    .limit(100);
}
