import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestMode } from './postgres.ts';
import { createTestShop, signUpClinic, uniqueEmail, type Visitor, type TestShop } from './helpers.ts';
import { payLinkHelpers } from './provider-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const password = 'Clinic-passw0rd!';
let clinicCount = 0;
const { inviteAndJoin } = payLinkHelpers(() => shop);

async function newClinic() {
  clinicCount += 1;
  const tag = `${Date.now().toString(36)}${clinicCount}`;
  const email = `lena@roles-${tag}.example`;
  return Object.assign(await signUpClinic(shop.app, { clinicName: `Role Clinic ${tag}`, name: 'Lena Ortiz', email, password }), { email });
}

async function join(admin: Visitor, role: 'admin' | 'practitioner' | 'staff') {
  const person = await inviteAndJoin(admin, role);
  const team = await admin.get('/api/providers/team');
  const memberId = team.json().members.find((member: { email: string }) => member.email === person.email).id as string;
  return Object.assign(person, { memberId });
}

const setRole = (admin: Visitor, memberId: string, role: string) => admin.post(`/api/providers/team/members/${memberId}/role`, { role });
const accountRole = async (email: string) => (await shop.database.db.select().from(users).where(eq(users.email, email)))[0]?.role;

describe('a member’s role', () => {
  it('is changed by an admin, with the account’s role, and audited: staff made admin runs the team', async () => {
    const admin = await newClinic();
    const staff = await join(admin, 'staff');
    expect((await setRole(staff, staff.memberId, 'admin')).statusCode).toBe(403);
    const changed = await setRole(admin, staff.memberId, 'admin');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().members.find((member: { id: string }) => member.id === staff.memberId).role).toBe('admin');
    expect(await accountRole(staff.email)).toBe('provider_admin');
    // the new admin invites, as admins do
    expect(
      (await staff.post('/api/providers/team/invitations', { email: uniqueEmail('x'), name: 'New One', role: 'staff' })).statusCode,
    ).toBe(201);
    const audits = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'provider.member_role'), eq(auditLog.subjectId, staff.memberId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toMatchObject({ from: 'staff', to: 'admin' });

    expect((await setRole(admin, staff.memberId, 'practitioner')).statusCode).toBe(200);
    expect(await accountRole(staff.email)).toBe('provider_staff');
    // a practitioner no longer reaches the admins' routes
    expect((await setRole(staff, staff.memberId, 'admin')).statusCode).toBe(403);
  });

  it('keeps the last admin: it cannot be demoted or removed until another member is an admin', async () => {
    const admin = await newClinic();
    const me = (await admin.get('/api/providers/team')).json().members[0].id as string;
    const refused = await setRole(admin, me, 'practitioner');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A clinic keeps at least one admin. Make another member an admin before changing this one’s role.');
    expect((await admin.post(`/api/providers/team/members/${me}/remove`)).statusCode).toBe(409);
    const other = await join(admin, 'practitioner');
    expect((await setRole(admin, other.memberId, 'admin')).statusCode).toBe(200);
    expect((await setRole(other, me, 'staff')).statusCode).toBe(200);
    expect(await accountRole(admin.email)).toBe('provider_staff');
    const last = await setRole(other, other.memberId, 'staff');
    expect(last.statusCode).toBe(409);
  });

  it('another clinic’s admin gets a 404, a bad role a 400', async () => {
    const admin = await newClinic();
    const practitioner = await join(admin, 'practitioner');
    const stranger = await newClinic();
    expect((await setRole(stranger, practitioner.memberId, 'admin')).statusCode).toBe(404);
    expect((await setRole(stranger, practitioner.memberId.toUpperCase(), 'admin')).statusCode).toBe(404);
    const bad = await setRole(admin, practitioner.memberId, 'owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please choose a role');
    expect(await accountRole(practitioner.email)).toBe('provider_staff');
  });
});

describe.runIf(postgresTestMode())('two admins demoting each other at once', () => {
  it('leave one admin', async () => {
    const admin = await newClinic();
    const other = await join(admin, 'admin');
    const me = (await admin.get('/api/providers/team')).json().members.find((member: { you: boolean }) => member.you).id as string;
    const answers = await Promise.all([setRole(admin, other.memberId, 'staff'), setRole(other, me, 'staff')]);
    // the one that went second finds the other the last admin (409), or is no admin any more (403)
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409 || code === 403)).toHaveLength(1);
    const team = (await admin.get('/api/providers/team')).json();
    expect(team.members.filter((member: { role: string }) => member.role === 'admin')).toHaveLength(1);
  });
});
