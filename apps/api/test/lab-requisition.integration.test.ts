import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorWithStarterTest } from './cart-helpers.ts';
import { createTestShop, staffVisitor, type TestShop, placeOrder } from './helpers.ts';
import { pdfText } from './pdf-text.ts';

// A lab order's requisition: once a clinician approves an order for a partner lab, its member
// downloads the paper the lab draws the sample against, naming them, the tests, the lab and the
// clinician; before that, and for anyone else, there is none.
describe('the lab requisition', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  it('is the member’s own, once approved, with their name as typed, the lab’s hours and every biomarker', async () => {
    const { visitor, email } = await visitorWithStarterTest(shop);
    expect((await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' })).statusCode).toBe(200);
    const placed = await placeOrder(visitor);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: string; number: number };
    const chosen = await visitor.post(`/api/orders/${order.id}/collection`, {
      method: 'lab',
      zipCode: '78701',
      labLocationId: 'lab-austin-downtown',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const profile = await visitor.request({
      method: 'PUT',
      url: '/api/account/profile',
      payload: { fullName: 'Nguyễn Thị Zoë', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX', conditions: '', medications: '' },
    });
    expect(profile.statusCode, profile.body).toBe(200);

    const before = await visitor.get(`/api/orders/${order.id}`);
    expect(before.json().collection).toMatchObject({
      lab: { name: 'Partner Lab – Downtown Austin', hours: 'Mon–Fri 6:30 am – 6:00 pm, Sat 8:00 am – 1:00 pm' },
      requisitionReady: false,
    });
    const early = await visitor.get(`/api/orders/${order.id}/requisition.pdf`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NO_REQUISITION' });

    const clinician = await staffVisitor(shop, 'clinician');
    const approved = await clinician.post(`/api/admin/orders/${order.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await visitor.get(`/api/orders/${order.id}`)).json().collection.requisitionReady).toBe(true);

    const requisition = await visitor.get(`/api/orders/${order.id}/requisition.pdf`);
    expect(requisition.statusCode).toBe(200);
    expect(requisition.headers['content-type']).toBe('application/pdf');
    expect(requisition.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(requisition.rawPayload);
    expect(text).toContain('Lab requisition');
    expect(text).toContain('Nguyễn Thị Zoë');
    expect(text).toContain('Date of birth: 1990-04-12');
    expect(text).toContain(`Order #${order.number}`);
    expect(text).toContain('Partner Lab – Downtown Austin');
    expect(text).toContain('Open Mon–Fri 6:30 am – 6:00 pm, Sat 8:00 am – 1:00 pm');
    expect(text).toContain('Cortisol');
    // the physician of record, with the licence of the state where the person tested lives
    expect(text).toMatch(/Ordering physician: .+, Texas licence DEV-TX/);

    // staff reach the order, but the requisition is the member's alone
    expect((await clinician.get(`/api/orders/${order.id}/requisition.pdf`)).statusCode).toBe(404);
  });
});
