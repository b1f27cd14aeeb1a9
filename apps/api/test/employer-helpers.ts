import { expect } from 'vitest';
import { mailbox, paymentMethod, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

/**
 * Employer groups as the tests drive them: a group of coded eligibility made by an operator in the
 * console with its codes minted, an employee who proves a code, their covered checkout, and an
 * employer admin of the group.
 */
export function employerHelpers(shop: () => TestShop, operator: () => Visitor) {
  const year = new Date().getUTCFullYear();

  /** A group of coded eligibility, covering `coverCents` of the starter test (all of it when null), and its codes. */
  async function codedGroup(slug: string, coverCents: number | null, codes = 3, goals = ['fatigue', 'mental-health']) {
    const created = await operator().post('/api/admin/employers', {
      slug,
      name: `Acme ${slug}`,
      logoText: 'ACME',
      goals,
      coverCents,
      includesProgram: false,
      capEmployees: null,
      capSpendCents: null,
      planYearStart: `${year}-01-01`,
      planYearEnd: `${year}-12-31`,
      eligibility: 'code',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().id;
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
    return worker.post('/api/checkout/orders', { paymentMethod: due === 0 ? 'covered' : await paymentMethod(worker) });
  }

  /** An employee of the group who proves a code and checks out, covered wholly ($0) or in part (the rest by card). */
  async function coveredOrder(group: { slug: string; codes: string[] }) {
    const worker = await eligibleEmployee(group);
    const placed = await checkout(worker);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: string; number: number };
    return { id: order.id, number: order.number, email: worker.email };
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

  return { codedGroup, eligibleEmployee, checkout, coveredOrder, employerAdmin };
}
