import { and, asc, count, eq, gte, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { coachingBookings, coachingSlots, orderItems, orders, users, type Executor } from '@shop/db';
import { coachingProductCodes } from '@shop/core';

/** The member's order lines that can give coach sessions, with their order's state, oldest first; locked when asked. */
export async function coachingLines(tx: Executor, userId: string, options: { lock?: boolean } = {}) {
  const query = tx
    .select({
      orderItemId: orderItems.id,
      orderId: orders.id,
      productCode: orderItems.productCode,
      quantity: orderItems.quantity,
      orderStatus: orders.status,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), inArray(orderItems.productCode, [...coachingProductCodes])))
    .orderBy(asc(orders.createdAt), asc(orderItems.id));
  // the member's lines are the lock: two bookings of theirs at once spend one credit after the other
  return options.lock ? query.for('update', { of: orderItems }) : query;
}

/** How many active bookings each order line pays for. */
export async function bookedPerLine(tx: Executor, userId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ orderItemId: coachingBookings.orderItemId, booked: count() })
    .from(coachingBookings)
    .where(and(eq(coachingBookings.userId, userId), eq(coachingBookings.status, 'booked')))
    .groupBy(coachingBookings.orderItemId);
  return new Map(rows.map((row) => [row.orderItemId, Number(row.booked)]));
}

const slotWithCoach = {
  slot: coachingSlots,
  coachName: users.name,
};

export async function lockSlot(tx: Executor, slotId: string) {
  const [row] = await tx.select().from(coachingSlots).where(eq(coachingSlots.id, slotId)).for('update');
  return row;
}

export async function findSlotWithCoach(tx: Executor, slotId: string) {
  const [row] = await tx
    .select(slotWithCoach)
    .from(coachingSlots)
    .innerJoin(users, eq(users.id, coachingSlots.coachId))
    .where(eq(coachingSlots.id, slotId));
  return row;
}

export async function activeBookingOfSlot(tx: Executor, slotId: string) {
  const [row] = await tx
    .select()
    .from(coachingBookings)
    .where(and(eq(coachingBookings.slotId, slotId), eq(coachingBookings.status, 'booked')))
    .for('update');
  return row;
}

/** A member's own booking, locked: anyone else's is not found. */
export async function lockOwnBooking(tx: Executor, userId: string, bookingId: string) {
  const [row] = await tx
    .select()
    .from(coachingBookings)
    .where(and(eq(coachingBookings.id, bookingId), eq(coachingBookings.userId, userId)))
    .for('update');
  return row;
}

/** The member's booked sessions, soonest first, with their slot and coach. */
export async function memberSessions(db: Executor, userId: string) {
  return db
    .select({ booking: coachingBookings, slot: coachingSlots, coachName: users.name })
    .from(coachingBookings)
    .innerJoin(coachingSlots, eq(coachingSlots.id, coachingBookings.slotId))
    .innerJoin(users, eq(users.id, coachingSlots.coachId))
    .where(and(eq(coachingBookings.userId, userId), eq(coachingBookings.status, 'booked')))
    .orderBy(asc(coachingSlots.startsAt));
}

/** Published slots from `from` on that nobody has booked, soonest first. */
export async function openSlots(db: Executor, from: Date, limit: number) {
  return db
    .select(slotWithCoach)
    .from(coachingSlots)
    .innerJoin(users, eq(users.id, coachingSlots.coachId))
    .leftJoin(coachingBookings, and(eq(coachingBookings.slotId, coachingSlots.id), eq(coachingBookings.status, 'booked')))
    .where(and(eq(coachingSlots.status, 'published'), gte(coachingSlots.startsAt, from), isNull(coachingBookings.id)))
    .orderBy(asc(coachingSlots.startsAt))
    .limit(limit);
}

/** A coach's published slots that overlap the time given. */
export async function overlappingSlots(tx: Executor, coachId: string, startsAt: Date, endsAt: Date) {
  return tx
    .select({ startsAt: coachingSlots.startsAt, endsAt: coachingSlots.endsAt })
    .from(coachingSlots)
    .where(
      and(
        eq(coachingSlots.coachId, coachId),
        eq(coachingSlots.status, 'published'),
        lt(coachingSlots.startsAt, endsAt),
        gt(coachingSlots.endsAt, startsAt),
      ),
    );
}

/** Serialises one coach's publishing: two slots sent at once cannot both miss each other's overlap. */
export async function lockCoach(tx: Executor, coachId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, coachId)).for('update');
}

/** The console's list: slots not yet over, soonest first, with the coach and whoever booked (name and e-mail only). */
export async function upcomingSlotsWithBookings(db: Executor, from: Date, limit: number) {
  const member = alias(users, 'member');
  return db
    .select({
      slot: coachingSlots,
      coachName: users.name,
      bookingId: coachingBookings.id,
      bookedAt: coachingBookings.updatedAt,
      meetingUrl: coachingBookings.meetingUrl,
      memberName: member.name,
      memberEmail: member.email,
    })
    .from(coachingSlots)
    .innerJoin(users, eq(users.id, coachingSlots.coachId))
    .leftJoin(coachingBookings, and(eq(coachingBookings.slotId, coachingSlots.id), eq(coachingBookings.status, 'booked')))
    .leftJoin(member, eq(member.id, coachingBookings.userId))
    .where(and(gte(coachingSlots.endsAt, from), ne(coachingSlots.status, 'cancelled')))
    .orderBy(asc(coachingSlots.startsAt))
    .limit(limit);
}

export async function memberOf(db: Executor, userId: string) {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}
