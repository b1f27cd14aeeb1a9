import { and, eq } from 'drizzle-orm';
import { bankNoticeMessages, employerMessages, employerRevocationMessages } from '@shop/core';
import { auditLog, emailOutbox } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteEmptyBankRefusal } from '../src/employer-cover/bank-notices.ts';
import { employerHelpers } from './employer-helpers.ts';
import { mailbox, Visitor, type TestShop, shopWithOperator } from './helpers.ts';

/** The Fatigue starter test's price: what a group covering "all of it" draws per order. */
const STARTER_CENTS = 7995;

describe('the employer portal’s launch kit, bank notices and admins’ revocation', () => {
  let shop: TestShop;
  let operator: Visitor;
  beforeAll(async () => {
    ({ shop, operator } = await shopWithOperator());
  });
  afterAll(() => shop.close());

  const { createGroup, codedGroup, eligibleEmployee, checkout, coveredOrder, employerAdmin } = employerHelpers(
    () => shop,
    () => operator,
  );

  async function prepaidGroup(slug: string, bankCents: number, codes: number) {
    const group = await codedGroup(slug, null, codes, ['fatigue']);
    expect(
      (await operator.request({ method: 'PUT', url: `/api/admin/employers/${group.id}/billing-mode`, payload: { mode: 'prepaid' } }))
        .statusCode,
    ).toBe(200);
    await topUp(group.id, bankCents, `WIRE-${slug}-1`);
    return group;
  }

  async function topUp(groupId: string, amountCents: number, reference: string) {
    const topped = await operator.post(`/api/admin/employers/${groupId}/bank/top-ups`, { amountCents, reference });
    expect(topped.statusCode, topped.body).toBe(201);
  }

  const mailsOf = async (email: string, template: string) => (await mailbox(shop, email)).filter((mail) => mail.template === template);

  it('gives an admin their group’s link, cover and texts to send, and nobody else', async () => {
    const groupId = await createGroup('launch-kit', {
      eligibility: 'domain',
      emailDomains: ['launch.example'],
      goals: ['fatigue', 'mental-health'],
      coverCents: 5000,
      includesProgram: false,
      capEmployees: 40,
    });
    const { admin } = await employerAdmin(groupId);
    const answer = await admin.get('/api/business/portal/launch-kit');
    expect(answer.statusCode, answer.body).toBe(200);
    const kit = answer.json();
    expect(kit).toMatchObject({
      groupName: 'Acme launch-kit',
      link: `${shop.app.config.PUBLIC_URL}/b2b/launch-kit`,
      cover: 'Your employer covers up to $50.00 of one lab test',
      fullyCovered: false,
      includesProgram: false,
      goals: [
        { title: 'Fatigue', starterTest: expect.any(String) },
        { title: 'Mental Health', starterTest: expect.any(String) },
      ],
      caps: 'Covered for the first 40 employees this plan year.',
      eligibility: 'domain',
      emailDomains: ['launch.example'],
      announcement: { subject: 'Your health benefit with Acme launch-kit' },
    });
    expect(kit.announcement.body).toContain(`Start here: ${kit.link}`);
    expect(kit.announcement.body).toContain('@launch.example');
    // an invoiced group has no bank to warn of
    expect((await admin.get('/api/business/portal/bank-notice')).json()).toMatchObject({ level: null, message: null });

    // an employee, a visitor and an operator have no portal
    const employee = await eligibleEmployee(await codedGroup('launch-kit-other', null, 1));
    expect((await employee.get('/api/business/portal/launch-kit')).statusCode).toBe(403);
    expect((await new Visitor(shop.app).get('/api/business/portal/launch-kit')).statusCode).toBe(401);
  });

  it('tells every admin once when a draw takes the bank below the low line, again only after a new crossing', async () => {
    // four tests' worth: the first draw leaves three (not low), the second crosses, the third stays below
    const group = await prepaidGroup('bank-low', 4 * STARTER_CENTS, 8);
    const first = await employerAdmin(group.id);
    const second = await employerAdmin(group.id);
    const notice = async () => (await first.admin.get('/api/business/portal/bank-notice')).json();
    expect(await notice()).toMatchObject({ level: 'ok', message: null });

    const orders = [await coveredOrder(group)];
    expect(await mailsOf(first.email, 'employer-bank-low')).toHaveLength(0);
    orders.push(await coveredOrder(group));
    orders.push(await coveredOrder(group));
    for (const admin of [first, second]) {
      const mails = await mailsOf(admin.email, 'employer-bank-low');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(bankNoticeMessages.lowSubject('Acme bank-low'));
      expect(mails[0]!.text).toContain(bankNoticeMessages.low('Acme bank-low'));
      // aggregate only: no employee, order, test or amount
      for (const order of orders) {
        expect(mails[0]!.text).not.toContain(order.email);
        expect(mails[0]!.text).not.toContain(String(order.number));
        expect(mails[0]!.html).not.toContain(order.email);
      }
      expect(mails[0]!.text).not.toMatch(/Focus|Fatigue|\$\d/);
    }
    expect(await notice()).toMatchObject({ level: 'low', message: bankNoticeMessages.lowBanner });

    // topped up above the line, then drawn below it again: a new crossing, a second e-mail
    await topUp(group.id, 3 * STARTER_CENTS, 'WIRE-bank-low-2');
    expect(await notice()).toMatchObject({ level: 'ok' });
    await coveredOrder(group);
    await coveredOrder(group);
    expect(await mailsOf(first.email, 'employer-bank-low')).toHaveLength(2);
    expect(await mailsOf(second.email, 'employer-bank-low')).toHaveLength(2);
  });

  it('tells the admins once a day that an empty bank refused an employee, and tells the employee so', async () => {
    const group = await prepaidGroup('bank-empty', STARTER_CENTS, 4);
    const { admin, email } = await employerAdmin(group.id);
    const placed = await coveredOrder(group);
    expect((await admin.get('/api/business/portal/bank-notice')).json()).toMatchObject({
      level: 'empty',
      message: bankNoticeMessages.emptyBanner,
    });

    const refusedOne = await eligibleEmployee(group);
    const cart = (await refusedOne.get('/api/cart')).json();
    expect(cart.coverRefusal).toEqual({ code: 'BANK_EMPTY', message: employerMessages.bankEmpty });
    expect(employerMessages.bankEmpty).toContain('We have told your employer’s benefits team');
    const refusedCheckout = await checkout(refusedOne);
    expect(refusedCheckout.statusCode).toBe(409);
    expect(refusedCheckout.json().code).toBe('BANK_EMPTY');
    const refusedTwo = await eligibleEmployee(group);
    expect((await refusedTwo.get('/api/cart')).json().coverRefusal.code).toBe('BANK_EMPTY');

    const mails = await mailsOf(email, 'employer-bank-empty');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(bankNoticeMessages.emptySubject('Acme bank-empty'));
    for (const who of [refusedOne.email, refusedTwo.email, placed.email]) {
      expect(mails[0]!.text).not.toContain(who);
      expect(mails[0]!.html).not.toContain(who);
    }
    expect(mails[0]!.text).not.toMatch(/Focus|Fatigue|\$\d/);

    // the next day, the next refusal is told again, once
    const cartId = (await refusedTwo.get('/api/cart')).json().id;
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await noteEmptyBankRefusal(shop.database.db, shop.app.events, cartId, tomorrow);
    await noteEmptyBankRefusal(shop.database.db, shop.app.events, cartId, tomorrow);
    expect(await mailsOf(email, 'employer-bank-empty')).toHaveLength(2);
  });

  it('lets an admin revoke an open invitation and remove another admin at once, never themselves, audited', async () => {
    const groupId = await createGroup('revoke-admins', { eligibility: 'code' });
    const first = await employerAdmin(groupId);
    const second = await employerAdmin(groupId);
    expect((await second.admin.get('/api/business/portal')).statusCode).toBe(200);

    // an open invitation: revoked, its link no longer opens anything
    const invitedEmail = 'waiting@revoke.example';
    expect((await first.admin.post('/api/business/portal/admins', { email: invitedEmail })).statusCode).toBe(201);
    const [invitation] = await mailbox(shop, invitedEmail);
    const token = /token=([\w-]+)/.exec(invitation!.text)![1];
    const revoked = await first.admin.post('/api/business/portal/admins/revoke', { email: invitedEmail });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ email: invitedEmail, outcome: 'invitation_revoked' });
    expect((await new Visitor(shop.app).post('/api/employer-invitations/lookup', { token })).statusCode).toBe(410);

    // themselves: refused, whatever the count
    const self = await first.admin.post('/api/business/portal/admins/revoke', { email: first.email });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'CANNOT_REMOVE_SELF', message: employerRevocationMessages.self });

    // another group's admin cannot touch this group's admins: the address is not of their group
    const otherGroupId = await createGroup('revoke-other', { eligibility: 'code' });
    const stranger = await employerAdmin(otherGroupId);
    const reach = await stranger.admin.post('/api/business/portal/admins/revoke', { email: second.email });
    expect(reach.statusCode).toBe(404);
    expect(reach.json().message).toBe(employerRevocationMessages.notFound);
    expect((await second.admin.get('/api/business/portal')).statusCode).toBe(200);

    // another admin: removed, and their very next request is refused
    const removed = await first.admin.post('/api/business/portal/admins/revoke', { email: second.email.toUpperCase() });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ email: second.email, outcome: 'admin_removed' });
    expect((await second.admin.get('/api/business/portal')).statusCode).toBe(403);
    expect((await second.admin.post('/api/business/portal/admins/revoke', { email: first.email })).statusCode).toBe(403);
    expect((await first.admin.get('/api/business/portal/admins')).json().invitations.map((row: { email: string }) => row.email)).toEqual([
      first.email,
    ]);
    // the removed admin is told nothing of the group and is no one's admin; the remaining one cannot leave it adminless
    expect((await first.admin.post('/api/business/portal/admins/revoke', { email: first.email })).statusCode).toBe(409);
    expect((await first.admin.post('/api/business/portal/admins/revoke', { email: 'nobody@revoke.example' })).statusCode).toBe(404);
    expect((await first.admin.post('/api/business/portal/admins/revoke', { email: 'not an address' })).statusCode).toBe(400);

    const audited = await shop.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'employer_group'), eq(auditLog.subjectId, groupId)));
    expect(audited).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'employer_group.admin_revoke', detail: { email: invitedEmail } }),
        expect.objectContaining({ action: 'employer_group.admin_remove', detail: { email: second.email } }),
      ]),
    );
    // no e-mail tells anyone of a revocation: the outbox holds only the invitations
    const toSecond = await shop.database.db
      .select({ template: emailOutbox.template })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, second.email));
    expect(toSecond.map((row) => row.template)).toEqual(['employer-admin-invitation']);
  });

  it('lets an operator remove any admin from the console, but never the group’s last one', async () => {
    const groupId = await createGroup('revoke-console', { eligibility: 'code' });
    const first = await employerAdmin(groupId);
    const second = await employerAdmin(groupId);
    const revoke = (who: Visitor, email: string) => who.post(`/api/admin/employers/${groupId}/admins/revoke`, { email });

    // an employer admin has no console
    expect((await revoke(first.admin, second.email)).statusCode).toBe(403);
    const removed = await revoke(operator, first.email);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ email: first.email, outcome: 'admin_removed' });
    expect((await first.admin.get('/api/business/portal')).statusCode).toBe(403);

    const last = await revoke(operator, second.email);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'LAST_EMPLOYER_ADMIN', message: employerRevocationMessages.lastAdmin });
    expect((await second.admin.get('/api/business/portal')).statusCode).toBe(200);
    const [audit] = await shop.database.db
      .select({ actorRole: auditLog.actorRole })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, groupId), eq(auditLog.action, 'employer_group.admin_remove')));
    expect(audit).toEqual({ actorRole: 'operator' });
  });
});
