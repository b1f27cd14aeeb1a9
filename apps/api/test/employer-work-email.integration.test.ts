import { and, eq } from 'drizzle-orm';
import { emailOutbox, employerEmailLinks, employerEnrollments, employerGroups } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employerHelpers, groupSettings } from './employer-helpers.ts';
import { mailbox, Visitor, type TestShop, everyConsent, shopWithOperator } from './helpers.ts';
import { postgresTestMode } from './postgres.ts';

const year = new Date().getUTCFullYear();
/** A fresh work address at a domain, so that each test reads only its own e-mails. */
let addresses = 0;
const workAddress = (domain: string) => `worker${(addresses += 1)}.${Date.now().toString(36)}@${domain}`;

describe('eligibility by work e-mail domain', () => {
  let shop: TestShop;
  let operator: Visitor;
  beforeAll(async () => {
    ({ shop, operator } = await shopWithOperator());
  });
  afterAll(() => shop.close());

  const helpers = employerHelpers(
    () => shop,
    () => operator,
  );
  const employee = helpers.signedUpEmployee;
  const createGroup = (slug: string, emailDomains = ['acme.test']) => helpers.createGroup(slug, { eligibility: 'domain', emailDomains });

  /** Asks for a link at the work address and reads it from the e-mail the shop sends there. */
  async function linkFor(visitor: Visitor, slug: string, workEmail: string): Promise<string> {
    const asked = await visitor.post(`/api/employers/${slug}/work-email`, { goal: 'fatigue', workEmail });
    expect(asked.statusCode, asked.body).toBe(202);
    const [email] = (await mailbox(shop, workEmail.toLowerCase())).slice(-1);
    const token = /token=([\w-]+)/.exec(email!.text)?.[1];
    if (!token) throw new Error(`no link in ${email!.text}`);
    return token;
  }

  const confirm = (visitor: Visitor, slug: string, token: string) =>
    visitor.post(`/api/employers/${slug}/eligibility`, { goal: 'fatigue', proof: { method: 'domain', token } });

  it('keeps a group’s domains lower-case, and refuses a domain group without any', async () => {
    const id = await createGroup('domains', ['@Acme.TEST', 'acme-labs.test']);
    expect((await operator.get(`/api/admin/employers/${id}`)).json()).toMatchObject({
      eligibility: 'domain',
      emailDomains: ['acme.test', 'acme-labs.test'],
    });
    expect((await new Visitor(shop.app).get('/api/employers/domains')).json()).toMatchObject({
      eligibility: 'domain',
      emailDomains: ['acme.test', 'acme-labs.test'],
    });
    const none = await operator.post('/api/admin/employers', groupSettings('no-domains', { eligibility: 'domain', emailDomains: [] }));
    expect(none.statusCode).toBe(400);
    expect(none.body).toMatch(/Enter at least one e-mail domain/);
    expect(
      (await operator.post('/api/admin/employers', groupSettings('bad-domain', { eligibility: 'domain', emailDomains: ['not a domain'] })))
        .statusCode,
    ).toBe(400);
  });

  it('refuses an address at another domain clearly, and changes nothing', async () => {
    const id = await createGroup('wrong-domain');
    const worker = await employee();
    const elsewhere = workAddress('gmail.test');
    const refused = await worker.post('/api/employers/wrong-domain/work-email', { goal: 'fatigue', workEmail: elsewhere });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This is not a work e-mail of your employer. Please use your address at @acme.test.');
    // a subdomain is another domain
    const sub = await worker.post('/api/employers/wrong-domain/work-email', { goal: 'fatigue', workEmail: workAddress('mail.acme.test') });
    expect(sub.statusCode).toBe(403);
    expect(await shop.database.db.select().from(employerEmailLinks).where(eq(employerEmailLinks.groupId, id))).toEqual([]);
    expect(await mailbox(shop, elsewhere)).toEqual([]);
    // a group that proves eligibility otherwise sends no links
    expect(
      (await worker.post('/api/employers/trialmember/work-email', { goal: 'fatigue', workEmail: workAddress('acme.test') })).statusCode,
    ).toBe(400);
    // asking needs an account: the link confirms the cover of the one who asked
    expect(
      (await new Visitor(shop.app).post('/api/employers/wrong-domain/work-email', { goal: 'fatigue', workEmail: workAddress('acme.test') }))
        .statusCode,
    ).toBe(401);
  });

  it('e-mails a one-time link, kept as a hash, that enrols the account that asked for it once', async () => {
    const id = await createGroup('by-domain');
    const worker = await employee();
    const workEmail = workAddress('ACME.test');
    const asked = await worker.post('/api/employers/by-domain/work-email', { goal: 'fatigue', workEmail });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe(
      `We have e-mailed a link to ${workEmail.toLowerCase()}. Open it within 24 hours, signed in as you are now, to confirm your cover.`,
    );

    const [email] = await mailbox(shop, workEmail.toLowerCase());
    expect(email!.subject).toBe('Confirm your cover from Acme by-domain');
    expect(email!.text).toContain('You asked Base to confirm that Acme by-domain covers your lab test.');
    expect(email!.text).toContain('The link works once, for 24 hours, and only for the Base account that asked for it');
    expect(email!.text).toContain('Acme by-domain never sees your results.');
    const token = /\/b2b\/by-domain\/fatigue\/confirm\?token=([\w-]+)/.exec(email!.text)?.[1];
    expect(token).toBeDefined();
    // only the hash is at rest: neither the links' table nor the outbox holds the token
    const [link] = await shop.database.db.select().from(employerEmailLinks).where(eq(employerEmailLinks.groupId, id));
    expect(link!.tokenHash).not.toContain(token!);
    const [stored] = await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, workEmail.toLowerCase()));
    expect(JSON.stringify(stored)).not.toContain(token!);

    // someone else's account cannot spend it
    const colleague = await employee();
    const foreign = await confirm(colleague, 'by-domain', token!);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('This link was asked for by another account. Sign in as that account, or ask for a new link.');

    const confirmed = await confirm(worker, 'by-domain', token!);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const cart = (await worker.get('/api/cart')).json();
    expect(cart.cover).toMatchObject({ employer: 'Acme by-domain', coveredCents: 7995 });
    const enrollments = await shop.database.db.select().from(employerEnrollments).where(eq(employerEnrollments.groupId, id));
    expect(enrollments).toEqual([
      expect.objectContaining({ method: 'domain', workEmail: workEmail.toLowerCase(), planYearStart: `${year}-01-01` }),
    ]);

    const reused = await confirm(worker, 'by-domain', token!);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('This link has already been used. Each link works once: ask for a new one on your employer’s page.');
    expect((await confirm(worker, 'by-domain', 'a'.repeat(43))).json().code).toBe('LINK_INVALID');

    // the address is this account's for the plan year: another account cannot take it
    const taken = await colleague.post('/api/employers/by-domain/work-email', { goal: 'fatigue', workEmail });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This work e-mail has already confirmed the cover of another account this plan year.');

    // one covered order a plan year: a new link after the order confirms nothing more
    const placed = await worker.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ total: '$0.00' });
    const again = await confirm(worker, 'by-domain', await linkFor(worker, 'by-domain', workEmail));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already used your covered test for this plan year.');
    expect(await shop.database.db.select().from(employerEnrollments).where(eq(employerEnrollments.groupId, id))).toHaveLength(1);
  });

  it('refuses an expired link clearly', async () => {
    const id = await createGroup('expiring');
    const worker = await employee();
    const token = await linkFor(worker, 'expiring', workAddress('acme.test'));
    await shop.database.db
      .update(employerEmailLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(employerEmailLinks.groupId, id));
    const expired = await confirm(worker, 'expiring', token);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(
      'This link has expired: links work for 24 hours. Please ask for a new one on your employer’s page.',
    );
    expect(await shop.database.db.select().from(employerEnrollments).where(eq(employerEnrollments.groupId, id))).toEqual([]);
  });

  it('refuses a link whose domain the group no longer has', async () => {
    const id = await createGroup('moved', ['acme.test', 'old-acme.test']);
    const worker = await employee();
    const token = await linkFor(worker, 'moved', workAddress('old-acme.test'));
    await shop.database.db
      .update(employerGroups)
      .set({ emailDomains: ['acme.test'] })
      .where(eq(employerGroups.id, id));
    const refused = await confirm(worker, 'moved', token);
    expect(refused.statusCode).toBe(403);
    const [link] = await shop.database.db.select().from(employerEmailLinks).where(eq(employerEmailLinks.groupId, id));
    expect(link!.usedAt).toBeNull();
  });

  describe.runIf(postgresTestMode())('races', () => {
    it('spends a link once and enrols one account, whatever opens it at once', async () => {
      const id = await createGroup('racing-domain');
      const worker = await employee();
      const token = await linkFor(worker, 'racing-domain', workAddress('acme.test'));
      const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(worker, 'racing-domain', token)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(9);
      const enrolled = await shop.database.db
        .select()
        .from(employerEnrollments)
        .where(and(eq(employerEnrollments.groupId, id), eq(employerEnrollments.method, 'domain')));
      expect(enrolled).toHaveLength(1);
    });
  });
});
