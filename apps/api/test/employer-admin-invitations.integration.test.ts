import { eq } from 'drizzle-orm';
import { employerAdmins } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employerHelpers } from './employer-helpers.ts';
import { mailbox, uniqueEmail, Visitor, type TestShop, shopWithOperator } from './helpers.ts';

const password = 'Sup3r-secret!';

describe('employer admin invitations', () => {
  let shop: TestShop;
  let operator: Visitor;
  beforeAll(async () => {
    ({ shop, operator } = await shopWithOperator());
  });
  afterAll(() => shop.close());

  const { createGroup, signedUpEmployee } = employerHelpers(
    () => shop,
    () => operator,
  );

  /** The link's token of the newest invitation e-mailed to `email`. */
  async function tokenSentTo(email: string) {
    const mails = await mailbox(shop, email);
    const tokens = mails.map((mail) => /business\/portal\/accept\?token=([\w-]+)/.exec(mail.text)?.[1]);
    expect(tokens.at(-1)).toBeDefined();
    return tokens.at(-1)!;
  }

  async function invite(groupId: string, email: string) {
    const invited = await operator.post(`/api/admin/employers/${groupId}/admins`, { email });
    expect(invited.statusCode, invited.body).toBe(201);
    return tokenSentTo(email);
  }

  const statesOf = async (groupId: string) =>
    ((await operator.get(`/api/admin/employers/${groupId}/admins`)).json().invitations as Array<{ email: string; state: string }>).map(
      (row) => `${row.email} ${row.state}`,
    );

  it('makes the invited admin’s account with the password chosen on the invitation’s page, once', async () => {
    const groupId = await createGroup('invited-new');
    const email = uniqueEmail('hr');
    const token = await invite(groupId, email);
    const [mail] = await mailbox(shop, email);
    expect(mail!.text).toContain('Base invites you to the employer portal of Acme invited-new');
    expect(mail!.text).toContain('choose your password and create your account');
    expect(await statesOf(groupId)).toEqual([`${email} sent`]);

    const invited = new Visitor(shop.app);
    const lookUp = await invited.post('/api/employer-invitations/lookup', { token });
    expect(lookUp.statusCode, lookUp.body).toBe(200);
    expect(lookUp.json()).toEqual({ email, groupName: 'Acme invited-new', hasAccount: false });

    // the password's rules and its repetition are checked before anything is spent
    const mismatch = await invited.post('/api/employer-invitations/accept-with-new-account', {
      token,
      password,
      confirmPassword: 'Other-secret1!',
    });
    expect(mismatch.statusCode).toBe(400);
    const accepted = await invited.post('/api/employer-invitations/accept-with-new-account', {
      token,
      password,
      confirmPassword: password,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toEqual({ email });

    // signed in by the acceptance, an employer admin of the group
    const session = await invited.get('/api/auth/get-session');
    expect(session.json().user).toMatchObject({ email, role: 'employer_admin' });
    const portal = await invited.get('/api/business/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().group.name).toBe('Acme invited-new');
    expect(await statesOf(groupId)).toEqual([`${email} accepted`]);

    // the link is spent: looking it up or accepting it again is refused, and nothing is made
    expect((await new Visitor(shop.app).post('/api/employer-invitations/lookup', { token })).statusCode).toBe(410);
    const again = await new Visitor(shop.app).post('/api/employer-invitations/accept-with-new-account', {
      token,
      password,
      confirmPassword: password,
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('INVITATION_INVALID');
    // and the address cannot be invited to the group again
    expect((await operator.post(`/api/admin/employers/${groupId}/admins`, { email })).statusCode).toBe(409);
  });

  it('refuses an expired invitation, and a new invitation to the address sends a link that works', async () => {
    const groupId = await createGroup('invited-late');
    const email = uniqueEmail('hr');
    const token = await invite(groupId, email);
    await shop.database.db
      .update(employerAdmins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(employerAdmins.email, email));
    expect(await statesOf(groupId)).toEqual([`${email} expired`]);
    const late = new Visitor(shop.app);
    expect((await late.post('/api/employer-invitations/lookup', { token })).statusCode).toBe(410);
    const refused = await late.post('/api/employer-invitations/accept-with-new-account', { token, password, confirmPassword: password });
    expect(refused.statusCode).toBe(410);
    expect((await late.get('/api/auth/get-session')).json()?.user).toBeUndefined();

    // invited again: the same invitation is sent anew, the old link stays dead
    const renewed = await invite(groupId, email);
    expect(renewed).not.toBe(token);
    expect(await statesOf(groupId)).toEqual([`${email} sent`]);
    expect((await late.post('/api/employer-invitations/lookup', { token })).statusCode).toBe(410);
    const accepted = await late.post('/api/employer-invitations/accept-with-new-account', {
      token: renewed,
      password,
      confirmPassword: password,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('lets an address with an account accept signed in, and no other account', async () => {
    const groupId = await createGroup('invited-member');
    const member = new Visitor(shop.app);
    const email = uniqueEmail('hr');
    expect((await member.post('/api/checkout/account', { email, password })).statusCode).toBe(200);
    const token = await invite(groupId, email);
    expect((await new Visitor(shop.app).post('/api/employer-invitations/lookup', { token })).json().hasAccount).toBe(true);

    // the address has an account: it is not made twice, and the link still works
    const made = await new Visitor(shop.app).post('/api/employer-invitations/accept-with-new-account', {
      token,
      password,
      confirmPassword: password,
    });
    expect(made.statusCode).toBe(409);
    expect(made.json().code).toBe('ACCOUNT_EXISTS');

    // a forwarded link: another member's account cannot use it, and it still works for the address it names
    const other = await signedUpEmployee();
    const wrong = await other.post('/api/employer-invitations/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(`This invitation was sent to another e-mail address. Sign in as ${email} to accept it.`);
    expect((await other.get('/api/business/portal')).statusCode).toBe(403);
    // nor can a staff account, whatever its address
    expect((await operator.post('/api/employer-invitations/accept', { token })).statusCode).toBe(403);

    expect((await member.post('/api/employer-invitations/accept', { token })).statusCode).toBe(200);
    expect((await member.get('/api/business/portal')).statusCode).toBe(200);
    expect((await member.post('/api/employer-invitations/accept', { token })).statusCode).toBe(410);
    expect(await statesOf(groupId)).toEqual([`${email} accepted`]);
  });

  it('lets an employer admin invite a co-admin of their own group and see each invitation’s state', async () => {
    const groupId = await createGroup('co-admins');
    const otherGroupId = await createGroup('co-admins-other');
    const first = uniqueEmail('hr');
    const admin = new Visitor(shop.app);
    const firstToken = await invite(groupId, first);
    expect(
      (await admin.post('/api/employer-invitations/accept-with-new-account', { token: firstToken, password, confirmPassword: password }))
        .statusCode,
    ).toBe(201);

    const coAdmin = uniqueEmail('finance');
    const invited = await admin.post('/api/business/portal/admins', { email: coAdmin.toUpperCase() });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().email).toBe(coAdmin);
    const [mail] = await mailbox(shop, coAdmin);
    expect(mail!.text).toContain(`${first} invites you to the employer portal of Acme co-admins`);
    const listed = await admin.get('/api/business/portal/admins');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().invitations.map((row: { email: string; state: string }) => `${row.email} ${row.state}`)).toEqual([
      `${coAdmin} sent`,
      `${first} accepted`,
    ]);
    // the invitation is to the admin's own group: the other group's list does not hold it
    expect(await statesOf(otherGroupId)).toEqual([]);

    const second = new Visitor(shop.app);
    const token = await tokenSentTo(coAdmin);
    expect(
      (await second.post('/api/employer-invitations/accept-with-new-account', { token, password, confirmPassword: password })).statusCode,
    ).toBe(201);
    expect((await second.get('/api/business/portal')).json().group.name).toBe('Acme co-admins');
    expect((await admin.get('/api/business/portal/admins')).json().invitations.map((row: { state: string }) => row.state)).toEqual([
      'accepted',
      'accepted',
    ]);

    // at most five admins and open invitations a group
    for (const name of ['a', 'b', 'c']) {
      expect((await second.post('/api/business/portal/admins', { email: uniqueEmail(name) })).statusCode).toBe(201);
    }
    const sixth = await second.post('/api/business/portal/admins', { email: uniqueEmail('d') });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().code).toBe('TOO_MANY_ADMINS');
    // a member who is no employer admin has no portal to invite from
    expect((await (await signedUpEmployee()).post('/api/business/portal/admins', { email: uniqueEmail('e') })).statusCode).toBe(403);
  });
});
