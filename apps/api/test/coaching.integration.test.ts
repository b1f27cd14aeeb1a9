import { and, eq } from 'drizzle-orm';
import { auditLog, coachingBookings, coachingSlots } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { createTestShop, mailbox, staffVisitor, uniqueEmail, Visitor, type TestShop, placeOrder } from './helpers.ts';

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

interface Member {
  visitor: Visitor;
  email: string;
  orderId: string;
}

let shop: TestShop;
let coach: Visitor;
let operator: Visitor;

beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test', EMAIL_FROM: 'Base <hello@shop.test>' } });
  coach = await staffVisitor(shop, 'coach');
  operator = await staffVisitor(shop, 'operator');
});
afterAll(() => shop.close());

/** A new customer buys the consultation (alone, as the shop sells it) and pays. */
async function memberWithSession(options: { pay?: boolean } = {}): Promise<Member> {
  const visitor = new Visitor(shop.app);
  const email = uniqueEmail('coached');
  if (options.pay === false) {
    const account = await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
    expect(account.statusCode, account.body).toBe(200);
    return { visitor, email, orderId: '' };
  }
  const added = await visitor.post('/api/cart/items', { productCode: 'health-coach' });
  expect(added.statusCode, added.body).toBe(200);
  const account = await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
  expect(account.statusCode, account.body).toBe(200);
  const placed = await placeOrder(visitor);
  expect(placed.statusCode, placed.body).toBe(201);
  return { visitor, email, orderId: placed.json().order.id };
}

let published = 0;
/** A slot the coach publishes, each at a time of its own so none overlap. */
async function publish(hoursAhead = 48 + published++ * 2, minutes = 30): Promise<string> {
  const response = await coach.post('/api/admin/coaching/slots', { startsAt: inHours(hoursAhead).toISOString(), minutes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** Moves a slot in time behind the API's back: the clock has run on. */
async function moveSlotTo(slotId: string, startsAt: Date) {
  await shop.database.db
    .update(coachingSlots)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) })
    .where(eq(coachingSlots.id, slotId));
}

const invitationOf = (email: { attachments: { content: string; contentType: string }[] | null }) => email.attachments?.[0];

