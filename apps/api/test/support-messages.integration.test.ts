import { and, eq } from 'drizzle-orm';
import { auditLog, collectionChoices, labLocations, supportThreads } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, customerWithCart, mailbox, staffVisitor, uniqueEmail, Visitor, type TestShop, placeOrder } from './helpers.ts';

let shop: TestShop;
let support: Visitor;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
  support = await staffVisitor(shop, 'support');
});
afterAll(() => shop.close());

const home = { method: 'home', fullName: 'Ann Lee', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' };
/** A form shown a minute ago: a person had time to write it. */
const shownAMinuteAgo = () => Date.now() - 60_000;
const visitorMessage = (email: string) => ({
  name: 'Dana Visitor',
  email,
  subject: 'Kit for my mother',
  body: 'Can I send a kit to my mother in another state?',
  website: '',
  startedAt: shownAMinuteAgo(),
});

async function memberWithChosenOrder() {
  const customer = await customerWithCart(shop.app);
  const placed = await placeOrder(customer);
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId: string = placed.json().order.id;
  expect((await customer.post(`/api/orders/${orderId}/collection`, home)).statusCode).toBe(200);
  return { customer, orderId };
}

/** The member asks support, from their account, to change the collection choice of their order. */
const askToChangeCollection = (customer: Visitor, orderId: string) =>
  customer.post('/api/support/messages', {
    subject: 'Change to lab pick-up',
    body: 'I would rather go to a lab near my office, please.',
    topic: 'collection_change',
    orderId,
    website: '',
    startedAt: shownAMinuteAgo(),
  });

describe('the contact form', () => {
  it('takes a visitor’s message, which support answers by e-mail', async () => {
    const email = uniqueEmail('visitor');
    const sent = await new Visitor(shop.app).post('/api/support/messages', visitorMessage(email));
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ threadId: null });

    const open = await support.get('/api/admin/messages?status=open');
    const thread = open.json().threads.find((row: { email: string }) => row.email === email);
    expect(thread).toMatchObject({ subject: 'Kit for my mother', member: false, status: 'open' });

    const replied = await support.post(`/api/admin/messages/${thread.id}/replies`, {
      body: 'Yes: enter her address when you choose home delivery.',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().status).toBe('answered');
    const [mail] = await mailbox(shop, email);
    expect(mail?.subject).toBe('Re: Kit for my mother');
    expect(mail?.text).toContain('Yes: enter her address when you choose home delivery.');
    expect(mail?.text).toContain('http://shop.test/contact');
    const [audit] = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, thread.id), eq(auditLog.action, 'support.reply')));
    expect(audit?.actorRole).toBe('support');
  });

  it('drops what fills the hidden field, refuses a form sent at once, and limits an address', async () => {
    const email = uniqueEmail('bot');
    const bot = new Visitor(shop.app);
    const trapped = await bot.post('/api/support/messages', { ...visitorMessage(email), website: 'http://spam.example' });
    expect(trapped.statusCode).toBe(201);
    expect(await shop.database.db.select().from(supportThreads).where(eq(supportThreads.email, email))).toHaveLength(0);

    const hasty = await bot.post('/api/support/messages', { ...visitorMessage(email), startedAt: Date.now() });
    expect(hasty.statusCode).toBe(400);
    expect(hasty.json().message).toBe('That was quick! Please check your message and send it again.');

    const flooder = new Visitor(shop.app);
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1)
      answers.push((await flooder.post('/api/support/messages', visitorMessage(uniqueEmail('flood')))).statusCode);
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('asks a visitor for a name and an e-mail', async () => {
    const { email: _email, ...withoutEmail } = visitorMessage('x@example.com');
    const refused = await new Visitor(shop.app).post('/api/support/messages', withoutEmail);
    expect(refused.statusCode).toBe(400);
  });
});

