import type { AdminOrder } from '@shop/client';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GuaranteePanel } from './guarantee-panel';

type Guarantee = NonNullable<AdminOrder['guarantee']>;

const open: Guarantee = {
  eligible: true,
  amount: '$79.95',
  amountCents: 7995,
  employerAmount: null,
  message: null,
  applied: null,
  refundStarted: false,
};

/** The panel as the server sends it, on an order whose operator may apply the guarantee. */
function render(guarantee: Guarantee): string {
  const order = { guarantee, actions: [{ action: 'apply_guarantee', allowed: true }] } as unknown as AdminOrder;
  const Stub = createRoutesStub([
    { id: 'order', path: '/admin/orders/o1', Component: () => <GuaranteePanel order={order} />, action: () => null },
  ]);
  return renderToString(<Stub initialEntries={['/admin/orders/o1']} />);
}

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');

describe('the console’s program guarantee panel', () => {
  it('asks how to give back what the member paid for the tests', () => {
    const html = render(open);
    expect(text(html)).toContain('Give $79.95 back as');
    expect(html.match(/<input[^>]*type="radio"[^>]*name="method"[^>]*>/g)).toHaveLength(2);
  });

  it('asks no choice when the employer paid for the tests whole, and says where the money goes', () => {
    const html = render({ ...open, amount: '$0.00', amountCents: 0, employerAmount: '$79.95' });
    expect(text(html)).not.toContain('Give $0.00');
    expect(text(html)).toContain(
      'The member paid nothing for the program’s tests: their employer paid $79.95, which goes back to the employer.',
    );
    expect(html).not.toContain('type="radio"');
    expect(html).toMatch(/<input type="hidden" name="method" value="store_credit"\/>/);
  });

  it('says the employer got its money back once applied, without a $0.00 for the member', () => {
    const applied = { method: 'store_credit' as const, amount: '$0.00', at: '2026-05-01T10:00:00.000Z' };
    const html = render({ ...open, amount: '$0.00', amountCents: 0, employerAmount: '$79.95', applied });
    expect(text(html)).toMatch(/Applied .*: \$79\.95 back to the employer that paid for the tests\./);
    expect(text(html)).not.toContain('$0.00');
  });
});
