import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  accounts,
  cartGifts,
  carts,
  coachingBookings,
  collectionChoices,
  couponRedemptions,
  dataArchives,
  domainEvents,
  emailOutbox,
  employerEmailLinks,
  employerEnrollments,
  experimentAccountVisitors,
  foodLogEntries,
  gifts,
  jobs,
  kitFailures,
  labResults,
  labReviewFiles,
  labReviews,
  leads,
  medicalProfiles,
  minorRemovals,
  orderConsents,
  orderEvents,
  orderItems,
  orderKits,
  orderReviews,
  orders,
  outsideLabReports,
  paymentCustomers,
  payments,
  programRetests,
  providerOrders,
  quizResults,
  cartItems,
  rateLimitCounters,
  referralCodes,
  referralRewards,
  resultHolds,
  rewardLedger,
  sessions,
  subscriptions,
  supportThreads,
  users,
  verifications,
  type Executor,
} from '@shop/db';

/** The account as it is erased: its id stays as the pseudonym of what accounting keeps. */
export interface ErasedMember {
  id: string;
  email: string;
}

/** What the erasure took, by count only: the audit line's detail (no health data, no address). */
export interface ErasureCounts {
  orders: number;
  subscriptions: number;
  files: number;
  [table: string]: number;
}

/** The address kept orders and the tombstone account carry instead of the member's. */
export function pseudonymAddress(userId: string): string {
  return `deleted-${userId.toLowerCase().replace(/[^a-z0-9]/g, '')}@deleted.invalid`;
}

