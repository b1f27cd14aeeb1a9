import { addBusinessDays } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLinkHelpers } from './provider-helpers.ts';
import { createTestShop, staffVisitor, type TestShop, type Visitor } from './helpers.ts';

let shop: TestShop;
let clinician: Visitor;
let operator: Visitor;
const { newClinic, addClient, sendOrder, payByLink, inviteAndJoin } = payLinkHelpers(() => shop);

beforeAll(async () => {
  shop = await createTestShop();
  clinician = await staffVisitor(shop, 'clinician');
  operator = await staffVisitor(shop, 'operator');
});
afterAll(() => shop.close());

const today = () => new Date().toISOString().slice(0, 10);
const businessDaysOn = (days: number) => addBusinessDays(new Date(), days).toISOString().slice(0, 10);

/** The order's row on the clinic's dashboard, as the member's list gives it. */
async function rowOf(member: Visitor, providerOrderId: string) {
  const listed = await member.get('/api/providers/orders');
  expect(listed.statusCode, listed.body).toBe(200);
  const row = (listed.json().orders as Array<{ id: string; track: unknown }>).find((order) => order.id === providerOrderId);
  expect(row).toBeDefined();
  return { row: row!, body: listed.body };
}

const stagesOf = (track: { reached: Array<{ stage: string; on: string | null }> }) =>
  track.reached.map((each) => `${each.stage} ${each.on}`);

describe('a clinic follows its client’s order', () => {
  it('from paid through the kit, the lab and the results held and released, with the days the timings give', async () => {
    const { admin, clinicName } = await newClinic();
    const set = await admin.request({
      method: 'PUT',
      url: '/api/providers/settings/results-release',
      payload: { resultsRelease: 'review_all' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const staff = await inviteAndJoin(admin, 'staff');
    const client = await addClient(admin);
    const sent = await sendOrder(admin, client.id, ['test-1']);

    // a link not paid yet has no track: its state is the link's
    expect((await rowOf(admin, sent.id)).row.track).toBeNull();

    const { payer, order } = await payByLink(client.email);
    // the console's order names the clinic that ordered it, which the client paid
    expect((await operator.get(`/api/admin/orders/${order.id}`)).json()).toMatchObject({
      clinic: { name: clinicName, paid: false },
      employerGroup: null,
    });
    expect((await rowOf(admin, sent.id)).row.track).toEqual({ stage: 'paid', reached: [{ stage: 'paid', on: today() }], next: null });

    const chosen = await payer.post(`/api/orders/${order.id}/collection`, {
      method: 'home',
      fullName: 'Maya Lopez',
      shippingAddress: '1 Main St',
      city: 'Los Angeles',
      zipCode: '90012',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const profile = { fullName: 'Maya Lopez', dateOfBirth: '1985-06-01', sex: 'female', state: 'CA', conditions: '', medications: '' };
    expect((await payer.request({ method: 'PUT', url: '/api/account/profile', payload: profile })).statusCode).toBe(200);
    expect((await clinician.post(`/api/admin/orders/${order.id}/approve`, {})).statusCode).toBe(200);
    // approved, not shipped: still paid to the clinic
    expect((await rowOf(admin, sent.id)).row.track).toMatchObject({ stage: 'paid', next: null });

    const shipped = await operator.post(`/api/admin/orders/${order.id}/kits/blood/ship`, { trackingNumber: '1Z999AA10123456784' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const code = (shipped.json().kits as Array<{ code: string | null }>).find((kit) => kit.code)!.code!;
    const onItsWay = await rowOf(admin, sent.id);
    expect(onItsWay.row.track).toEqual({
      stage: 'kit_shipped',
      reached: [
        { stage: 'paid', on: today() },
        { stage: 'kit_shipped', on: today() },
      ],
      next: { label: 'Kit arrives', from: businessDaysOn(2), to: businessDaysOn(5) },
    });
    // the kit's code and tracking number are the client's, not the clinic's
    expect(onItsWay.body).not.toContain('1Z999AA10123456784');
    expect(onItsWay.body).not.toContain(code);

    expect((await payer.post(`/api/orders/${order.id}/kits/register`, { code })).statusCode).toBe(200);
    expect((await operator.post(`/api/admin/orders/${order.id}/kits/blood/sample-received`, {})).statusCode).toBe(200);
    expect((await rowOf(admin, sent.id)).row.track).toMatchObject({
      stage: 'sample_received',
      next: { label: 'Results expected', from: businessDaysOn(5), to: businessDaysOn(7) },
    });

    const entered = await clinician.post(`/api/admin/orders/${order.id}/results/blood`, {
      results: [
        { biomarker: 'total-cholesterol', value: 180, unit: 'mg/dL' },
        { biomarker: 'ldl', value: 92.5, unit: 'mg/dL' },
        { biomarker: 'hdl', value: 55, unit: 'mg/dL' },
        { biomarker: 'triglycerides', value: 120, unit: 'mg/dL' },
      ],
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const held = await rowOf(admin, sent.id);
    expect(held.row.track).toMatchObject({ stage: 'results_held', next: null });
    expect(stagesOf(held.row.track as never)).toEqual([
      `paid ${today()}`,
      `kit_shipped ${today()}`,
      `sample_received ${today()}`,
      `results_held ${today()}`,
    ]);
    // held or released is all the list says of the results
    expect(held.body).not.toContain('92.5');
    // staff, who read no results, follow the same stage
    expect((await rowOf(staff, sent.id)).row.track).toMatchObject({ stage: 'results_held' });

    const released = await admin.post(`/api/providers/orders/${sent.id}/release`, { note: '' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().track).toMatchObject({ stage: 'results_released' });
    expect(stagesOf((await rowOf(admin, sent.id)).row.track as never).at(-1)).toBe(`results_released ${today()}`);
  });
});
