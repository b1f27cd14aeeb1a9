import { dayOf } from '@shop/core';
import { and, eq } from 'drizzle-orm';
import { auditLog, orderEvents, orders } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, mailbox, staffVisitor, Visitor, type TestShop } from './helpers.ts';
import { orderWithSamples, salivaResults } from './results-helpers.ts';

type Item = { name: string; because: string[] };

// The Improvement Program on the web: once active, the member reads the plan built from their
// starter test (cortisol above range in these results), its weeks, and each week's shopping list,
// which they may e-mail to themselves. Nobody else reads any of it.
describe('the member’s Improvement Program', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;

  /** A member whose starter test results are in and whose program the worker charged: it is active. */
  async function memberWithProgram() {
    const { visitor, email, order } = await orderWithSamples(shop, { program: true });
    const clinician = await staffVisitor(shop, 'clinician');
    const entered = await clinician.post(`/api/admin/orders/${order.id}/results/daily-rhythm-saliva`, salivaResults);
    expect(entered.statusCode, entered.body).toBeLessThan(300);
    await shop.app.jobs.runDueJobs();
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('program_active');
    return { visitor, email, order: row! };
  }

  const resultReads = async (orderId: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.subjectId, orderId))).filter((row) => row.action === 'results.read');

  it('builds the plan from the starter test’s results, each item with its reason, as an audited read', async () => {
    const { visitor, order } = await memberWithProgram();
    const before = (await resultReads(order.id)).length;
    const answer = await visitor.get('/api/account/program');
    expect(answer.statusCode, answer.body).toBe(200);
    const program = answer.json();
    expect(program).toMatchObject({
      order: { id: order.id, number: order.number },
      basis: 'results',
      goal: { slug: 'anxiety-depression' },
      note: expect.stringContaining('it is not a diagnosis'),
    });
    expect(program.reasons).toEqual([
      expect.objectContaining({
        biomarker: 'cortisol',
        flag: 'high',
        value: '1.4 ng/mL',
        reason: expect.stringMatching(/^Your cortisol was above range: cortisol is your main stress hormone/),
      }),
    ]);
    const oats = program.favour.find((item: Item) => item.name === 'Oats');
    expect(oats?.because).toEqual(['Your cortisol was above range']);
    expect(program.limit.map((item: Item) => item.because[0])).toContain('Your cortisol was above range');
    // the goal of the quiz brings its habits, and says so
    expect(program.habits.some((item: Item) => item.because.includes('Your goal: Anxiety & Depression'))).toBe(true);
    expect((await resultReads(order.id)).length).toBe(before + 1);
    const [read] = (await resultReads(order.id)).slice(-1);
    expect(read).toMatchObject({ actorId: expect.any(String), actorRole: 'customer' });
  });

  it('runs two months from the day it became active, in weeks, with a shopping list for each', async () => {
    const { visitor, order } = await memberWithProgram();
    const today = dayOf(new Date());
    const program = (await visitor.get('/api/account/program')).json();
    expect(program.timeline).toMatchObject({ startedOn: today, phase: 'program', week: 1 });
    expect(program.timeline.weeks).toHaveLength(8);
    expect(program.timeline.weeks[0]).toMatchObject({ week: 1, startsOn: today, state: 'current' });
    expect(program.shoppingLists.map((list: { week: number }) => list.week)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const favoured = new Set(program.favour.map((item: Item) => item.name));
    for (const list of program.shoppingLists) {
      for (const group of list.groups) for (const item of group.items) expect(favoured.has(item.name)).toBe(true);
    }

    // fifteen days later it is week 3
    const started = new Date(Date.now() - 15 * 24 * 3600 * 1000);
    await db()
      .update(orderEvents)
      .set({ createdAt: started })
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'program_active')));
    const later = (await visitor.get('/api/account/program')).json();
    expect(later.timeline).toMatchObject({ startedOn: dayOf(started), week: 3 });
    expect(later.timeline.weeks.map((week: { state: string }) => week.state).slice(0, 4)).toEqual(['done', 'done', 'current', 'next']);
  });

  it('e-mails a week’s list to the member, with the foods and not the results', async () => {
    const { visitor, email } = await memberWithProgram();
    const program = (await visitor.get('/api/account/program')).json();
    const sent = await visitor.post('/api/account/program/shopping-list/email', { week: 2 });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ week: 2, to: email });
    const mails = (await mailbox(shop, email)).filter((mail) => mail.subject === 'Your week 2 shopping list');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const weekTwo = program.shoppingLists[1].groups.flatMap((group: { items: { name: string }[] }) => group.items.map((item) => item.name));
    for (const name of weekTwo) {
      expect(mail!.text).toContain(`- ${name}`);
      expect(mail!.html).toContain(`<li>${name.replaceAll('&', '&#38;')}</li>`);
    }
    expect(mail!.text).toContain('http://shop.test/account/program');
    expect(`${mail!.text}${mail!.html}`).not.toMatch(/cortisol|1\.4|range/i);
  });

  it('refuses a week that is not one of the program’s, and sends nothing', async () => {
    const { visitor, email } = await memberWithProgram();
    for (const body of [{ week: 0 }, { week: 9 }, { week: 1.5 }, { week: '1' }, {}, { week: 1, to: 'someone@example.com' }]) {
      const refused = await visitor.post('/api/account/program/shopping-list/email', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const refused = await visitor.post('/api/account/program/shopping-list/email', { week: 9 });
    expect(refused.json().message).toBe('Choose a week of your program, from 1 to 8.');
    expect((await mailbox(shop, email)).filter((mail) => mail.subject.endsWith('shopping list'))).toEqual([]);
  });

  it('sends a few lists an hour, then asks the member to wait', async () => {
    const { visitor } = await memberWithProgram();
    for (let week = 1; week <= 5; week += 1) {
      expect((await visitor.post('/api/account/program/shopping-list/email', { week })).statusCode).toBe(202);
    }
    const limited = await visitor.post('/api/account/program/shopping-list/email', { week: 6 });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/^Too many attempts\. Please wait/) });
  });

  it('is the member’s alone: another member has no program here, a visitor must sign in', async () => {
    const { order } = await memberWithProgram();
    const before = (await resultReads(order.id)).length;

    // a member whose own order waits for its results, and a clinician: neither has a program to read
    const { visitor: other } = await orderWithSamples(shop, { program: true });
    const clinician = await staffVisitor(shop, 'clinician');
    for (const someone of [other, clinician]) {
      const read = await someone.get('/api/account/program');
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ code: 'NO_ACTIVE_PROGRAM', message: expect.stringContaining('starts when the results') });
      expect((await someone.post('/api/account/program/shopping-list/email', { week: 1 })).statusCode).toBe(404);
    }
    // nor does any spelling of a path or a query reach another's order
    expect((await other.get(`/api/account/program?order=${order.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/account/program/${order.id}`)).statusCode).toBe(404);

    const stranger = new Visitor(shop.app);
    expect((await stranger.get('/api/account/program')).statusCode).toBe(401);
    expect((await stranger.post('/api/account/program/shopping-list/email', { week: 1 })).statusCode).toBe(401);
    // nobody read the member's results
    expect((await resultReads(order.id)).length).toBe(before);
  });
});
