import { eq } from 'drizzle-orm';
import { orderEvents, resultHolds, textOutbox } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, mailbox, staffVisitor, type TestShop, type Visitor } from './helpers.ts';
import { httpTexts } from '../src/texts/port.ts';
import { labPosting, orderWithSamples, traces } from './results-helpers.ts';

let shop: TestShop;
let clinician: Visitor;
beforeAll(async () => {
  shop = await createTestShop();
  clinician = await staffVisitor(shop, 'clinician');
});
afterAll(() => shop.close());

// the Cholesterol & Lipids Test (test 1) in the blood kit, with triglycerides of 2,500 mg/dL: critical
const criticalLipids = {
  results: [
    { biomarker: 'total-cholesterol', value: 260, unit: 'mg/dL' },
    { biomarker: 'ldl', value: 120, unit: 'mg/dL' },
    { biomarker: 'hdl', value: 35, unit: 'mg/dL' },
    { biomarker: 'triglycerides', value: 2500, unit: 'mg/dL' },
  ],
};
// the CRP & HbA1c Test in the blood kit, with an HbA1c of 11%: an alert
const alertBlood = {
  results: [
    { biomarker: 'hs-crp', value: 1.2, unit: 'mg/L' },
    { biomarker: 'hba1c', value: 11, unit: '%' },
  ],
};

const holdOf = async (orderId: string) => {
  const [hold] = await shop.database.db.select().from(resultHolds).where(eq(resultHolds.orderId, orderId));
  return hold!;
};
const attempt = (holdId: string, body: Record<string, string>) => clinician.post(`/api/admin/result-holds/${holdId}/attempts`, body);
const release = (holdId: string, note = 'Spoke with them; advised to see their doctor today.') =>
  clinician.post(`/api/admin/result-holds/${holdId}/release`, { note });
