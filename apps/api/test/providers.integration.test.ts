import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog, clinicClients, clinicInvitations, clinicJoinRequests, clinicMembers, clinics, users } from '@shop/db';
import { clinicClientNotice, messages, providerMessages } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenHash } from '../src/invitations/single-use-links.ts';
import { createTestShop, mailbox, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
});
afterAll(() => shop.close());

const password = 'Clinic-passw0rd!';
let clinicCount = 0;

/** A clinic's sign-up form, with a name and work domain of its own. */
function signUpForm(overrides: Record<string, unknown> = {}) {
  clinicCount += 1;
  const tag = `${Date.now().toString(36)}${clinicCount}`;
  return {
    clinicName: `Green Valley Clinic ${tag}`,
    clinicType: 'functional_medicine',
    addressLine1: '12 Main Street',
    city: 'Austin',
    state: 'TX',
    postalCode: '73301',
    npi: '1234567893',
    name: 'Dr. Ana Green',
    email: `ana@greenvalley-${tag}.example`,
    password,
    ...overrides,
  };
}

/** A new clinic and its first admin, signed in. */
async function newClinic(overrides: Record<string, unknown> = {}) {
  const admin = new Visitor(shop.app);
  const form = signUpForm(overrides);
  const response = await admin.post('/api/provider-signup', form);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toEqual({ outcome: 'created', clinicName: form.clinicName });
  return { admin, form };
}

