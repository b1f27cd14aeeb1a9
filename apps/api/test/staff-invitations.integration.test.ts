import { and, eq } from 'drizzle-orm';
import { auditLog, staffInvitations, users } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenHash } from '../src/invitations/single-use-links.ts';
import { createTestShop, mailbox, staffVisitor, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

let shop: TestShop;
let operator: Visitor;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
  operator = await staffVisitor(shop, 'operator');
});
afterAll(() => shop.close());

const password = 'Clinic-passw0rd!';

/** The link's token as the invited person reads it in their e-mail (the latest). */
async function tokenFor(email: string): Promise<string> {
  const mails = await mailbox(shop, email);
  const text = mails.at(-1)?.text ?? '';
  const token = /staff-invitation\?token=([\w%-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation link in ${text}`);
  return decodeURIComponent(token);
}

async function invite(email: string, role = 'clinician') {
  const response = await operator.post('/api/admin/staff/invitations', { email, name: 'Dr. Rosa Diaz', role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().invitations.find((row: { email: string }) => row.email === email) as { id: string; status: string };
}

describe('staff invitations', () => {
  it('e-mail a single-use link, kept hashed; accepting makes the account with its role, who signs in', async () => {
    const email = uniqueEmail('clinician');
    const invitation = await invite(email);
    expect(invitation.status).toBe('pending');
    const token = await tokenFor(email);
    const [row] = await shop.database.db.select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id));
    expect(row?.tokenHash).toBe(linkTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const stranger = new Visitor(shop.app);
    const lookUp = await stranger.post('/api/staff-invitations/lookup', { token });
    expect(lookUp.json()).toMatchObject({ email, role: 'clinician', roleLabel: 'Clinician' });
    const accepted = await stranger.post('/api/staff-invitations/accept', { token, password, confirmPassword: password });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [account] = await shop.database.db.select().from(users).where(eq(users.email, email));
    expect(account?.role).toBe('clinician');

    const again = await stranger.post('/api/staff-invitations/accept', { token, password, confirmPassword: password });
    expect(again.statusCode).toBe(410);
    const signedIn = await new Visitor(shop.app).post('/api/auth/sign-in/email', { email, password });
    expect(signedIn.statusCode).toBe(200);
    const audits = await shop.database.db.select().from(auditLog).where(eq(auditLog.subjectId, invitation.id));
    expect(audits.map((audit) => audit.action).sort()).toEqual(['staff.invitation_accept', 'staff.invite']);
  });

  it('a resent invitation’s old link stops working; a revoked or expired one never works', async () => {
    const email = uniqueEmail('support');
    const invitation = await invite(email, 'support');
    const first = await tokenFor(email);
    expect((await operator.post(`/api/admin/staff/invitations/${invitation.id}/resend`)).statusCode).toBe(200);
    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    const visitor = new Visitor(shop.app);
    expect((await visitor.post('/api/staff-invitations/lookup', { token: first })).statusCode).toBe(410);
    expect((await visitor.post('/api/staff-invitations/lookup', { token: second })).statusCode).toBe(200);

    const revoked = await operator.post(`/api/admin/staff/invitations/${invitation.id}/revoke`);
    expect(revoked.json().invitations.find((row: { id: string }) => row.id === invitation.id).status).toBe('revoked');
    expect((await visitor.post('/api/staff-invitations/accept', { token: second, password, confirmPassword: password })).statusCode).toBe(
      410,
    );
    const [audit] = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, invitation.id), eq(auditLog.action, 'staff.invitation_revoke')));
    expect(audit?.actorRole).toBe('operator');

    const late = uniqueEmail('coach');
    const expiring = await invite(late, 'coach');
    const token = await tokenFor(late);
    await shop.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, expiring.id));
    expect((await visitor.post('/api/staff-invitations/accept', { token, password, confirmPassword: password })).statusCode).toBe(410);
  });

  it('of two acceptances at once, one makes the account and the other is told the link is used', async () => {
    const email = uniqueEmail('racer');
    await invite(email, 'support');
    const token = await tokenFor(email);
    const answers = await Promise.all(
      [new Visitor(shop.app), new Visitor(shop.app)].map((visitor) =>
        visitor.post('/api/staff-invitations/accept', { token, password, confirmPassword: password }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 410]);
    expect(await shop.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('refuses an address that already has an account', async () => {
    const email = uniqueEmail('member');
    await new Visitor(shop.app).post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
    const refused = await operator.post('/api/admin/staff/invitations', { email, name: 'Sam Member', role: 'support' });
    expect(refused.statusCode).toBe(409);
  });
});