const timelineOf = async (orderId: string) =>
  (await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((step) => step.event);

describe('a result set with a critical value', () => {
  it('is held: the member sees that a clinician will contact them, no values and no e-mail; the clinician sees it first with its clock', async () => {
    const { order, visitor } = await orderWithSamples(shop, { kits: ['blood'], addOnTests: [1] });
    const posted = await labPosting(shop, { orderId: order.id, kitSlug: 'blood', ...criticalLipids }).send();
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().order.status).toBe('sample_received');

    const after = await traces(shop, order.id);
    expect(after).toMatchObject({ status: 'sample_received', kits: { blood: 'results_ready' } });
    expect([after.stored.length, after.mails.length]).toEqual([1, 0]);
    expect(after.audits.map((audit) => [audit.action, audit.detail])).toContainEqual([
      'results.hold',
      expect.objectContaining({ kitSlug: 'blood', level: 'critical' }),
    ]);
    expect(await timelineOf(order.id)).toContain('results_held');

    const read = await visitor.get(`/api/orders/${order.id}/results`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ released: false, heldForClinician: true });
    expect(read.json().kits.every((kit: { results: unknown[] }) => kit.results.length === 0)).toBe(true);
    expect(read.body).not.toContain('2500');
    // the order's page says the same: the kit is with a clinician, not "results ready"
    const described = (await visitor.get(`/api/orders/${order.id}`)).json();
    expect(described.kits).toMatchObject([{ kitSlug: 'blood', status: 'results_ready', statusLabel: 'With a clinician', resultsAt: null }]);
    expect(described.nextStep).toMatchObject({ kind: 'results_held', text: expect.stringContaining('A clinician will contact you') });

    const queue = await clinician.get('/api/admin/result-holds');
    expect(queue.statusCode, queue.body).toBe(200);
    const hold = await holdOf(order.id);
    const listed = queue.json().holds.find((entry: { id: string }) => entry.id === hold.id);
    expect(listed).toMatchObject({ orderNumber: order.number, level: 'critical', attempts: 0, overdue: false });
    expect(new Date(listed.dueAt).getTime() - new Date(listed.heldAt).getTime()).toBe(60 * 60_000);

    const detail = await clinician.get(`/api/admin/result-holds/${hold.id}`);
    expect(detail.json()).toMatchObject({
      status: 'open',
      findings: [{ biomarker: 'triglycerides', level: 'critical', value: '2500 mg/dL' }],
      releaseAllowed: false,
    });
    // only the level is readable at rest
    expect(Object.keys(hold)).not.toContain('findings');
  });

  it('is released only after three attempts and a letter when the person is not reached; then the e-mail goes out once', async () => {
    const { order, email, visitor } = await orderWithSamples(shop, { kits: ['blood'], addOnTests: [1] });
    expect((await labPosting(shop, { orderId: order.id, kitSlug: 'blood', ...criticalLipids }).send()).statusCode).toBe(201);
    const hold = await holdOf(order.id);

    const early = await release(hold.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'OUTREACH_INCOMPLETE', message: expect.stringContaining('0 made so far') });

    expect((await attempt(hold.id, { channel: 'call', outcome: 'no_answer' })).statusCode).toBe(201);
    const texted = await attempt(hold.id, { channel: 'text', outcome: 'sent', phone: '(512) 555-0142' });
    expect(texted.statusCode, texted.body).toBe(201);
    expect(texted.json()).toMatchObject({ channel: 'text', outcome: 'sent', toNumber: '+15125550142' });
    expect((await attempt(hold.id, { channel: 'call', outcome: 'left_message' })).statusCode).toBe(201);

    const beforeLetter = await release(hold.id);
    expect(beforeLetter.statusCode).toBe(409);
    expect(beforeLetter.json().message).toContain('send a letter');
    expect((await mailbox(shop, email)).filter((mail) => mail.subject.includes('results are ready'))).toHaveLength(0);

    // the text went out from the queue, once, asking for a call back and saying nothing of the results
    const texts = await shop.database.db.select().from(textOutbox).where(eq(textOutbox.toNumber, '+15125550142'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ template: 'results-callback', status: 'stored', dedupeKey: `callback:${texted.json().id}` });
    for (const secret of ['2500', 'riglycerid', 'critical', 'mg/dL', 'result is']) expect(texts[0]!.body).not.toContain(secret);
    await shop.app.jobs.runDueJobs();
    expect(await shop.database.db.select().from(textOutbox).where(eq(textOutbox.toNumber, '+15125550142'))).toHaveLength(1);

    expect((await attempt(hold.id, { channel: 'letter', outcome: 'sent' })).statusCode).toBe(201);
    const released = await release(hold.id, 'Letter sent after three attempts; asked to see their doctor.');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      hold: { status: 'released', reason: 'letter_after_attempts' },
      order: { status: 'results_ready' },
    });

    const read = await visitor.get(`/api/orders/${order.id}/results`);
    expect(read.json()).toMatchObject({ released: true, heldForClinician: false });
    expect(read.body).toContain('"triglycerides"');
    expect((await visitor.get(`/api/orders/${order.id}`)).json()).toMatchObject({
      kits: [{ statusLabel: 'Results ready' }],
      nextStep: { kind: 'see_results' },
    });
    const mails = (await mailbox(shop, email)).filter((mail) => mail.subject.includes('results are ready'));
    expect(mails).toHaveLength(1);

    // the note is sealed at rest, and read back by the clinician
    const stored = await holdOf(order.id);
    expect(stored.noteCiphertext).not.toContain('Letter sent');
    expect((await clinician.get(`/api/admin/result-holds/${hold.id}`)).json().release).toMatchObject({
      reason: 'letter_after_attempts',
      note: 'Letter sent after three attempts; asked to see their doctor.',
    });

    // released once: a second release, or an attempt after it, is a 409 and sends nothing more
    expect((await release(hold.id)).json().code).toBe('HOLD_RELEASED');
    expect((await attempt(hold.id, { channel: 'call', outcome: 'reached' })).statusCode).toBe(409);
    expect((await mailbox(shop, email)).filter((mail) => mail.subject.includes('results are ready'))).toHaveLength(1);
    const timeline = await timelineOf(order.id);
    expect(timeline.filter((step) => step === 'results_outreach')).toHaveLength(4);
    expect(timeline.filter((step) => step === 'results_released')).toHaveLength(1);
    expect(timeline.filter((step) => step === 'results_entered')).toHaveLength(1);
    const actions = (await traces(shop, order.id)).audits.map((audit) => audit.action);
    expect(actions.filter((action) => action === 'results.outreach')).toHaveLength(4);
    expect(actions.filter((action) => action === 'results.release')).toHaveLength(1);
  });
});

describe('a result set with an alert value on a program order', () => {
  it('holds the program charge too: once the person is reached and the results released, one charge and one e-mail follow', async () => {
    const { order } = await orderWithSamples(shop, { program: true, kits: ['blood'] });
    const entered = await clinician.post(`/api/admin/orders/${order.id}/results/blood`, alertBlood);
    expect(entered.statusCode, entered.body).toBe(201);
    let after = await traces(shop, order.id);
    expect(after.status).toBe('sample_received');
    expect([after.billing.length, after.mails.length]).toEqual([0, 0]);
    const hold = await holdOf(order.id);
    expect(hold.level).toBe('alert');
    const queue = (await clinician.get('/api/admin/result-holds')).json().holds as { id: string; dueAt: string; heldAt: string }[];
    const listed = queue.find((entry) => entry.id === hold.id)!;
    expect(new Date(listed.dueAt).getTime() - new Date(listed.heldAt).getTime()).toBe(24 * 60 * 60_000);

    expect((await attempt(hold.id, { channel: 'call', outcome: 'reached' })).statusCode).toBe(201);
    const released = await release(hold.id);
    expect(released.statusCode, released.body).toBe(200);
    after = await traces(shop, order.id);
    expect(after.status).toBe('program_billing');
    expect([after.billing.length, after.mails.length]).toEqual([1, 1]);
  });
});

