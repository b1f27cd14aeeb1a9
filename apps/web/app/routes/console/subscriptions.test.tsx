import type { AdminSubscriptions as Console } from '@shop/client';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import AdminSubscriptions from './subscriptions';
import type { ShipDeliveryAnswer } from './subscriptions.server';

// A paid delivery waits to ship only once the job queue has charged it on its day, which no
// browser test can wait for: its form is checked here, as the server sends it, before any script.

const delivery = (id: string, sequence: number) => ({
  id,
  subscriptionId: 's1',
  title: 'Cortisol Test',
  customer: { name: 'Ann Lee', email: 'ann@example.com' },
  orderNumber: 1042,
  sequence,
  dueOn: '2026-11-26',
  amount: '$69.95',
  status: 'charged',
  statusLabel: 'Paid',
  trackingNumber: null,
  chargedAt: '2026-11-26T12:00:00.000Z',
  shippedAt: null,
});

const lists: Console = {
  today: '2026-11-26',
  due: [],
  attention: [],
  toShip: [delivery('d2', 2), delivery('d3', 3)],
  shipped: [],
  subscriptions: [],
  canShip: true,
};

/** The page as the server sends it, with the action's answer when it answers a form sent without script. */
function render(answer?: ShipDeliveryAnswer, loaderData: Console = lists): string {
  const Page = AdminSubscriptions as ComponentType<{ loaderData: unknown; params: object; matches: unknown[] }>;
  const Stub = createRoutesStub([
    {
      id: 'subscriptions',
      path: '/admin/subscriptions',
      Component: () => <Page loaderData={{ ...loaderData, forbidden: false }} params={{}} matches={[]} />,
      action: () => null,
    },
  ]);
  return renderToString(
    <Stub initialEntries={['/admin/subscriptions']} hydrationData={answer ? { actionData: { subscriptions: answer } } : undefined} />,
  );
}

/** Each delivery's form, by the delivery it ships. */
function forms(html: string): Map<string, string> {
  return new Map(
    [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map(([form]) => [/name="deliveryId" value="([^"]+)"/.exec(form)?.[1] ?? '', form]),
  );
}

/** A form's tracking number field, its opening tag. */
const trackingField = (form: string | undefined) => /<input\b[^>]*name="trackingNumber"[^>]*>/.exec(form ?? '')?.[0] ?? '';

describe('the subscriptions console’s ship forms', () => {
  it('post each paid delivery’s id and tracking number to the page, without script', () => {
    const shown = forms(render());
    expect([...shown.keys()]).toEqual(['d2', 'd3']);
    for (const form of shown.values()) {
      const opening = /^<form\b[^>]*>/.exec(form)?.[0];
      expect(opening).toContain('method="post"');
      expect(opening).toContain('action="/admin/subscriptions"');
      for (const attribute of ['required=""', 'minLength="4"', 'maxLength="64"']) expect(trackingField(form)).toContain(attribute);
      expect(form).toContain('<button type="submit"');
      expect(form).toContain('Mark shipped');
      expect(form).not.toContain('disabled=""');
    }
  });

  it('show a refusal under the delivery it answers, with what was typed, and the shop’s words above', () => {
    const html = render({
      ok: false,
      deliveryId: 'd3',
      errors: { trackingNumber: 'Please enter the tracking number.' },
      values: { deliveryId: 'd3', trackingNumber: '1Z' },
    });
    const shown = forms(html);
    expect(shown.get('d3')).toContain('Please enter the tracking number.');
    for (const attribute of ['value="1Z"', 'aria-invalid="true"', 'aria-describedby="tracking-error-d3"'])
      expect(trackingField(shown.get('d3'))).toContain(attribute);
    expect(shown.get('d2')).not.toContain('Please enter');
    expect(trackingField(shown.get('d2'))).not.toMatch(/value=|aria-invalid/);

    const refused = render({ ok: false, deliveryId: 'd2', errors: {}, message: 'This delivery has already shipped.' });
    expect(refused).toMatch(/<div role="alert"[^>]*>This delivery has already shipped\.<\/div>/);
    const shipped = render({ ok: true, deliveryId: 'd2', message: 'Delivery 2 of the Cortisol Test shipped to ann@example.com.' });
    expect(shipped).toMatch(/<div role="status"[^>]*>Delivery 2 of the Cortisol Test shipped to ann@example.com\.<\/div>/);
  });

  it('leave shipping to operators', () => {
    for (const form of forms(render(undefined, { ...lists, canShip: false })).values()) {
      expect(trackingField(form)).toContain('disabled=""');
      expect(form).toMatch(/<button type="submit" disabled=""/);
    }
  });
});
