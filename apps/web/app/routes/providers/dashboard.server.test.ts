import { providerOrderMessages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { dashboardForms } from './dashboard-forms';
import { clientsAction, DASHBOARD_FAILED_MESSAGE, ordersAction } from './dashboard.server';

// the order forms go to the orders' own route, nested under the dashboard
const send = (fields: Array<[string, string]>, reply: (request: Request) => Response) =>
  callAction(ordersAction, { url: 'http://shop.test/providers/dashboard/orders', fields, reply });

const sent = {
  id: '7a0c3a56-8f43-4a8e-9b5c-0d6c2f3e1a11',
  clientId: 'c1',
  clientName: 'Maya Lopez',
  payer: 'client',
  state: 'sent',
  paidElsewhere: false,
  items: [],
  total: '$254.95',
  sentAt: '2026-11-27T10:00:00.000Z',
  openedAt: null,
  expiresAt: '2026-12-11T10:00:00.000Z',
  paidAt: null,
  orderNumber: null,
  fee: null,
};

describe('the dashboard’s order form', () => {
  it('sends the client and every chosen test to the API, and says the link is on its way', async () => {
    const { answer, calls } = await send(
      [
        ['_form', dashboardForms.order],
        ['clientId', 'c1'],
        ['items', 'test-53'],
        ['items', 'food-allergy'],
      ],
      () => json(201, sent),
    );
    expect(pathOf(calls[0])).toBe('/api/providers/orders');
    expect(await calls[0]!.json()).toEqual({ clientId: 'c1', payer: 'client', items: ['test-53', 'food-allergy'] });
    expect(answer).toMatchObject({
      ok: true,
      message: expect.stringContaining('Sent to Maya Lopez: an e-mail with a link to pay $254.95'),
    });
  });

  it('sends the clinic’s fee typed in dollars as cents, with the custom fee payer', async () => {
    const { answer, calls } = await send(
      [
        ['_form', dashboardForms.order],
        ['clientId', 'c1'],
        ['items', 'test-53'],
        ['payer', 'custom_fee'],
        ['fee', '25'],
      ],
      () => json(201, { ...sent, payer: 'custom_fee', fee: '$25.00', total: '$104.95' }),
    );
    expect(await calls[0]!.json()).toEqual({ clientId: 'c1', payer: 'custom_fee', items: ['test-53'], feeCents: 2500 });
    expect(answer).toMatchObject({ ok: true, message: expect.stringContaining('a link to pay $104.95 (your fee of $25.00 included)') });
  });

  it('refuses a fee that is not an amount from $0 to $500 without calling the API', async () => {
    for (const fee of ['500.01', 'twenty', '']) {
      const { answer, calls } = await send(
        [
          ['_form', dashboardForms.order],
          ['clientId', 'c1'],
          ['items', 'test-53'],
          ['payer', 'custom_fee'],
          ['fee', fee],
        ],
        () => json(201, sent),
      );
      expect(calls).toHaveLength(0);
      expect(answer).toMatchObject({ ok: false, errors: { feeCents: providerOrderMessages.feeBounds } });
    }
  });

  it('refuses an empty selection without calling the API', async () => {
    const { answer, status, calls } = await send(
      [
        ['_form', dashboardForms.order],
        ['clientId', 'c1'],
      ],
      () => json(500, {}),
    );
    expect(status).toBe(400);
    expect(calls).toHaveLength(0);
    expect(answer).toMatchObject({ ok: false, errors: { items: providerOrderMessages.items } });
  });

  it('shows the API’s refusal of an action on a closed order', async () => {
    const { answer } = await send(
      [
        ['_form', dashboardForms.orderCancel],
        ['id', sent.id],
      ],
      () => json(409, { code: 'PROVIDER_ORDER_PAID', message: providerOrderMessages.alreadyPaid }),
    );
    // the answer names the order, for the page sent without its script to show it on that order's row
    expect(answer).toMatchObject({ ok: false, message: providerOrderMessages.alreadyPaid, subject: sent.id });
  });

  it('names the order an accepted action was about', async () => {
    const { answer, calls } = await send(
      [
        ['_form', dashboardForms.orderCancel],
        ['id', sent.id],
      ],
      () => json(200, { ...sent, state: 'cancelled' }),
    );
    expect(pathOf(calls[0])).toBe(`/api/providers/orders/${sent.id}/cancel`);
    expect(answer).toEqual({
      ok: true,
      message: 'The order for Maya Lopez is cancelled: its link can no longer be paid.',
      form: dashboardForms.orderCancel,
      subject: sent.id,
    });
  });

  it('refuses a form of another section without calling the API', async () => {
    const { answer, status, calls } = await send([['_form', dashboardForms.invite]], () => json(500, {}));
    expect(status).toBe(400);
    expect(calls).toHaveLength(0);
    expect(answer).toMatchObject({ ok: false, message: DASHBOARD_FAILED_MESSAGE, form: dashboardForms.invite });
  });
});

describe('the dashboard’s clients’ form', () => {
  it('assigns a client on its own route, naming the client it was about', async () => {
    const { answer, calls } = await callAction(clientsAction, {
      url: 'http://shop.test/providers/dashboard/clients',
      fields: [
        ['_form', dashboardForms.assign],
        ['id', 'c1'],
        ['memberId', ''],
      ],
      reply: () => json(200, { id: 'c1', firstName: 'Maya', lastName: 'Lopez', practitioner: null }),
    });
    expect(calls).toHaveLength(1);
    expect(answer).toEqual({ ok: true, message: 'Maya Lopez is assigned to no one.', form: dashboardForms.assign, subject: 'c1' });
  });
});
