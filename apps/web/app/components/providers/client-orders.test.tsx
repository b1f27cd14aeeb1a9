import type { ProviderOrder } from '@shop/client';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FormAnswer } from '../../lib/form-answer';
import { dashboardForms } from '../../routes/providers/dashboard-forms';
import { ClientOrderList } from './client-orders';

function order(id: string, changes: Partial<ProviderOrder> = {}): ProviderOrder {
  return {
    id,
    state: 'sent',
    payer: 'client',
    total: '$119.00',
    fee: null,
    items: [{ title: 'Cortisol Test' }],
    sentAt: '2026-11-20T15:00:00.000Z',
    expiresAt: '2026-12-04T15:00:00.000Z',
    paidAt: null,
    paidElsewhere: false,
    refunded: false,
    orderNumber: null,
    results: 'pending',
    ...changes,
  } as ProviderOrder;
}

/** The list as the server sends it, with the answer a page sent without its script came back with. */
function render(orders: ProviderOrder[], answer?: FormAnswer, canCharge = true): string {
  const Stub = createRoutesStub([
    {
      id: 'dashboard',
      path: '/providers/dashboard',
      Component: () => <ClientOrderList orders={orders} canOrder canCharge={canCharge} />,
      action: () => null,
    },
  ]);
  return renderToString(
    <Stub initialEntries={['/providers/dashboard']} hydrationData={answer ? { actionData: { dashboard: answer } } : undefined} />,
  );
}

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ');
const buttons = (html: string) => [...html.matchAll(/<button[^>]*value="([^"]+)"[^>]*>/g)].map((match) => match[1]);

describe('a client’s orders on the provider dashboard', () => {
  it('offers on each order what can still be done with it, in one form naming the order', () => {
    const html = render([
      order('o-open'),
      order('o-expired', { state: 'expired' }),
      order('o-declined', { payer: 'clinic', state: 'card_declined' }),
      order('o-paid', { payer: 'clinic', state: 'paid', orderNumber: 1042 }),
      order('o-cancelled', { state: 'cancelled' }),
    ]);
    expect(buttons(html)).toEqual([
      dashboardForms.orderResend,
      dashboardForms.orderCancel,
      dashboardForms.orderMarkPaid,
      dashboardForms.orderResend,
      dashboardForms.orderCharge,
      dashboardForms.orderCancel,
      dashboardForms.orderClientEmail,
    ]);
    expect(html.match(/<input type="hidden" name="id" value="[^"]+"\/>/g)).toEqual([
      '<input type="hidden" name="id" value="o-open"/>',
      '<input type="hidden" name="id" value="o-expired"/>',
      '<input type="hidden" name="id" value="o-declined"/>',
      '<input type="hidden" name="id" value="o-paid"/>',
    ]);
    expect(text(html)).toContain('link valid until Dec 4, 2026');
    expect(text(html).match(/link valid until/g)).toHaveLength(1);
  });

  it('tells a member who may not charge the card who can', () => {
    const html = render([order('o-declined', { payer: 'clinic', state: 'card_declined' })], undefined, false);
    expect(buttons(html)).toEqual([dashboardForms.orderCancel]);
    expect(text(html)).toContain('An admin of your clinic can update the card and charge it again.');
  });

  it('shows an answer that came back with the page on the order it names, and there alone', () => {
    const cancelled: FormAnswer = {
      ok: true,
      message: 'The order for Ada Lovelace is cancelled: its link can no longer be paid.',
      form: dashboardForms.orderCancel,
      subject: 'o-2',
    };
    const html = render([order('o-1'), order('o-2', { state: 'cancelled' }), order('o-3')], cancelled);
    expect(text(html).match(/is cancelled: its link can no longer be paid\./g)).toHaveLength(1);
    // the answer sits in the second order's row, which has no buttons left
    const rows = html.split('<li ').slice(1);
    expect(rows[1]).toContain('is cancelled: its link can no longer be paid.');
    expect(rows[0]).not.toContain('is cancelled');
    expect(rows[2]).not.toContain('is cancelled');
  });

  it('says where a paid order is, the days of each stage it reached, and when the next is expected', () => {
    const html = render([
      order('o-shipped', {
        payer: 'clinic',
        state: 'paid',
        track: {
          stage: 'kit_shipped',
          reached: [
            { stage: 'paid', on: '2026-11-20' },
            { stage: 'kit_shipped', on: '2026-11-24' },
          ],
          next: { label: 'Kit arrives', from: '2026-11-26', to: '2026-12-01' },
        },
      }),
      order('o-held', {
        state: 'paid',
        results: 'held',
        track: { stage: 'results_held', reached: [{ stage: 'results_held', on: '2026-12-04' }], next: null },
      }),
      order('o-open'),
    ]);
    const rows = html.split('<li class="rounded-xl').slice(1).map(text);
    expect(rows[0]).toMatch(/Where it is:\s+Kit shipped\s+· Kit arrives Nov 26 – Dec 1/);
    expect(rows[0]).toMatch(/Paid Nov 20\s+.*Kit shipped Nov 24/);
    expect(rows[1]).toMatch(/Where it is:\s+Results held for review\s/);
    expect(rows[1]).not.toContain('expected');
    expect(rows[2]).not.toContain('Where it is');
    expect(html).toContain('aria-current="step"');
  });

  it('shows a client who withdrew their consent to share as “Consent withdrawn”, with no results or progress', () => {
    const html = render([
      order('o-withdrawn', { state: 'paid', orderNumber: 1043, consentWithdrawn: true, results: null, track: null }),
      order('o-shared', { state: 'paid', orderNumber: 1044, consentWithdrawn: false, results: 'released' }),
    ]);
    const rows = html.split('<li class="rounded-xl').slice(1).map(text);
    expect(rows[0]).toContain('Consent withdrawn');
    expect(rows[0]).not.toContain('Results:');
    expect(rows[0]).not.toContain('Read results');
    expect(rows[1]).not.toContain('Consent withdrawn');
    expect(rows[1]).toContain('Read results');
  });

  it('leaves another form’s answer to that form', () => {
    const added: FormAnswer = { ok: true, message: 'Ada Lovelace is added to your clients.', form: dashboardForms.addClient };
    expect(text(render([order('o-1')], added))).not.toContain('is added to your clients');
  });
});