describe('a member’s conversation', () => {
  it('is theirs alone: another member gets 404 for it and for their orders', async () => {
    const { customer, orderId } = await memberWithChosenOrder();
    const sent = await askToChangeCollection(customer, orderId);
    expect(sent.statusCode, sent.body).toBe(201);
    const threadId: string = sent.json().threadId;

    const other = await customerWithCart(shop.app);
    expect((await other.get(`/api/account/messages/${threadId}`)).statusCode).toBe(404);
    expect((await other.post(`/api/account/messages/${threadId}/replies`, { body: 'Let me in on this thread.' })).statusCode).toBe(404);
    expect((await other.get('/api/account/messages')).json().threads).toEqual([]);
    const attachingAnother = await other.post('/api/support/messages', {
      subject: 'About an order',
      body: 'Please change this order for me.',
      orderId,
      website: '',
      startedAt: shownAMinuteAgo(),
    });
    expect(attachingAnother.statusCode).toBe(404);
    expect((await new Visitor(shop.app).get(`/api/account/messages/${threadId}`)).statusCode).toBe(401);

    const mine = await customer.get(`/api/account/messages/${threadId}`);
    expect(mine.json()).toMatchObject({
      subject: 'Change to lab pick-up',
      topic: 'collection_change',
      status: 'open',
      order: { id: orderId },
    });
  });

  it('lets support change the locked collection choice, audited, and the member read the answer and reply', async () => {
    const { customer, orderId } = await memberWithChosenOrder();
    const sent = await askToChangeCollection(customer, orderId);
    const threadId: string = sent.json().threadId;
    const [lab] = await shop.database.db.select().from(labLocations).where(eq(labLocations.state, 'TX')).limit(1);
    const fallbackLab = lab ?? (await shop.database.db.select().from(labLocations).limit(1))[0]!;

    const detail = await support.get(`/api/admin/messages/${threadId}`);
    expect(detail.json().order).toMatchObject({ id: orderId, collection: { method: 'home' }, collectionChangeable: true });
    const changed = await support.post(`/api/admin/messages/${threadId}/collection`, {
      method: 'lab',
      zipCode: fallbackLab.zipCode,
      labLocationId: fallbackLab.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [choice] = await shop.database.db.select().from(collectionChoices).where(eq(collectionChoices.orderId, orderId));
    expect(choice).toMatchObject({ method: 'lab', labLocationId: fallbackLab.id, fullName: null });
    const [audit] = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, orderId), eq(auditLog.action, 'order.collection_change')));
    expect(audit?.detail).toMatchObject({ threadId, from: { method: 'home' }, to: { method: 'lab' } });

    await support.post(`/api/admin/messages/${threadId}/replies`, { body: 'Done: your order is now for lab pick-up.' });
    const read = await customer.get(`/api/account/messages/${threadId}`);
    expect(read.json().status).toBe('answered');
    expect(read.json().messages.map((message: { author: string }) => message.author)).toEqual(['customer', 'staff']);

    const closed = await support.post(`/api/admin/messages/${threadId}/close`);
    expect(closed.json().status).toBe('closed');
    const reply = await customer.post(`/api/account/messages/${threadId}/replies`, { body: 'Thank you, that is perfect.' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().status).toBe('open');
  });
});

describe('support’s notice', () => {
  it('tells the support address that someone wrote, and that a member replied, with a link and no word of the message', async () => {
    const notices = async (threadId: string) =>
      (await mailbox(shop, shop.app.config.SUPPORT_EMAIL)).filter((mail) => mail.text?.includes(`/admin/messages/${threadId}`));

    const visitorEmail = uniqueEmail('notice');
    const visitor = await new Visitor(shop.app).post('/api/support/messages', visitorMessage(visitorEmail));
    expect(visitor.statusCode, visitor.body).toBe(201);
    const [visitorThread] = await shop.database.db.select().from(supportThreads).where(eq(supportThreads.email, visitorEmail));
    const [fromVisitor] = await notices(visitorThread!.id);
    expect(fromVisitor?.text).toContain('A visitor wrote to support (A question).');
    expect(fromVisitor?.text).not.toContain('mother');

    const { customer, orderId } = await memberWithChosenOrder();
    const sent = await customer.post('/api/support/messages', {
      subject: 'My thyroid results',
      body: 'My TSH was high last year, should I retest?',
      orderId,
      website: '',
      startedAt: shownAMinuteAgo(),
    });
    const threadId: string = sent.json().threadId;
    const [first] = await notices(threadId);
    expect(first).toMatchObject({ subject: 'New message to support', template: 'support-notice' });
    expect(first?.text).toContain('A member wrote to support (A question).');
    expect(first?.text).toContain(`http://shop.test/admin/messages/${threadId}`);
    expect(first?.text).not.toContain('TSH');
    expect(first?.text).not.toContain('thyroid');

    await customer.post(`/api/account/messages/${threadId}/replies`, { body: 'Also my T4 was low.' });
    const all = await notices(threadId);
    expect(all.map((mail) => mail.subject)).toEqual(['New message to support', 'A member replied to support']);
    expect(all[1]?.text).not.toContain('T4');
    // the queue runs again: each message is told once
    expect(await notices(threadId)).toHaveLength(2);
  });
});
