import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { mailbox, paymentMethod, signUpClinic, uniqueEmail, Visitor, shareWithClinic, type TestShop } from './helpers.ts';

/**
 * A clinic's pay links as the tests drive them: a clinic signed up by its admin, its clients and
 * team, an order sent, the link in the client's e-mail, and the client signed up from it.
 */
export function payLinkHelpers(shop: () => TestShop) {
  const password = 'Clinic-passw0rd!';
  const clientPassword = 'Client-passw0rd!';
  let clinicCount = 0;

  async function newClinic() {
    clinicCount += 1;
    const tag = `${Date.now().toString(36)}${clinicCount}`;
    const clinicName = `Pay Link Clinic ${tag}`;
    const adminEmail = `ana@paylink-${tag}.example`;
    const admin = await signUpClinic(shop().app, { clinicName, name: 'Dr. Ana Green', email: adminEmail, password });
    return { admin, clinicName, adminEmail };
  }

  /** A new client of the clinic in California (Maya Lopez unless `who` names another). */
  async function addClient(member: Visitor, who: { firstName?: string; lastName?: string; dateOfBirth?: string } = {}) {
    const email = uniqueEmail('client');
    const response = await member.post('/api/providers/clients', {
      firstName: 'Maya',
      lastName: 'Lopez',
      email,
      dateOfBirth: '1985-06-01',
      state: 'CA',
      ...who,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json().id as string, email };
  }

  /** A team member invited by the clinic's admin as `role` (named Sam and the role unless `name`), who joined by the e-mail's link. */
  async function inviteAndJoin(admin: Visitor, role: 'admin' | 'practitioner' | 'staff', name = `Sam ${role}`) {
    const email = uniqueEmail(role);
    expect((await admin.post('/api/providers/team/invitations', { email, name, role })).statusCode).toBe(201);
    const text = (await mailbox(shop(), email)).at(-1)?.text ?? '';
    const token = decodeURIComponent(/providers\/invitation\?token=([\w%-]+)/.exec(text)![1]!);
    const person = new Visitor(shop().app);
    const accepted = await person.post('/api/provider-invitations/accept', { token, password, confirmPassword: password });
    expect(accepted.statusCode, accepted.body).toBe(201);
    return Object.assign(person, { email });
  }

  /** The pay link in the client's latest e-mail, as they would click it. */
  async function payLinkOf(email: string): Promise<string> {
    const mails = await mailbox(shop(), email);
    const text = mails.at(-1)?.text ?? '';
    const token = /checkout-practitioners\?token=([\w%-]+)/.exec(text)?.[1];
    if (!token) throw new Error(`no pay link in ${text}`);
    return decodeURIComponent(token);
  }

  async function sendOrder(
    member: Visitor,
    clientId: string,
    items = ['test-1', 'food-allergy'],
    pay: { payer?: string; feeCents?: number } = {},
  ) {
    const response = await member.post('/api/providers/orders', { clientId, items, ...pay });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; state: string; total: string }>();
  }

  async function signedInClient(token: string) {
    const client = new Visitor(shop().app);
    const account = await client.post('/api/pay-links/account', { token, password: clientPassword });
    expect(account.statusCode, account.body).toBe(200);
    return client;
  }

  /** The signed-in client pays the link `token` opens with a test card: the shop's order it placed. */
  async function payLink(payer: Visitor, token: string) {
    const paid = await payer.post(
      '/api/pay-links/pay',
      { token, paymentMethod: await paymentMethod(payer), consents: shareWithClinic },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    return paid.json().order as { id: string; number: number; total: string };
  }

  /** The client pays the link in their latest e-mail with a test card, signing up from it first. */
  async function payByLink(clientEmail: string) {
    const token = await payLinkOf(clientEmail);
    const payer = await signedInClient(token);
    return { token, payer, order: await payLink(payer, token) };
  }

  /** The clinic orders `items` for a new client (`who`), and the client signs in from the link, ready to pay. */
  async function sentLink(member: Visitor, who: Parameters<typeof addClient>[1] = {}, items = ['test-1']) {
    const client = await addClient(member, who);
    const providerOrderId = (await sendOrder(member, client.id, items)).id;
    const token = await payLinkOf(client.email);
    return { client: await signedInClient(token), clientId: client.id, email: client.email, token, providerOrderId };
  }

  /** The clinic orders `items` for a new client (`who`), who pays the link with a test card. */
  async function paidOrder(member: Visitor, who: Parameters<typeof addClient>[1] = {}, items = ['test-1']) {
    const client = await addClient(member, who);
    const providerOrderId = (await sendOrder(member, client.id, items)).id;
    const { payer, order } = await payByLink(client.email);
    return { client: payer, clientId: client.id, email: client.email, providerOrderId, orderId: order.id };
  }

  return {
    password,
    clientPassword,
    newClinic,
    addClient,
    inviteAndJoin,
    payLinkOf,
    sendOrder,
    signedInClient,
    payLink,
    payByLink,
    sentLink,
    paidOrder,
  };
}

/** A clinic's webhook endpoint for a test: a local HTTP server at `url` that answers as `answer` does. */
export async function webhookReceiver(answer: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