async function tokenFor(email: string): Promise<string> {
  const mails = await mailbox(shop, email);
  const text = mails.at(-1)?.text ?? '';
  const token = /providers\/invitation\?token=([\w%-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation link in ${text}`);
  return decodeURIComponent(token);
}

async function inviteAndJoin(admin: Visitor, role: 'admin' | 'practitioner' | 'staff') {
  const email = uniqueEmail(role);
  const invited = await admin.post('/api/providers/team/invitations', { email, name: `Sam ${role}`, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = await tokenFor(email);
  const person = new Visitor(shop.app);
  const accepted = await person.post('/api/provider-invitations/accept', { token, password, confirmPassword: password });
  expect(accepted.statusCode, accepted.body).toBe(201);
  const me = await person.get('/api/providers/dashboard');
  expect(me.statusCode, me.body).toBe(200);
  return { person, email, memberId: me.json().me.memberId as string };
}

const client = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maya',
  lastName: 'Lopez',
  email: uniqueEmail('client'),
  dateOfBirth: '1985-06-01',
  state: 'CA',
  ...overrides,
});

async function auditActions(subjectId: string) {
  const rows = await shop.database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
  return rows.map((row) => row.action).sort();
}

describe('provider sign-up', () => {
  it('makes the clinic and its first admin, signed in, with the admin role; audited', async () => {
    const { admin, form } = await newClinic();
    const dashboard = await admin.get('/api/providers/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json()).toMatchObject({
      clinic: { name: form.clinicName, npi: '1234567893', allClientsVisible: false },
      me: { role: 'admin', email: form.email },
      figures: { clients: 0, members: 1, pendingInvitations: 0, joinRequests: 0 },
    });
    const [account] = await shop.database.db.select().from(users).where(eq(users.email, form.email));
    expect(account?.role).toBe('provider_admin');
    const [clinic] = await shop.database.db.select().from(clinics).where(eq(clinics.name, form.clinicName));
    expect(await auditActions(clinic!.id)).toContain('provider.sign_up');
    // the same sign-in as customers
    expect((await new Visitor(shop.app).post('/api/auth/sign-in/email', { email: form.email, password })).statusCode).toBe(200);
  });

  it('refuses bad input with the form’s messages and writes nothing', async () => {
    const before = await shop.database.db.select({ id: clinics.id }).from(clinics);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ npi: '1234567890' }, providerMessages.npi],
      [{ npi: '12345' }, providerMessages.npi],
      [{ clinicName: '' }, providerMessages.clinicName],
      [{ clinicType: 'spa' }, providerMessages.clinicType],
      [{ state: 'XX' }, providerMessages.state],
      [{ postalCode: '123' }, providerMessages.postalCode],
      [{ email: 'not-an-address' }, messages.invalidEmail],
    ];
    for (const [override, message] of cases) {
      const response = await new Visitor(shop.app).post('/api/provider-signup', signUpForm(override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await shop.database.db.select({ id: clinics.id }).from(clinics)).toHaveLength(before.length);
  });

  it('accepts a sign-up without an NPI', async () => {
    await newClinic({ npi: '' });
  });

  it('offers a request to join instead of a duplicate clinic, by work e-mail domain or by name; the admin approves or declines', async () => {
    const { admin, form } = await newClinic();
    const domain = form.email.split('@')[1]!;

    // same domain, another name: offered the clinic, nothing written
    const colleague = `lee@${domain}`;
    const offer = await new Visitor(shop.app).post('/api/provider-signup', signUpForm({ email: colleague, name: 'Lee Park' }));
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toEqual({ outcome: 'match', clinicName: form.clinicName });
    expect(await shop.database.db.select().from(users).where(eq(users.email, colleague))).toHaveLength(0);

    const asked = await new Visitor(shop.app).post(
      '/api/provider-signup',
      signUpForm({ email: colleague, name: 'Lee Park', requestToJoin: true }),
    );
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toEqual({ outcome: 'join_requested', clinicName: form.clinicName });
    const told = await mailbox(shop, form.email);
    expect(told.at(-1)?.text).toContain(`Lee Park (${colleague}) signed up to Base and asks to join ${form.clinicName}.`);

    // the same name written another way, from a public mail service: offered too
    const byName = await new Visitor(shop.app).post(
      '/api/provider-signup',
      signUpForm({
        clinicName: `the ${form.clinicName.toUpperCase()}, LLC`,
        email: uniqueEmail('solo').replace('example.com', 'gmail.com'),
      }),
    );
    expect(byName.json()).toEqual({ outcome: 'match', clinicName: form.clinicName });
    // a public mail domain matches no one
    const gmail = await new Visitor(shop.app).post('/api/provider-signup', signUpForm({ email: `x${Date.now()}@gmail.com` }));
    expect(gmail.json().outcome).toBe('created');

    const team = await admin.get('/api/providers/team');
    const request = team.json().joinRequests.find((row: { email: string }) => row.email === colleague);
    expect(request).toBeTruthy();
    const approved = await admin.post(`/api/providers/team/join-requests/${request.id}/approve`, { role: 'staff' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().members.map((member: { email: string }) => member.email)).toContain(colleague);
    const [account] = await shop.database.db.select().from(users).where(eq(users.email, colleague));
    expect(account?.role).toBe('provider_staff');
    expect(await auditActions(request.id)).toEqual(['provider.join_approve', 'provider.join_request']);
    expect((await mailbox(shop, colleague)).at(-1)?.text).toContain(`approved your request: you are a member, with the role Staff.`);
    expect((await admin.post(`/api/providers/team/join-requests/${request.id}/decline`)).statusCode).toBe(409);

    // a second request, declined: the account stays out
    const other = `kim@${domain}`;
    await new Visitor(shop.app).post('/api/provider-signup', signUpForm({ email: other, requestToJoin: true }));
    const waiting = (await admin.get('/api/providers/team')).json().joinRequests[0];
    expect((await admin.post(`/api/providers/team/join-requests/${waiting.id}/decline`)).statusCode).toBe(200);
    const [declined] = await shop.database.db.select().from(clinicJoinRequests).where(eq(clinicJoinRequests.id, waiting.id));
    expect(declined?.status).toBe('declined');
    expect((await mailbox(shop, other)).at(-1)?.text).toContain('declined your request to join');
    const kim = new Visitor(shop.app);
    await kim.post('/api/auth/sign-in/email', { email: other, password });
    expect((await kim.get('/api/providers/dashboard')).statusCode).toBe(403);
  });

  it('refuses an address that already has an account', async () => {
    const email = uniqueEmail('customer');
    await new Visitor(shop.app).post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
    const refused = await new Visitor(shop.app).post('/api/provider-signup', signUpForm({ email }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(providerMessages.accountExists);
  });
});

describe('clinic invitations', () => {
  it('e-mail a single-use link, kept hashed; accepting joins the same clinic with the role, signed in', async () => {
    const { admin, form } = await newClinic();
    const email = uniqueEmail('staff');
    const invited = await admin.post('/api/providers/team/invitations', { email, name: 'Sam Staff', role: 'staff' });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = invited.json().invitations[0];
    expect(invitation).toMatchObject({ email, role: 'staff', status: 'pending' });
    const token = await tokenFor(email);
    const [row] = await shop.database.db.select().from(clinicInvitations).where(eq(clinicInvitations.id, invitation.id));
    expect(row?.tokenHash).toBe(linkTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const person = new Visitor(shop.app);
    const lookUp = await person.post('/api/provider-invitations/lookup', { token });
    expect(lookUp.json()).toMatchObject({ email, clinicName: form.clinicName, role: 'staff', roleLabel: 'Staff' });
    const accepted = await person.post('/api/provider-invitations/accept', { token, password, confirmPassword: password });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const dashboard = await person.get('/api/providers/dashboard');
    expect(dashboard.json()).toMatchObject({ clinic: { name: form.clinicName }, me: { role: 'staff', email } });
    const [account] = await shop.database.db.select().from(users).where(eq(users.email, email));
    expect(account?.role).toBe('provider_staff');

    const again = await new Visitor(shop.app).post('/api/provider-invitations/accept', { token, password, confirmPassword: password });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(providerMessages.invitationInvalid);
    expect(await auditActions(invitation.id)).toEqual(['provider.invitation_accept', 'provider.invite']);
  });

  it('a resent invitation’s old link stops working; a revoked or expired one never works', async () => {
    const { admin } = await newClinic();
    const email = uniqueEmail('practitioner');
    const invitation = (await admin.post('/api/providers/team/invitations', { email, name: 'Dr. Rosa Diaz', role: 'practitioner' })).json()
      .invitations[0];
    const first = await tokenFor(email);
    expect((await admin.post(`/api/providers/team/invitations/${invitation.id}/resend`)).statusCode).toBe(200);
    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    const visitor = new Visitor(shop.app);
    expect((await visitor.post('/api/provider-invitations/lookup', { token: first })).statusCode).toBe(410);
    expect((await visitor.post('/api/provider-invitations/lookup', { token: second })).statusCode).toBe(200);

    const revoked = await admin.post(`/api/providers/team/invitations/${invitation.id}/revoke`);
    expect(revoked.json().invitations).toEqual([]);
    expect(
      (await visitor.post('/api/provider-invitations/accept', { token: second, password, confirmPassword: password })).statusCode,
    ).toBe(410);
    expect(await auditActions(invitation.id)).toEqual(['provider.invitation_resend', 'provider.invitation_revoke', 'provider.invite']);

    const late = uniqueEmail('late');
    const expiring = (await admin.post('/api/providers/team/invitations', { email: late, name: 'Lee Late', role: 'staff' })).json()
      .invitations[0];
    const token = await tokenFor(late);
    await shop.database.db
      .update(clinicInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(clinicInvitations.id, expiring.id));
    const refused = await visitor.post('/api/provider-invitations/accept', { token, password, confirmPassword: password });
    expect(refused.statusCode).toBe(410);
    expect(await shop.database.db.select().from(users).where(eq(users.email, late))).toHaveLength(0);
  });

  it('refuses a bad invitation with the form’s messages and sends nothing', async () => {
    const { admin } = await newClinic();
    const email = uniqueEmail('bad');
    const noRole = await admin.post('/api/providers/team/invitations', { email, name: 'Sam', role: 'owner' });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().message).toContain(providerMessages.role);
    const noName = await admin.post('/api/providers/team/invitations', { email, name: ' ', role: 'staff' });
    expect(noName.json().message).toContain(providerMessages.personName);
    expect(await mailbox(shop, email)).toHaveLength(0);

    // an address that has an account already: the acceptance is refused, and the invitation stays as it was
    const customer = uniqueEmail('customer');
    await new Visitor(shop.app).post('/api/checkout/account', { email: customer, password: 'Sup3r-secret!' });
    const invitation = (
      await admin.post('/api/providers/team/invitations', { email: customer, name: 'Cam Customer', role: 'staff' })
    ).json().invitations[0];
    const refused = await new Visitor(shop.app).post('/api/provider-invitations/accept', {
      token: await tokenFor(customer),
      password,
      confirmPassword: password,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(providerMessages.invitedAccountExists);
    const [row] = await shop.database.db.select().from(clinicInvitations).where(eq(clinicInvitations.id, invitation.id));
    expect(row?.acceptedAt).toBeNull();
    const [account] = await shop.database.db.select().from(users).where(eq(users.email, customer));
    expect(account?.role).toBe('customer');
  });

  it('lets a customer with an account join by signing in: only as the invited address, once, and never a member or staff elsewhere', async () => {
    const { admin, form } = await newClinic();
    const email = uniqueEmail('existing');
    const customer = new Visitor(shop.app);
    expect((await customer.post('/api/checkout/account', { email, password: 'Sup3r-secret!' })).statusCode).toBe(200);
    const invited = await admin.post('/api/providers/team/invitations', { email, name: 'Pat Existing', role: 'practitioner' });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await tokenFor(email);
    expect((await new Visitor(shop.app).post('/api/provider-invitations/lookup', { token })).json()).toMatchObject({
      email,
      role: 'practitioner',
      hasAccount: true,
    });

    // nobody signed in, or someone else signed in (a forwarded link): refused, and the link still works
    expect((await new Visitor(shop.app).post('/api/provider-invitations/accept-signed-in', { token })).statusCode).toBe(401);
    const someoneElse = new Visitor(shop.app);
    await someoneElse.post('/api/checkout/account', { email: uniqueEmail('other'), password: 'Sup3r-secret!' });
    const forwarded = await someoneElse.post('/api/provider-invitations/accept-signed-in', { token });
    expect(forwarded.statusCode).toBe(409);
    expect(forwarded.json().message).toBe(providerMessages.invitationOtherAccount);

    const accepted = await customer.post('/api/provider-invitations/accept-signed-in', { token });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const dashboard = await customer.get('/api/providers/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json()).toMatchObject({ clinic: { name: form.clinicName }, me: { role: 'practitioner', email } });
    const [account] = await shop.database.db.select().from(users).where(eq(users.email, email));
    // the checkout gave the account its address for a name: the clinic knows the person by the invited one
    expect(account).toMatchObject({ role: 'provider_staff', name: 'Pat Existing' });
    const [invitation] = await shop.database.db.select().from(clinicInvitations).where(eq(clinicInvitations.email, email));
    const [audited] = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, invitation!.id), eq(auditLog.action, 'provider.invitation_accept')));
    expect(audited).toMatchObject({ action: 'provider.invitation_accept', actorId: account!.id });
    expect(audited?.detail).toMatchObject({ role: 'practitioner', existingAccount: true });
    expect((await customer.post('/api/provider-invitations/accept-signed-in', { token })).statusCode).toBe(410);

    // the admin of another clinic is invited: their account cannot join a second clinic
    const other = await newClinic();
    await admin.post('/api/providers/team/invitations', { email: other.form.email, name: 'Ana Elsewhere', role: 'staff' });
    const elsewhere = await other.admin.post('/api/provider-invitations/accept-signed-in', { token: await tokenFor(other.form.email) });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(providerMessages.invitedAccountCannotJoin);
    const [stillOpen] = await shop.database.db.select().from(clinicInvitations).where(eq(clinicInvitations.email, other.form.email));
    expect(stillOpen?.acceptedAt).toBeNull();
  });
});

describe('roles', () => {
  it('staff and practitioners cannot run the team; the last admin cannot be removed; a removed member is out', async () => {
    const { admin } = await newClinic();
    const staff = await inviteAndJoin(admin, 'staff');
    const practitioner = await inviteAndJoin(admin, 'practitioner');
    for (const member of [staff.person, practitioner.person]) {
      expect((await member.post('/api/providers/team/invitations', { email: uniqueEmail(), name: 'Nope', role: 'admin' })).statusCode).toBe(
        403,
      );
      expect((await member.post(`/api/providers/team/members/${staff.memberId}/remove`)).statusCode).toBe(403);
      expect(
        (await member.request({ method: 'PUT', url: '/api/providers/settings', payload: { allClientsVisible: true } })).statusCode,
      ).toBe(403);
    }
    const adminId = (await admin.get('/api/providers/dashboard')).json().me.memberId;
    const last = await admin.post(`/api/providers/team/members/${adminId}/remove`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(providerMessages.lastAdmin);

    const removed = await admin.post(`/api/providers/team/members/${staff.memberId}/remove`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().members.map((member: { id: string }) => member.id)).not.toContain(staff.memberId);
    expect((await staff.person.get('/api/providers/dashboard')).statusCode).toBe(403);
    const [account] = await shop.database.db.select().from(users).where(eq(users.email, staff.email));
    expect(account?.role).toBe('customer');
    expect(await auditActions(staff.memberId)).toEqual(['provider.member_remove']);
  });

  it('practitioners see the clients assigned to them, or all with the clinic’s switch; admins and staff see all', async () => {
    const { admin } = await newClinic();
    const staff = await inviteAndJoin(admin, 'staff');
    const practitioner = await inviteAndJoin(admin, 'practitioner');
    const unassigned = (await staff.person.post('/api/providers/clients', client({ lastName: 'Unassigned' }))).json();
    const own = (await practitioner.person.post('/api/providers/clients', client({ lastName: 'Own' }))).json();
    expect(own.practitioner?.memberId).toBe(practitioner.memberId);

    const names = async (visitor: Visitor, q = '') =>
      ((await visitor.get(`/api/providers/clients?q=${encodeURIComponent(q)}`)).json().clients as { lastName: string }[]).map(
        (row) => row.lastName,
      );
    expect(await names(admin)).toEqual(['Own', 'Unassigned']);
    expect(await names(staff.person)).toEqual(['Own', 'Unassigned']);
    expect(await names(practitioner.person)).toEqual(['Own']);
    expect((await practitioner.person.get(`/api/providers/clients/${unassigned.id}`)).statusCode).toBe(404);
    // a practitioner does not assign; staff do
    expect(
      (await practitioner.person.post(`/api/providers/clients/${unassigned.id}/practitioner`, { memberId: practitioner.memberId }))
        .statusCode,
    ).toBe(403);
    const refused = await staff.person.post(`/api/providers/clients/${unassigned.id}/practitioner`, { memberId: staff.memberId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(providerMessages.practitioner);
    const assigned = await staff.person.post(`/api/providers/clients/${unassigned.id}/practitioner`, { memberId: practitioner.memberId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await names(practitioner.person)).toEqual(['Own', 'Unassigned']);
    expect(await names(admin, 'unass')).toEqual(['Unassigned']);
    expect(await auditActions(unassigned.id)).toContain('provider.client_assign');

    const third = (await admin.post('/api/providers/clients', client({ lastName: 'Third' }))).json();
    expect(await names(practitioner.person)).toEqual(['Own', 'Unassigned']);
    expect((await admin.request({ method: 'PUT', url: '/api/providers/settings', payload: { allClientsVisible: true } })).statusCode).toBe(
      200,
    );
    expect(await names(practitioner.person)).toEqual(['Own', 'Third', 'Unassigned']);
    expect((await practitioner.person.get(`/api/providers/clients/${third.id}`)).statusCode).toBe(200);
  });
});

describe('clients', () => {
  it('adds an adult client, says tests are not sold in New York, refuses a minor or a bad state and writes nothing; audited', async () => {
    const { admin } = await newClinic();
    const added = await admin.post('/api/providers/clients', client({ state: 'NY' }));
    expect(added.statusCode, added.body).toBe(201);
    const newYork = clinicClientNotice('NY');
    expect(newYork).toMatch(/^Tests can't be ordered for clients who live in New York\. New York lets people order/);
    expect(added.json()).toMatchObject({ state: 'NY', labCollectionAvailable: false, notice: newYork });
    const read = await admin.get(`/api/providers/clients/${added.json().id}`);
    expect(read.json()).toMatchObject({ labCollectionAvailable: false, notice: newYork });
    // Maryland: the sample is taken at a partner lab, as the sale rules' table says
    const maryland = await admin.post('/api/providers/clients', client({ state: 'MD' }));
    expect(maryland.json()).toMatchObject({ labCollectionAvailable: true, notice: clinicClientNotice('MD') });
    expect(await auditActions(added.json().id)).toEqual(['provider.client_add', 'provider.client_read']);
    const california = await admin.post('/api/providers/clients', client());
    expect(california.json()).toMatchObject({ labCollectionAvailable: true, notice: null });

    const count = async () => (await shop.database.db.select().from(clinicClients)).length;
    const before = await count();
    const year = new Date().getUTCFullYear();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ dateOfBirth: `${year - 10}-01-01` }, messages.underage],
      [{ dateOfBirth: '2001-02-30' }, providerMessages.dateOfBirth],
      [{ state: 'ZZ' }, providerMessages.state],
      [{ firstName: '' }, providerMessages.firstName],
      [{ email: 'nope' }, messages.invalidEmail],
    ];
    for (const [override, message] of cases) {
      const response = await admin.post('/api/providers/clients', client(override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await count()).toBe(before);
  });
});

describe('one clinic never reaches another’s', () => {
  it('a member of clinic B gets 404 for every clinic-A client route and cannot act on A’s invitations, members or requests', async () => {
    const a = await newClinic();
    const b = await newClinic();
    const bStaff = await inviteAndJoin(b.admin, 'staff');
    const aClient = (await a.admin.post('/api/providers/clients', client())).json();
    const aInvitation = (
      await a.admin.post('/api/providers/team/invitations', { email: uniqueEmail(), name: 'A Invitee', role: 'staff' })
    ).json().invitations[0];
    const aMembers = (await a.admin.get('/api/providers/team')).json().members as { id: string }[];
    await new Visitor(shop.app).post(
      '/api/provider-signup',
      signUpForm({ email: `joiner@${a.form.email.split('@')[1]}`, requestToJoin: true }),
    );
    const aRequest = (await a.admin.get('/api/providers/team')).json().joinRequests[0];

    for (const visitor of [b.admin, bStaff.person]) {
      expect((await visitor.get(`/api/providers/clients/${aClient.id}`)).statusCode).toBe(404);
      const assign = await visitor.post(`/api/providers/clients/${aClient.id}/practitioner`, { memberId: null });
      expect(assign.statusCode).toBe(404);
      const clients = (await visitor.get(`/api/providers/clients?q=${aClient.lastName}`)).json().clients as { id: string }[];
      expect(clients.map((row) => row.id)).not.toContain(aClient.id);
    }
    expect((await b.admin.post(`/api/providers/team/invitations/${aInvitation.id}/resend`)).statusCode).toBe(404);
    expect((await b.admin.post(`/api/providers/team/invitations/${aInvitation.id}/revoke`)).statusCode).toBe(404);
    expect((await b.admin.post(`/api/providers/team/members/${aMembers[0]!.id}/remove`)).statusCode).toBe(404);
    expect((await b.admin.post(`/api/providers/team/join-requests/${aRequest.id}/approve`, { role: 'admin' })).statusCode).toBe(404);
    expect((await b.admin.post(`/api/providers/team/join-requests/${aRequest.id}/decline`)).statusCode).toBe(404);
    // nothing of A changed
    const [invitation] = await shop.database.db.select().from(clinicInvitations).where(eq(clinicInvitations.id, aInvitation.id));
    expect(invitation?.revokedAt).toBeNull();
    expect(await shop.database.db.select().from(clinicMembers).where(eq(clinicMembers.id, aMembers[0]!.id))).toHaveLength(1);
    const [request] = await shop.database.db.select().from(clinicJoinRequests).where(eq(clinicJoinRequests.id, aRequest.id));
    expect(request?.status).toBe('pending');
    expect((await b.admin.get(`/api/providers/clients/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('a customer gets 403 and a stranger 401 on every route of the area', async () => {
    const customer = new Visitor(shop.app);
    await customer.post('/api/checkout/account', { email: uniqueEmail(), password: 'Sup3r-secret!' });
    const stranger = new Visitor(shop.app);
    const id = randomUUID();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/providers/dashboard'],
      ['PUT', '/api/providers/settings', { allClientsVisible: true }],
      ['GET', '/api/providers/team'],
      ['POST', '/api/providers/team/invitations', { email: 'x@example.com', name: 'X Y', role: 'admin' }],
      ['POST', `/api/providers/team/invitations/${id}/resend`],
      ['POST', `/api/providers/team/invitations/${id}/revoke`],
      ['POST', `/api/providers/team/members/${id}/remove`],
      ['POST', `/api/providers/team/join-requests/${id}/approve`, { role: 'admin' }],
      ['POST', `/api/providers/team/join-requests/${id}/decline`],
      ['GET', '/api/providers/clients'],
      ['POST', '/api/providers/clients', client()],
      ['GET', `/api/providers/clients/${id}`],
      ['POST', `/api/providers/clients/${id}/practitioner`, { memberId: null }],
    ];
    for (const [method, url, payload] of routes) {
      const asCustomer = await customer.request({ method: method, url, payload: payload as object | undefined });
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
      const asStranger = await stranger.request({ method: method, url, payload: payload as object | undefined });
      expect(asStranger.statusCode, `${method} ${url}`).toBe(401);
    }
    // a provider role without a clinic is no member either
    const orphan = uniqueEmail('orphan');
    const visitor = new Visitor(shop.app);
    await visitor.post('/api/checkout/account', { email: orphan, password: 'Sup3r-secret!' });
    await shop.database.db.update(users).set({ role: 'provider_admin' }).where(eq(users.email, orphan));
    expect((await visitor.get('/api/providers/dashboard')).statusCode).toBe(403);
  });
});