describe('publishing slots', () => {
  it('lets a coach and an operator publish, and neither a customer nor support', async () => {
    const slot = await coach.post('/api/admin/coaching/slots', { startsAt: inHours(300).toISOString() });
    expect(slot.statusCode, slot.body).toBe(201);
    expect(slot.json()).toMatchObject({ minutes: 30, status: 'published', booking: null, coachName: 'coach' });
    const byOperator = await operator.post('/api/admin/coaching/slots', { startsAt: inHours(300).toISOString(), minutes: 45 });
    expect(byOperator.statusCode, byOperator.body).toBe(201);

    const customer = (await memberWithSession({ pay: false })).visitor;
    expect((await customer.post('/api/admin/coaching/slots', { startsAt: inHours(310).toISOString() })).statusCode).toBe(403);
    expect((await customer.get('/api/admin/coaching/slots')).statusCode).toBe(403);
    const support = await staffVisitor(shop, 'support');
    expect((await support.post('/api/admin/coaching/slots', { startsAt: inHours(310).toISOString() })).statusCode).toBe(403);
    expect((await support.get('/api/admin/coaching/slots')).statusCode).toBe(403);

    const audit = await shop.database.db.select().from(auditLog).where(eq(auditLog.action, 'coaching.slot_publish'));
    expect(audit.map((line) => line.actorRole).sort()).toEqual(expect.arrayContaining(['coach', 'operator']));
  });

  it('refuses a slot in the past, too short or too long, or over one of the coach’s own, and stores nothing', async () => {
    const before = await shop.database.db.select().from(coachingSlots);
    const cases: [unknown, number, string][] = [
      [{ startsAt: inHours(-1).toISOString() }, 400, 'This time has already passed. Please choose a time in the future.'],
      [{ startsAt: inHours(400).toISOString(), minutes: 10 }, 400, 'A session lasts between 15 and 120 minutes.'],
      [{ startsAt: inHours(400).toISOString(), minutes: 121 }, 400, 'A session lasts between 15 and 120 minutes.'],
      [{ startsAt: inHours(300.25).toISOString() }, 409, 'You already have a slot at this time.'],
      [{ startsAt: 'next tuesday' }, 400, 'Please give the date and time the session starts.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await coach.post('/api/admin/coaching/slots', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await shop.database.db.select().from(coachingSlots)).toHaveLength(before.length);
  });
});

describe('a member’s sessions', () => {
  let member: Member;
  beforeAll(async () => {
    member = await memberWithSession();
  });

  it('books an open slot with the session they paid for, and gets the invitation', async () => {
    const slotId = await publish();
    const before = (await member.visitor.get('/api/account/coaching')).json();
    expect(before.credits).toEqual({ paid: 1, booked: 0, remaining: 1 });
    expect(before.openSlots.map((slot: { id: string }) => slot.id)).toContain(slotId);

    const booked = await member.visitor.post('/api/account/coaching/bookings', { slotId });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ slotId, canChange: true, minutes: 30 });
    expect(booked.json().when).toMatch(/^\w+day, \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) ET$/);

    const after = (await member.visitor.get('/api/account/coaching')).json();
    expect(after.credits).toEqual({ paid: 1, booked: 1, remaining: 0 });
    expect(after.sessions).toHaveLength(1);
    expect(after.openSlots.map((slot: { id: string }) => slot.id)).not.toContain(slotId);

    const [email] = (await mailbox(shop, member.email)).filter((each) => each.template === 'coaching-booked');
    expect(email?.text).toContain(booked.json().when);
    const invitation = invitationOf(email!);
    expect(invitation?.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(invitation?.content).toContain('METHOD:REQUEST\r\n');
    expect(invitation?.content).toContain(`UID:coaching-${booked.json().id}@shop.test\r\n`);
    expect(invitation?.content).toContain('SEQUENCE:0\r\n');
    expect(invitation?.content).toContain('ORGANIZER;CN="Base":mailto:hello@shop.test\r\n');

    // the console shows who booked it: a name and an address
    const listed = (await coach.get('/api/admin/coaching/slots')).json().slots.find((slot: { id: string }) => slot.id === slotId);
    expect(listed.booking).toMatchObject({ email: member.email, id: booked.json().id });
    expect(Object.keys(listed.booking).sort()).toEqual(['bookedAt', 'email', 'id', 'meetingUrl', 'name']);
  });

  it('refuses a second booking without a session left, and changes nothing', async () => {
    const slotId = await publish();
    const response = await member.visitor.post('/api/account/coaching/bookings', { slotId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'NO_SESSION_LEFT',
      message:
        'You have no health coach session left to book. A session comes with the Health coach consultation or the Improvement Program.',
    });
    expect(await shop.database.db.select().from(coachingBookings).where(eq(coachingBookings.slotId, slotId))).toEqual([]);
  });

  it('reschedules to another slot: the same invitation, one version more', async () => {
    const [session] = (await member.visitor.get('/api/account/coaching')).json().sessions;
    const slotId = await publish();
    const moved = await member.visitor.post('/api/account/coaching/reschedule', { bookingId: session.id, slotId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: session.id, slotId });

    const overview = (await member.visitor.get('/api/account/coaching')).json();
    expect(overview.credits).toEqual({ paid: 1, booked: 1, remaining: 0 });
    // the slot left behind is open again
    expect(overview.openSlots.map((slot: { id: string }) => slot.id)).toContain(session.slotId);

    const [email] = (await mailbox(shop, member.email)).filter((each) => each.template === 'coaching-rescheduled');
    expect(email?.text).toContain(`from ${session.when} to ${moved.json().when}`);
    expect(invitationOf(email!)?.content).toContain(`UID:coaching-${session.id}@shop.test\r\n`);
    expect(invitationOf(email!)?.content).toContain('SEQUENCE:1\r\n');
  });

  it('cancels, and the session can be booked again', async () => {
    const [session] = (await member.visitor.get('/api/account/coaching')).json().sessions;
    const cancelled = await member.visitor.post('/api/account/coaching/cancel', { bookingId: session.id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().credits).toEqual({ paid: 1, booked: 0, remaining: 1 });
    expect(cancelled.json().sessions).toEqual([]);

    const [email] = (await mailbox(shop, member.email)).filter((each) => each.template === 'coaching-cancelled');
    expect(invitationOf(email!)?.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(invitationOf(email!)?.content).toContain('METHOD:CANCEL\r\n');
    expect(invitationOf(email!)?.content).toContain('SEQUENCE:2\r\n');

    const again = await member.visitor.post('/api/account/coaching/bookings', { slotId: session.slotId });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('keeps to the 24-hour rule: no booking, moving or cancelling later than that, and nothing changes', async () => {
    const [session] = (await member.visitor.get('/api/account/coaching')).json().sessions;
    const soon = await publish(5);
    const other = await publish();
    // a slot starting within 24 hours is not offered, nor taken
    expect((await member.visitor.get('/api/account/coaching')).json().openSlots.map((slot: { id: string }) => slot.id)).not.toContain(soon);
    await member.visitor.post('/api/account/coaching/cancel', { bookingId: session.id });
    const late = await member.visitor.post('/api/account/coaching/bookings', { slotId: soon });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'TOO_LATE',
      message: 'Sessions are booked at least 24 hours ahead. Please choose a later time.',
    });
    const rebooked = await member.visitor.post('/api/account/coaching/bookings', { slotId: session.slotId });
    expect(rebooked.statusCode, rebooked.body).toBe(201);

    // the clock runs on: the session is now 23 hours away
    await moveSlotTo(session.slotId, inHours(23));
    const shown = (await member.visitor.get('/api/account/coaching')).json().sessions[0];
    expect(shown).toMatchObject({ canChange: false, changeRefusal: expect.stringContaining('up to 24 hours before') });
    const tooLate = 'Sessions can be changed or cancelled up to 24 hours before they start. Please contact us if you cannot make it.';
    const move = await member.visitor.post('/api/account/coaching/reschedule', { bookingId: rebooked.json().id, slotId: other });
    expect(move.statusCode).toBe(400);
    expect(move.json()).toMatchObject({ code: 'TOO_LATE', message: tooLate });
    const cancel = await member.visitor.post('/api/account/coaching/cancel', { bookingId: rebooked.json().id });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().message).toBe(tooLate);
    const [row] = await shop.database.db.select().from(coachingBookings).where(eq(coachingBookings.id, rebooked.json().id));
    expect(row).toMatchObject({ status: 'booked', slotId: session.slotId, sequence: 0 });
  });

  it('refuses a slot in the past', async () => {
    const other = await memberWithSession();
    const slotId = await publish();
    await moveSlotTo(slotId, inHours(-2));
    const response = await other.visitor.post('/api/account/coaching/bookings', { slotId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'SLOT_IN_PAST',
      message: 'This time has already passed. Please choose a time in the future.',
    });
  });

  it('refuses a slot already taken, and one that does not exist', async () => {
    const first = await memberWithSession();
    const second = await memberWithSession();
    const slotId = await publish();
    expect((await first.visitor.post('/api/account/coaching/bookings', { slotId })).statusCode).toBe(201);
    const taken = await second.visitor.post('/api/account/coaching/bookings', { slotId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLOT_TAKEN', message: 'This slot was just taken. Please choose another.' });
    const missing = await second.visitor.post('/api/account/coaching/bookings', { slotId: crypto.randomUUID() });
    expect(missing.statusCode).toBe(404);
    expect((await second.visitor.post('/api/account/coaching/bookings', { slotId: 'not-an-id' })).statusCode).toBe(404);
    expect((await second.visitor.get('/api/account/coaching')).json().credits.remaining).toBe(1);
  });

  it('answers another member’s booking as one that does not exist', async () => {
    const owner = await memberWithSession();
    const stranger = await memberWithSession();
    const slotId = await publish();
    const booked = (await owner.visitor.post('/api/account/coaching/bookings', { slotId })).json();
    const other = await publish();
    const move = await stranger.visitor.post('/api/account/coaching/reschedule', { bookingId: booked.id, slotId: other });
    expect(move.statusCode).toBe(404);
    const cancel = await stranger.visitor.post('/api/account/coaching/cancel', { bookingId: booked.id });
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json().code).toBe('SESSION_NOT_FOUND');
    const [row] = await shop.database.db.select().from(coachingBookings).where(eq(coachingBookings.id, booked.id));
    expect(row).toMatchObject({ status: 'booked', slotId, userId: expect.any(String) });
  });

  it('shows the coach nothing of the member’s order or results: those are the member’s and clinicians’', async () => {
    for (const url of [`/api/orders/${member.orderId}`, `/api/orders/${member.orderId}/results`, `/api/admin/orders/${member.orderId}`]) {
      const response = await coach.get(url);
      expect([403, 404], url).toContain(response.statusCode);
    }
  });

  it('refuses a member who never paid for a session', async () => {
    const unpaid = await memberWithSession({ pay: false });
    const response = await unpaid.visitor.post('/api/account/coaching/bookings', { slotId: await publish() });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('NO_SESSION_LEFT');
    expect((await unpaid.visitor.get('/api/account/coaching')).json().credits).toEqual({ paid: 0, booked: 0, remaining: 0 });
  });

  it('asks a visitor who is not signed in to sign in', async () => {
    const anonymous = new Visitor(shop.app);
    expect((await anonymous.get('/api/account/coaching')).statusCode).toBe(401);
    expect((await anonymous.post('/api/account/coaching/bookings', { slotId: crypto.randomUUID() })).statusCode).toBe(401);
  });
});

describe('a slot cancelled in the console', () => {
  it('cancels its booking, tells the member and gives the session back', async () => {
    const member = await memberWithSession();
    const slotId = await publish();
    const booked = (await member.visitor.post('/api/account/coaching/bookings', { slotId })).json();
    const support = await staffVisitor(shop, 'support');
    expect((await support.post(`/api/admin/coaching/slots/${slotId}/cancel`)).statusCode).toBe(403);

    const cancelled = await coach.post(`/api/admin/coaching/slots/${slotId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().slots.map((slot: { id: string }) => slot.id)).not.toContain(slotId);
    const overview = (await member.visitor.get('/api/account/coaching')).json();
    expect(overview.credits).toEqual({ paid: 1, booked: 0, remaining: 1 });
    expect(overview.openSlots.map((slot: { id: string }) => slot.id)).not.toContain(slotId);

    const [email] = (await mailbox(shop, member.email)).filter((each) => each.template === 'coaching-cancelled');
    expect(email?.text).toContain('your health coach can no longer meet you');
    expect(invitationOf(email!)?.content).toContain(`UID:coaching-${booked.id}@shop.test\r\n`);
    expect(invitationOf(email!)?.content).toContain('METHOD:CANCEL\r\n');
    const audit = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coaching.slot_cancel'), eq(auditLog.subjectId, slotId)));
    expect(audit).toHaveLength(1);

    expect((await coach.post(`/api/admin/coaching/slots/${slotId}/cancel`)).statusCode).toBe(409);
  });

  it('lets a coach cancel their own slots only; an operator any', async () => {
    const otherCoach = await staffVisitor(shop, 'coach');
    const slotId = await publish();
    const refused = await otherCoach.post(`/api/admin/coaching/slots/${slotId}/cancel`);
    expect(refused.statusCode).toBe(403);
    expect((await operator.post(`/api/admin/coaching/slots/${slotId}/cancel`)).statusCode).toBe(200);
  });
});

describe('members racing for the last slot', () => {
  it('gives it to exactly one of 20 at once', async () => {
    const members: Member[] = [];
    for (let batch = 0; batch < 4; batch += 1) members.push(...(await Promise.all(Array.from({ length: 5 }, () => memberWithSession()))));
    const slotId = await publish();
    const answers = await Promise.all(members.map((member) => member.visitor.post('/api/account/coaching/bookings', { slotId })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((each) => each.statusCode === 409)) expect(answer.json().code).toBe('SLOT_TAKEN');
    const rows = await shop.database.db.select().from(coachingBookings).where(eq(coachingBookings.slotId, slotId));
    expect(rows).toHaveLength(1);
  });
});

describe('where a session happens', () => {
  const roomLink = /^http:\/\/shop\.test\/meet\/([A-Za-z0-9_-]{22})$/;

  it('gives each booking a room of its own, in the page, the e-mail and the invitation, kept when it moves', async () => {
    const member = await memberWithSession();
    const booked = await member.visitor.post('/api/account/coaching/bookings', { slotId: await publish() });
    expect(booked.statusCode, booked.body).toBe(201);
    const link: string = booked.json().meetingUrl;
    expect(link).toMatch(roomLink);
    expect((await member.visitor.get('/api/account/coaching')).json().sessions[0].meetingUrl).toBe(link);
    // the coach joins the same room
    const listed = (await coach.get('/api/admin/coaching/slots'))
      .json()
      .slots.find((slot: { id: string }) => slot.id === booked.json().slotId);
    expect(listed.booking.meetingUrl).toBe(link);

    const [email] = (await mailbox(shop, member.email)).filter((each) => each.template === 'coaching-booked');
    expect(email?.text).toContain(`Join your session by video at ${link}`);
    expect(invitationOf(email!)?.content).toContain(`URL:${link}\r\n`);
    expect(invitationOf(email!)?.content).toContain(`LOCATION:${link}\r\n`);

    // the room page says whom the session is with and when, and nothing of the member
    const room = await new Visitor(shop.app).get(`/api/meet/${roomLink.exec(link)![1]}`);
    expect(room.statusCode, room.body).toBe(200);
    expect(room.json()).toEqual({
      coachName: 'coach',
      when: booked.json().when,
      startsAt: booked.json().startsAt,
      endsAt: booked.json().endsAt,
      minutes: 30,
    });

    const moved = await member.visitor.post('/api/account/coaching/reschedule', { bookingId: booked.json().id, slotId: await publish() });
    expect(moved.json().meetingUrl).toBe(link);
    const [movedEmail] = (await mailbox(shop, member.email)).filter((each) => each.template === 'coaching-rescheduled');
    expect(movedEmail?.text).toContain(link);
    expect(invitationOf(movedEmail!)?.content).toContain(`URL:${link}\r\n`);
    expect((await new Visitor(shop.app).get(`/api/meet/${roomLink.exec(link)![1]}`)).json().when).toBe(moved.json().when);

    // a cancelled session's room is gone, and its cancel carries no link
    await member.visitor.post('/api/account/coaching/cancel', { bookingId: booked.json().id });
    expect((await new Visitor(shop.app).get(`/api/meet/${roomLink.exec(link)![1]}`)).statusCode).toBe(404);
    const [cancelEmail] = (await mailbox(shop, member.email)).filter((each) => each.template === 'coaching-cancelled');
    expect(invitationOf(cancelEmail!)?.content).not.toContain('URL:');
  });

  it('answers an unknown room as not found and a malformed one as bad input', async () => {
    const visitor = new Visitor(shop.app);
    const unknown = await visitor.get('/api/meet/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ROOM_NOT_FOUND');
    expect((await visitor.get('/api/meet/short')).statusCode).toBe(400);
  });

  it('reminds the member the day before, once, however many runs find the session', async () => {
    const member = await memberWithSession();
    const slotId = await publish();
    const booked = (await member.visitor.post('/api/account/coaching/bookings', { slotId })).json();
    const reminders = async () => (await mailbox(shop, member.email)).filter((each) => each.template === 'coaching-reminder');

    // two days ahead: not yet
    await enqueue(shop.database.db, { name: 'coaching.remind', payload: {} });
    await shop.app.jobs.runDueJobs();
    expect(await reminders()).toEqual([]);

    // the clock runs on: the session is tomorrow; three runs, two of them at once
    await moveSlotTo(slotId, inHours(20));
    for (let run = 0; run < 3; run += 1) await enqueue(shop.database.db, { name: 'coaching.remind', payload: {} });
    await Promise.all([shop.app.jobs.runDueJobs(), shop.app.jobs.runDueJobs()]);
    await enqueue(shop.database.db, { name: 'coaching.remind', payload: {} });
    await shop.app.jobs.runDueJobs();
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Tomorrow: your health coach session, \w+day, /);
    expect(sent[0]!.text).toContain(`Join your session by video at ${booked.meetingUrl}`);
  });

  it('reminds nobody of a cancelled session', async () => {
    const member = await memberWithSession();
    const slotId = await publish();
    await member.visitor.post('/api/account/coaching/bookings', { slotId });
    await coach.post(`/api/admin/coaching/slots/${slotId}/cancel`);
    await moveSlotTo(slotId, inHours(20));
    await enqueue(shop.database.db, { name: 'coaching.remind', payload: {} });
    await shop.app.jobs.runDueJobs();
    expect((await mailbox(shop, member.email)).filter((each) => each.template === 'coaching-reminder')).toEqual([]);
  });
});
