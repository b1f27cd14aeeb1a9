import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { SHIP_DELIVERY_FAILED, shipDeliveryAction } from './subscriptions.server';

const deliveryId = '0b8a7a53-58a4-4f7e-9d8e-3a8c2f1c6d21';
const delivery = { id: deliveryId, sequence: 2, title: 'Cortisol Test', customer: { name: 'Ann Lee', email: 'ann@example.com' } };
const consoleLists = { toShip: [delivery], due: [], attention: [], shipped: [], subscriptions: [], canShip: true, today: '2026-11-26' };

/** The API of the console: its lists, and the shipment answered by `ship`. */
const api =
  (ship: () => Response = () => json(200, { id: deliveryId, status: 'shipped', trackingNumber: '1Z999', shippedAt: null })) =>
  (request: Request) =>
    pathOf(request) === '/api/admin/subscriptions' ? json(200, consoleLists) : ship();

const send = (fields: Record<string, string>, reply = api()) =>
  callAction(shipDeliveryAction, { url: 'http://shop.test/admin/subscriptions', fields, cookie: 'shop.session_token=op', reply });

describe('the subscriptions console’s action', () => {
  it('ships a paid delivery with its tracking number, as the operator, and names it', async () => {
    const { answer, calls } = await send({ deliveryId, trackingNumber: ' 1Z999AA10123456784 ' });
    expect(answer).toEqual({ ok: true, deliveryId, message: 'Delivery 2 of the Cortisol Test shipped to ann@example.com.' });
    const shipment = calls.find((call) => call.method === 'POST');
    expect(pathOf(shipment)).toBe(`/api/admin/subscriptions/deliveries/${deliveryId}/ship`);
    expect(shipment!.headers.get('cookie')).toBe('shop.session_token=op');
    expect(await shipment!.json()).toEqual({ trackingNumber: '1Z999AA10123456784' });
  });

  it('checks the tracking number with core’s schema before the API hears of it, keeping what was typed', async () => {
    const { answer, status, calls } = await send({ deliveryId, trackingNumber: '1Z' });
    expect(status).toBe(400);
    expect(answer).toEqual({
      ok: false,
      deliveryId,
      errors: { trackingNumber: 'Please enter the tracking number.' },
      values: { deliveryId, trackingNumber: '1Z' },
    });
    expect(calls).toEqual([]);
  });

  it('shows the API’s refusal, and its own words when the server fails', async () => {
    const twice = await send(
      { deliveryId, trackingNumber: '1Z999AA10123456784' },
      api(() => json(409, { code: 'ALREADY_SHIPPED', message: 'This delivery has already shipped.' })),
    );
    expect(twice.status).toBe(400);
    expect(twice.answer).toMatchObject({ ok: false, deliveryId, message: 'This delivery has already shipped.' });
    const unknown = await send(
      { deliveryId: 'no-such-delivery', trackingNumber: '1Z999AA10123456784' },
      api(() => json(404, { code: 'DELIVERY_NOT_FOUND', message: 'We could not find this delivery.' })),
    );
    expect(unknown.answer).toMatchObject({ ok: false, deliveryId: 'no-such-delivery', message: 'We could not find this delivery.' });
    const failed = await send(
      { deliveryId, trackingNumber: '1Z999AA10123456784' },
      api(() => json(500, { code: 'INTERNAL_ERROR', message: 'x' })),
    );
    expect(failed.answer).toMatchObject({ ok: false, message: SHIP_DELIVERY_FAILED });
  });
});
