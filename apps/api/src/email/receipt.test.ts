import { describe, expect, it } from 'vitest';
import { receiptEmail, type ReceiptInput } from './receipt.ts';

const starter = { title: 'Starter test', quantity: 1, unitPriceCents: 7995, charge: 'now' };
const program = { title: 'Improvement Program', quantity: 1, unitPriceCents: 14005, charge: 'on_results' };
const paid: ReceiptInput = {
  to: 'ana@example.com',
  orderNumber: 1042,
  paidAt: new Date('2026-12-07T15:00:00Z'),
  items: [starter, program],
  subtotalCents: 7995,
  discountCents: 0,
  taxCents: 0,
  shippingCents: 0,
  totalCents: 7995,
  deferredCents: 14005,
  card: { brand: 'visa', last4: '4242' },
  orderUrl: 'http://localhost:3000/account/orders/1',
};

describe('the receipt of an order', () => {
  it('of an order the member paid: the card, the program charged later, and the HSA or FSA line', () => {
    const { text, html } = receiptEmail(paid);
    expect(text).toContain('Total paid: $79.95');
    expect(text).toContain('Paid on December 7, 2026 with Visa ending in 4242.');
    expect(text).toContain('Charged to the same card when your starter test results arrive: Improvement Program $140.05.');
    expect(text).toContain('HSA or FSA');
    expect(html).toContain('HSA or FSA');
  });

  it('of an order an employer covers in full: who paid, nothing due, and no HSA or FSA claim', () => {
    const { text, html } = receiptEmail({
      ...paid,
      totalCents: 0,
      deferredCents: 0,
      card: null,
      cover: { employer: 'Program Tools', cents: 7995, program: true },
    });
    expect(text).toContain('Covered by Program Tools: −$79.95\nTotal paid: $0.00');
    expect(text).toContain('Placed on December 7, 2026. Program Tools covers it: there is nothing for you to pay.');
    expect(text).toContain('Program Tools pays for Improvement Program when your starter test results arrive: nothing is charged to you.');
    expect(text).not.toContain('HSA');
    expect(html).not.toContain('HSA');
    expect(html).toContain('Covered by Program Tools');
  });

  it('of an order an employer covers in part: the cover on its line, the rest paid by card, the HSA or FSA line for it', () => {
    const { text } = receiptEmail({ ...paid, totalCents: 2995, cover: { employer: 'Acme', cents: 5000, program: false } });
    expect(text).toContain('Covered by Acme: −$50.00\nTotal paid: $29.95');
    expect(text).toContain('Paid on December 7, 2026 with Visa ending in 4242.');
    expect(text).toContain('Charged to the same card when your starter test results arrive');
    expect(text).toContain('HSA or FSA');
  });
});