export async function lockMember(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

const anyOf = (column: Parameters<typeof inArray>[0], values: readonly string[]): SQL =>
  values.length ? inArray(column, [...values]) : sql`false`;

/** A jsonb column whose text holds any of the values: job payloads and events name a member in many keys. */
function jsonNames(column: typeof jobs.payload | typeof domainEvents.payload, values: readonly string[]): SQL {
  const needles = values.filter(Boolean);
  if (!needles.length) return sql`false`;
  return or(...needles.map((value) => sql`strpos(${column}::text, ${value}) > 0`))!;
}

/**
 * Erases a member in the caller's transaction (docs/decisions/0075-what-deleting-an-account-keeps.md):
 * everything about their health and everything that names them is deleted; the orders with their
 * items and payments stay for the accounts, under the pseudonym, stripped of what the items said
 * about the tests and of the card's reusable references. The account row stays as a tombstone
 * (no sign-in method, no name, the pseudonym's address) because kept orders point at it.
 * Answers the counts and the storage keys of the files to remove once the transaction commits.
 */
export async function eraseMemberRows(tx: Executor, member: ErasedMember): Promise<{ counts: ErasureCounts; storageKeys: string[] }> {
  const pseudonym = pseudonymAddress(member.id);
  const orderIds = (await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, member.id))).map((row) => row.id);
  const orderCarts = (await tx.select({ cartId: orders.cartId }).from(orders).where(eq(orders.userId, member.id))).map((row) => row.cartId);
  const ownCarts = (await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, member.id))).map((row) => row.id);
  const cartIds = [...new Set([...orderCarts, ...ownCarts])];
  const subscriptionIds = (await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, member.id))).map(
    (row) => row.id,
  );
  const reviewIds = (await tx.select({ id: labReviews.id }).from(labReviews).where(eq(labReviews.userId, member.id))).map((row) => row.id);
  const files = reviewIds.length
    ? await tx.select({ storageKey: labReviewFiles.storageKey }).from(labReviewFiles).where(inArray(labReviewFiles.reviewId, reviewIds))
    : [];
  const quizIds = cartIds.length
    ? (await tx.select({ id: cartItems.quizResultId }).from(cartItems).where(inArray(cartItems.cartId, cartIds))).flatMap((row) =>
        row.id ? [row.id] : [],
      )
    : [];
  const counts: ErasureCounts = { orders: orderIds.length, subscriptions: subscriptionIds.length, files: files.length };
  const count = async (name: string, deleted: Promise<unknown[]>) => {
    counts[name] = (await deleted).length;
  };

  // health: results (the orders' and the outside ones from other labs' reports, decision 0087, with
  // those reports), kits and their failures, clinicians' reviews, holds, plans and their files
  const outsideReports = await tx
    .delete(outsideLabReports)
    .where(eq(outsideLabReports.userId, member.id))
    .returning({ id: outsideLabReports.id, storageKey: outsideLabReports.storageKey });
  counts.outsideReports = outsideReports.length;
  counts.files += outsideReports.length;
  await count(
    'labResults',
    tx
      .delete(labResults)
      .where(or(anyOf(labResults.orderId, orderIds), eq(labResults.userId, member.id)))
      .returning({ id: labResults.id }),
  );
  await count('kitFailures', tx.delete(kitFailures).where(anyOf(kitFailures.orderId, orderIds)).returning({ id: kitFailures.id }));
  await count('kits', tx.delete(orderKits).where(anyOf(orderKits.orderId, orderIds)).returning({ id: orderKits.id }));
  await count('reviews', tx.delete(orderReviews).where(anyOf(orderReviews.orderId, orderIds)).returning({ id: orderReviews.orderId }));
  await count('holds', tx.delete(resultHolds).where(anyOf(resultHolds.orderId, orderIds)).returning({ id: resultHolds.id }));
  await count('labReviews', tx.delete(labReviews).where(eq(labReviews.userId, member.id)).returning({ id: labReviews.id }));
  await count(
    'medicalProfiles',
    tx.delete(medicalProfiles).where(eq(medicalProfiles.userId, member.id)).returning({ id: medicalProfiles.userId }),
  );
  await count(
    'quizResults',
    tx
      .delete(quizResults)
      .where(or(eq(quizResults.userId, member.id), anyOf(quizResults.id, quizIds)))
      .returning({ id: quizResults.id }),
  );
  // the member's data archives, being prepared or ready: their rows, then (after the commit) their sealed files
  const archives = await tx
    .delete(dataArchives)
    .where(eq(dataArchives.userId, member.id))
    .returning({ id: dataArchives.id, storageKey: dataArchives.storageKey });
  counts.dataArchives = archives.length;
  await count('foodLog', tx.delete(foodLogEntries).where(eq(foodLogEntries.userId, member.id)).returning({ id: foodLogEntries.id }));
  await count(
    'supportThreads',
    tx
      .delete(supportThreads)
      .where(or(eq(supportThreads.userId, member.id), eq(supportThreads.email, member.email), anyOf(supportThreads.orderId, orderIds)))
      .returning({ id: supportThreads.id }),
  );

  // what an order says about the person beyond the sale: where it went, its timeline, consents, the programme
  await tx.delete(collectionChoices).where(anyOf(collectionChoices.orderId, orderIds));
  await tx.delete(orderEvents).where(anyOf(orderEvents.orderId, orderIds));
  await tx.delete(orderConsents).where(or(eq(orderConsents.userId, member.id), anyOf(orderConsents.orderId, orderIds)));
  await tx.delete(programRetests).where(or(anyOf(programRetests.programOrderId, orderIds), anyOf(programRetests.retestOrderId, orderIds)));
  await tx.delete(coachingBookings).where(eq(coachingBookings.userId, member.id));
  // the subscription ends with the account: nothing more is delivered nor charged
  await tx.delete(subscriptions).where(eq(subscriptions.userId, member.id));
  await tx.delete(couponRedemptions).where(eq(couponRedemptions.userId, member.id));
  await tx.delete(referralCodes).where(eq(referralCodes.userId, member.id));
  await tx.delete(referralRewards).where(eq(referralRewards.referrerUserId, member.id));
  await tx.delete(rewardLedger).where(eq(rewardLedger.referrerUserId, member.id));
  await tx.delete(employerEmailLinks).where(eq(employerEmailLinks.userId, member.id));
  await tx.update(employerEnrollments).set({ workEmail: pseudonym }).where(eq(employerEnrollments.userId, member.id));
  await tx.update(providerOrders).set({ clientUserId: null }).where(eq(providerOrders.clientUserId, member.id));
  await tx.delete(experimentAccountVisitors).where(eq(experimentAccountVisitors.userId, member.id));
  await tx.delete(minorRemovals).where(eq(minorRemovals.userId, member.id));
  await tx.delete(leads).where(eq(leads.email, member.email));

  // gifts: what the member wrote and their name leave a gift they sent; one they received forgets them
  const sentGifts = (
    await tx
      .select({ id: gifts.id })
      .from(gifts)
      .where(or(eq(gifts.purchaserUserId, member.id), anyOf(gifts.orderId, orderIds)))
  ).map((row) => row.id);
  // the e-mails that told a recipient of the member's gift name the member: the shop's copies go, with their jobs
  const giftMailJobs = sentGifts.length
    ? (
        await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(ne(jobs.status, 'running'), or(...sentGifts.map((id) => sql`strpos(coalesce(${jobs.singletonKey}, ''), ${id}) > 0`))))
      ).map((row) => row.id)
    : [];
  await tx.delete(emailOutbox).where(anyOf(emailOutbox.jobId, giftMailJobs));
  await tx.delete(cartGifts).where(anyOf(cartGifts.cartId, cartIds));
  await tx
    .update(gifts)
    .set({ purchaserUserId: null, purchaserName: 'A friend', purchaserEmail: pseudonym, message: null, updatedAt: new Date() })
    .where(or(eq(gifts.purchaserUserId, member.id), anyOf(gifts.orderId, orderIds)));
  await tx
    .update(gifts)
    .set({ redeemedByUserId: null, recipientName: 'A member', recipientEmail: pseudonym, updatedAt: new Date() })
    .where(or(eq(gifts.redeemedByUserId, member.id), eq(gifts.recipientEmail, member.email)));

  // what named them in the machinery: queued and finished work, events, e-mails, counters, sign-in
  const names = [member.email, member.id, ...orderIds, ...subscriptionIds];
  await count(
    'jobs',
    tx
      .delete(jobs)
      .where(and(ne(jobs.status, 'running'), or(jsonNames(jobs.payload, names), anyOf(jobs.id, giftMailJobs))))
      .returning({ id: jobs.id }),
  );
  await count(
    'events',
    tx
      .delete(domainEvents)
      .where(or(inArray(domainEvents.subjectId, names), jsonNames(domainEvents.payload, names)))
      .returning({ id: domainEvents.id }),
  );
  await count('emails', tx.delete(emailOutbox).where(eq(emailOutbox.toAddress, member.email)).returning({ id: emailOutbox.id }));
  await tx.delete(rateLimitCounters).where(sql`strpos(${rateLimitCounters.key}, ${member.email}) > 0`);
  await tx.delete(verifications).where(or(eq(verifications.value, member.id), eq(verifications.identifier, member.email)));
  await tx.delete(sessions).where(eq(sessions.userId, member.id));
  await tx.delete(accounts).where(eq(accounts.userId, member.id));
  await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, member.id));

  // carts: one an order was placed from stays (the order points at it) without its owner; the rest go
  const keptCarts = new Set(orderCarts);
  const looseCarts = ownCarts.filter((id) => !keptCarts.has(id));
  if (looseCarts.length) await tx.delete(carts).where(inArray(carts.id, looseCarts));
  if (orderCarts.length) await tx.update(carts).set({ userId: null }).where(inArray(carts.id, orderCarts));

  // accounting: the sale stays, under the pseudonym, without what its lines said about the tests
  if (orderIds.length) {
    await tx.update(orders).set({ email: pseudonym, updatedAt: new Date() }).where(inArray(orders.id, orderIds));
    // each line's title becomes its product code, written through the column's type so that it is
    // sealed like every title (an SQL copy of the code would put clear text in the sealed column)
    const codes = await tx.selectDistinct({ code: orderItems.productCode }).from(orderItems).where(inArray(orderItems.orderId, orderIds));
    for (const { code } of codes) {
      await tx
        .update(orderItems)
        .set({ title: code })
        .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.productCode, code)));
    }
    await tx
      .update(payments)
      .set({ customerId: null, savedPaymentMethod: null, paymentMethod: null, cardFingerprint: null })
      .where(inArray(payments.orderId, orderIds));
  }
  await tx
    .update(users)
    .set({ email: pseudonym, name: 'Deleted member', image: null, updatedAt: new Date() })
    .where(eq(users.id, member.id));
  const archiveKeys = archives.flatMap((archive) => (archive.storageKey ? [archive.storageKey] : []));
  return {
    counts,
    storageKeys: [...files.map((file) => file.storageKey), ...outsideReports.map((report) => report.storageKey), ...archiveKeys],
  };
}
