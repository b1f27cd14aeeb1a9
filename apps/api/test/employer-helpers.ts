import { expect } from 'vitest';
import { mailbox, paymentMethod, uniqueEmail, Visitor, type TestShop, everyConsent } from './helpers.ts';

const now = new Date();
const year = now.getUTCFullYear();

/** The first of the month `months` from now, 02:00 UTC: when the invoices of the month before it are run. */
export const monthsLater = (months: number) => new Date(Date.UTC(year, now.getUTCMonth() + months, 1, 2));

/** The employee places each of `carts` (their cart cookies) at once, paying with `paymentMethod`: the answers. */
export function racingCheckouts(worker: Visitor, carts: string[], paymentMethod: string) {
  const others = worker.cookiesExcept('shop_cart');
  return Promise.all(
    carts.map((cart) =>
      worker.request({
        method: 'POST',
        url: '/api/checkout/orders',
        payload: { testedState: 'TX', consents: everyConsent, paymentMethod },
        headers: { cookie: `${others}; ${cart}` },
      }),
    ),
  );
}

/**
 * An employer group's settings as the console sends them: this year's plan, two goals, the whole
 * starter test covered, no cap; `overrides` changes any (eligibility, domains, cover, goals).
 */
export const groupSettings = (slug: string, overrides: Record<string, unknown> = {}) => ({
  slug,
  name: `Acme ${slug}`,
  logoText: 'ACME',
  goals: ['fatigue', 'mental-health'],
  coverCents: null,
  includesProgram: false,
  capEmployees: null,
  capSpendCents: null,
  planYearStart: `${year}-01-01`,
  planYearEnd: `${year}-12-31`,
  eligibility: 'census',
  ...overrides,
});

/**
 * Employer groups as the tests drive them: a group of coded eligibility made by an operator in the
 * console with its codes minted, an employee who proves a code, their covered checkout, and an
 * employer admin of the group.
 */
export function employerHelpers(shop: () => TestShop, operator: () => Visitor) {
  /** A group made by the operator in the console (see `groupSettings`): its id. */
  async function createGroup(slug: string, overrides: Record<string, unknown> = {}): Promise<string> {
    const created = await operator().post('/api/admin/employers', groupSettings(slug, overrides));
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id;
  }

  /** Someone who has just made their account at the checkout, signed in, not yet proven eligible. */
  async function signedUpEmployee(): Promise<Visitor> {
    const visitor = new Visitor(shop().app);
    const account = await visitor.post('/api/checkout/account', { email: uniqueEmail('employee'), password: 'Sup3r-secret!' });
    expect(account.statusCode, account.body).toBe(200);
    return visitor;
  }

  /** A group of coded eligibility, covering `coverCents` of the starter test (all of it when null), and its codes. */
  async function codedGroup(slug: string, coverCents: number | null, codes = 3, goals = ['fatigue', 'mental-health']) {
    const id = await createGroup(slug, { goals, coverCents, eligibility: 'code' });
    const minted = await operator().post(`/api/admin/employers/${id}/codes`, { count: codes });
    expect(minted.statusCode, minted.body).toBe(201);
    return { id, slug, codes: minted.json().codes as string[] };
  }

  /** An employee who proves one of the group's codes: their cart now holds the covered starter test. */
  async function eligibleEmployee(group: { slug: string; codes: string[] }) {
    const worker = new Visitor(shop().app);
    const email = uniqueEmail('employee');
    expect((await worker.post('/api/checkout/account', { email, password: 'Sup3r-secret!' })).statusCode).toBe(200);
    const code = group.codes.shift()!;
    const proven = await worker.post(`/api/employers/${group.slug}/eligibility`, { goal: 'fatigue', proof: { method: 'code', code } });
    expect(proven.statusCode, proven.body).toBe(200);
    return Object.assign(worker, { email, code });
  }

  /** The employee places their cart: nothing to pay when wholly covered, the rest by card otherwise. */
  async function checkout(worker: Visitor) {
    const due = (await worker.get('/api/cart')).json().totalCents;
    return worker.post('/api/checkout/orders', {
      testedState: 'TX',
      consents: everyConsent,
      paymentMethod: due === 0 ? 'covered' : await paymentMethod(worker),
    });
  }

  /** An employee of the group who proves a code and checks out, covered wholly ($0) or in part (the rest by card). */
  async function coveredOrder(group: { slug: string; codes: string[] }) {
    const worker = await eligibleEmployee(group);
    const placed = await checkout(worker);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: string; number: number };
    return { id: order.id, number: order.number, email: worker.email };
  }

  /** `count` employees of the group, each with their covered order: an employer sees nothing of fewer than five (decision 0057). */
  async function coveredOrders(group: { slug: string; codes: string[] }, count: number) {
    const placed = [];
    for (let index = 0; index < count; index += 1) placed.push(await coveredOrder(group));
    return placed;
  }

  /** An employer admin of the group: invited by the operator, signed up, the invitation accepted. */
  async function employerAdmin(groupId: string) {
    const email = uniqueEmail('hr');
    expect((await operator().post(`/api/admin/employers/${groupId}/admins`, { email })).statusCode).toBe(201);
    const [invitation] = await mailbox(shop(), email);
    const token = /token=([\w-]+)/.exec(invitation!.text)![1];
    const admin = new Visitor(shop().app);
    expect((await admin.post('/api/checkout/account', { email, password: 'Sup3r-secret!' })).statusCode).toBe(200);
    expect((await admin.post('/api/employer-invitations/accept', { token })).statusCode).toBe(200);
    return { admin, email };
  }

  return { createGroup, signedUpEmployee, codedGroup, eligibleEmployee, checkout, coveredOrder, coveredOrders, employerAdmin };
}
