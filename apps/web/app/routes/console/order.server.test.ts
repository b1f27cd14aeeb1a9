import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { ORDER_ACTION_FAILED } from '../../components/console/order-forms';
import { orderAction } from './order.server';

const orderId = '6f1c1f5e-2b1a-4c55-9a57-1d1b6f2b9c10';
/** The order as the API answers an action with it: enough of it to name its kit. */
const adminOrder = { id: orderId, kits: [{ kitSlug: 'daily-rhythm-saliva', title: 'Daily rhythm saliva kit' }] };

const send = (fields: Record<string, string>, reply: (request: Request) => Response = () => json(200, adminOrder)) =>
  callAction(orderAction, {
    url: `http://shop.test/admin/orders/${orderId}`,
    params: { id: orderId },
    fields,
    cookie: 'shop.session_token=staff',
    reply,
  });

describe('the console order page’s action', () => {
  it('ships a kit with its tracking number, as the staff member, and names the kit', async () => {
    const { answer, calls } = await send({ _form: 'ship', kitSlug: 'daily-rhythm-saliva', trackingNumber: ' 1Z999AA10123456784 ' });
    expect(answer).toEqual({ ok: true, form: 'ship', kitSlug: 'daily-rhythm-saliva', message: 'Daily rhythm saliva kit shipped.' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(pathOf(calls[0])).toBe(`/api/admin/orders/${orderId}/kits/daily-rhythm-saliva/ship`);
    expect(calls[0]!.headers.get('cookie')).toBe('shop.session_token=staff');
    expect(await calls[0]!.json()).toEqual({ trackingNumber: '1Z999AA10123456784' });
  });

  it('checks the tracking number with core’s schema before the API hears of it, keeping what was typed', async () => {
    const { answer, status, calls } = await send({ _form: 'ship', kitSlug: 'daily-rhythm-saliva', trackingNumber: '    ' });
    expect(status).toBe(400);
    expect(answer).toEqual({
      ok: false,
      form: 'ship',
      kitSlug: 'daily-rhythm-saliva',
      errors: { trackingNumber: 'Please enter the tracking number.' },
      values: { kitSlug: 'daily-rhythm-saliva', trackingNumber: '    ' },
    });
    expect(calls).toEqual([]);
  });

  it('records a kit’s sample as received', async () => {
    const { answer, calls } = await send({ _form: 'sample_received', kitSlug: 'daily-rhythm-saliva' });
    expect(answer).toEqual({
      ok: true,
      form: 'sample_received',
      kitSlug: 'daily-rhythm-saliva',
      message: 'Sample of the Daily rhythm saliva kit recorded.',
    });
    expect(pathOf(calls[0])).toBe(`/api/admin/orders/${orderId}/kits/daily-rhythm-saliva/sample-received`);
  });

  it('takes the order’s actions with their reason, when one is given', async () => {
    const approved = await send({ _form: 'approve', reason: ' Profile checked ' });
    expect(approved.answer).toEqual({ ok: true, form: 'approve', message: 'Approve: done.' });
    expect(pathOf(approved.calls[0])).toBe(`/api/admin/orders/${orderId}/approve`);
    expect(await approved.calls[0]!.json()).toEqual({ reason: 'Profile checked' });

    const cancelled = await send({ _form: 'cancel', reason: '   ' });
    expect(cancelled.answer).toEqual({ ok: true, form: 'cancel', message: 'Cancel order: done.' });
    expect(await cancelled.calls[0]!.json()).toEqual({});

    for (const [form, path, message] of [
      ['decline', 'decline', 'Decline and refund: done.'],
      ['refund', 'refund', 'Refund: done.'],
      ['resend_email', 'resend-email', 'Resend receipt: done.'],
    ] as const) {
      const { answer, calls } = await send({ _form: form });
      expect(answer).toEqual({ ok: true, form, message });
      expect(pathOf(calls[0])).toBe(`/api/admin/orders/${orderId}/${path}`);
    }
  });

  it('refuses a reason too long, and a form it does not know, without calling the API', async () => {
    const long = await send({ _form: 'refund', reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.answer).toMatchObject({ ok: false, form: 'refund', errors: { reason: 'Please keep the reason under 500 characters.' } });
    const unknown = await send({ _form: 'delete' });
    expect(unknown.answer).toEqual({ ok: false, form: 'delete', errors: {}, message: ORDER_ACTION_FAILED });
    expect([...long.calls, ...unknown.calls]).toEqual([]);
  });

  it('shows the API’s refusal, and its own words when the server fails', async () => {
    const late = await send({ _form: 'cancel' }, () =>
      json(409, { code: 'INVALID_TRANSITION', message: 'This order can no longer be cancelled.' }),
    );
    expect(late.status).toBe(400);
    expect(late.answer).toMatchObject({ ok: false, form: 'cancel', message: 'This order can no longer be cancelled.' });
    const role = await send({ _form: 'ship', kitSlug: 'blood', trackingNumber: '1Z999' }, () =>
      json(403, { code: 'FORBIDDEN', message: 'Your role may not do this.' }),
    );
    expect(role.answer).toMatchObject({ ok: false, form: 'ship', kitSlug: 'blood', message: 'Your role may not do this.' });
    const failed = await send({ _form: 'approve' }, () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, message: ORDER_ACTION_FAILED });
  });

  it('applies the guarantee with its reason and choice, and says what went where', async () => {
    const applied = { ...adminOrder, guarantee: { applied: { method: 'store_credit', amount: '$79.95', at: '2026-05-01T10:00:00.000Z' } } };
    const { answer, calls } = await send({ _form: 'apply_guarantee', reason: ' No optimization in 3 tests ', method: 'store_credit' }, () =>
      json(200, applied),
    );
    expect(answer).toEqual({ ok: true, form: 'apply_guarantee', message: 'Guarantee applied: $79.95 given as store credit.' });
    expect(pathOf(calls[0])).toBe(`/api/admin/orders/${orderId}/guarantee`);
    expect(await calls[0]!.json()).toEqual({ reason: 'No optimization in 3 tests', method: 'store_credit' });
  });

  it('says the guarantee went back to the employer alone when the member paid nothing for the tests', async () => {
    const guarantee = {
      amount: '$0.00',
      amountCents: 0,
      employerAmount: '$79.95',
      applied: { method: 'store_credit', amount: '$0.00', at: '2026-05-01T10:00:00.000Z' },
    };
    const { answer } = await send({ _form: 'apply_guarantee', reason: 'No optimization in 3 tests', method: 'store_credit' }, () =>
      json(200, { ...adminOrder, guarantee }),
    );
    expect(answer).toEqual({
      ok: true,
      form: 'apply_guarantee',
      message: 'Guarantee applied: $79.95 back to the employer that paid for the tests.',
    });
  });

  it('refuses the guarantee without a reason or a choice, keeping what was typed, without calling the API', async () => {
    const { answer, status, calls } = await send({ _form: 'apply_guarantee', reason: '  ' });
    expect(status).toBe(400);
    expect(answer).toEqual({
      ok: false,
      form: 'apply_guarantee',
      errors: {
        reason: 'Please say why the guarantee applies: which tests found no health optimization.',
        method: 'Please choose a refund to the card or store credit.',
      },
      values: { reason: '  ' },
    });
    expect(calls).toEqual([]);
  });

  it('shows the API’s refusal of a second guarantee', async () => {
    const { answer } = await send({ _form: 'apply_guarantee', reason: 'Again', method: 'refund' }, () =>
      json(409, { code: 'GUARANTEE_ALREADY_APPLIED', message: 'The guarantee was already applied to this order. It is applied once.' }),
    );
    expect(answer).toMatchObject({
      ok: false,
      form: 'apply_guarantee',
      message: 'The guarantee was already applied to this order. It is applied once.',
    });
  });
});