describe('outreach refuses', () => {
  it('an outcome its channel cannot have, a text without a number, a release without a note, a hold that does not exist, and anyone but a clinician', async () => {
    const { order } = await orderWithSamples(shop, { kits: ['blood'] });
    expect((await clinician.post(`/api/admin/orders/${order.id}/results/blood`, alertBlood)).statusCode).toBe(201);
    const hold = await holdOf(order.id);

    const wrongOutcome = await attempt(hold.id, { channel: 'text', outcome: 'reached' });
    expect(wrongOutcome.statusCode).toBe(422);
    expect(wrongOutcome.json().code).toBe('OUTCOME_OF_CHANNEL');
    const noNumber = await attempt(hold.id, { channel: 'text', outcome: 'sent' });
    expect(noNumber.statusCode).toBe(422);
    expect(noNumber.json()).toMatchObject({ code: 'NO_TEXT_NUMBER', message: 'The order has no phone number: enter the number to text.' });
    const badNumber = await attempt(hold.id, { channel: 'text', outcome: 'sent', phone: '12345' });
    expect(badNumber.json()).toMatchObject({ code: 'NO_TEXT_NUMBER', message: '"12345" is not a US phone number a text can go to.' });
    expect((await attempt(hold.id, { channel: 'fax', outcome: 'sent' })).statusCode).toBe(400);
    expect((await clinician.post(`/api/admin/result-holds/${hold.id}/release`, { note: '  ' })).statusCode).toBe(400);
    expect((await attempt(crypto.randomUUID(), { channel: 'call', outcome: 'reached' })).statusCode).toBe(404);
    expect((await clinician.get('/api/admin/result-holds/not-an-id')).statusCode).toBe(404);

    for (const role of ['operator', 'support'] as const) {
      const staff = await staffVisitor(shop, role);
      expect((await staff.get('/api/admin/result-holds')).statusCode).toBe(403);
      expect((await staff.post(`/api/admin/result-holds/${hold.id}/release`, { note: 'x' })).statusCode).toBe(403);
    }
    expect((await traces(shop, order.id)).audits.filter((audit) => audit.action === 'results.outreach')).toHaveLength(0);
  });
});

describe('two releases of the same held results', () => {
  it('release them once: one 200, one 409, one e-mail, one move of the order', async () => {
    const { order } = await orderWithSamples(shop, { kits: ['blood'], addOnTests: [1] });
    expect((await labPosting(shop, { orderId: order.id, kitSlug: 'blood', ...criticalLipids }).send()).statusCode).toBe(201);
    const hold = await holdOf(order.id);
    expect((await attempt(hold.id, { channel: 'call', outcome: 'reached' })).statusCode).toBe(201);
    const other = await staffVisitor(shop, 'clinician');
    const answers = await Promise.all([release(hold.id), other.post(`/api/admin/result-holds/${hold.id}/release`, { note: 'Reached.' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const after = await traces(shop, order.id);
    expect(after.status).toBe('results_ready');
    expect(after.mails).toHaveLength(1);
    expect((await timelineOf(order.id)).filter((step) => step === 'results_entered')).toHaveLength(1);
    expect(after.audits.filter((audit) => audit.action === 'results.release')).toHaveLength(1);
  });
});

describe('the text provider adapter', () => {
  const message = { to: '+15125550199', template: 'results-callback', body: 'Base: please call us back.' };

  it('POSTs each text once with its key, and keeps what it sent', async () => {
    const calls: { url: unknown; init: RequestInit }[] = [];
    const provider = httpTexts({ url: 'https://sms.example.com/messages', token: 'provider-token' }, async (url, init) => {
      calls.push({ url, init: init! });
      return Response.json({ id: 'msg_1' }, { status: 201 });
    });
    const key = `callback:${crypto.randomUUID()}`;
    await provider.send(shop.database.db, message, key);
    await provider.send(shop.database.db, message, key);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://sms.example.com/messages');
    expect(calls[0]!.init.headers).toMatchObject({ authorization: 'Bearer provider-token', 'idempotency-key': key });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ to: message.to, body: message.body });
    const rows = await shop.database.db.select().from(textOutbox).where(eq(textOutbox.dedupeKey, key));
    expect(rows).toMatchObject([{ status: 'sent', providerId: 'msg_1', toNumber: message.to }]);
  });

  it('throws on a refusal, keeping nothing, so that the job tries again', async () => {
    const provider = httpTexts(
      { url: 'https://sms.example.com/messages', token: 'provider-token' },
      async () => new Response('no', { status: 503 }),
    );
    const key = `callback:${crypto.randomUUID()}`;
    await expect(provider.send(shop.database.db, message, key)).rejects.toThrow('the text provider answered 503');
    expect(await shop.database.db.select().from(textOutbox).where(eq(textOutbox.dedupeKey, key))).toHaveLength(0);
  });
});
