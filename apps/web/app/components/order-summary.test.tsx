import type { Cart, CartItem } from '@shop/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderSummary } from './order-summary';
import { OrderSummaryCompact } from './order-summary-compact';
import { OrderSummaryGift } from './order-summary-gift';

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

function item(title: string, lineTotal: string, extra: Partial<CartItem> = {}): CartItem {
  return {
    id: title,
    productCode: 'base-quiz',
    testId: null,
    kind: 'starter',
    title,
    unitPriceCents: 0,
    quantity: 1,
    maxQuantity: 10,
    lineTotalCents: 0,
    charge: 'now',
    frequency: null,
    unitPrice: lineTotal,
    lineTotal,
    compareAtPrice: null,
    covered: null,
    note: null,
    ...extra,
  };
}

// the amounts are the server's, formatted there: these components only place them
const quizCart: Cart = {
  id: 'cart',
  items: [
    item('Cortisol Test (Starter test)', '$79.95'),
    item('Improvement Program', '$140.05', { kind: 'starter-extra', charge: 'on_results', note: 'Billed when your results arrive' }),
  ],
  itemCount: 2,
  giftType: null,
  subtotalCents: 7995,
  discountCents: 0,
  taxCents: 0,
  shippingCents: 0,
  totalCents: 7995,
  deferredCents: 14005,
  storeCreditCents: 0,
  cover: null,
  coverRefusal: null,
  memberDiscountCents: 0,
  display: {
    subtotal: '$79.95',
    discount: '$0.00',
    memberDiscount: '$0.00',
    codeDiscount: '$0.00',
    codeDiscountLabel: null,
    tax: '$0.00',
    shipping: 'Free',
    total: '$79.95',
    deferred: '$140.05',
    storeCredit: '$0.00',
    couponCode: null,
    firstTest: 'Cortisol Test',
    baseCompleteTests: 0,
    area: 'Stress',
    goal: 'Anxiety & Depression',
    date: null,
    dateIso: null,
    membershipTerms: null,
  },
};

function giftCart(giftType: 'one_off' | 'improvement_program'): Cart {
  const title = giftType === 'one_off' ? 'Gift: starter test' : 'Gift: starter test + Improvement Program';
  const total = giftType === 'one_off' ? '$79.95' : '$220.00';
  return {
    ...quizCart,
    items: [item(title, total, { kind: 'gift' })],
    itemCount: 1,
    giftType,
    deferredCents: 0,
    display: { ...quizCart.display, subtotal: total, total, deferred: '$0.00', firstTest: null, area: null, goal: null },
  };
}

describe('the order summary', () => {
  it('details every line, the plan in words and what is billed later', () => {
    const html = text(renderToString(<OrderSummary cart={quizCart} />));
    expect(html).toContain('Improvement Program Billed when your results arrive $140.05');
    expect(html).toContain('Your goal Anxiety & Depression First test Cortisol Test Area Stress');
    expect(html).toContain('Subtotal $79.95 Shipping Free Tax $0.00 Total due today $79.95 Billed when results arrive $140.05');
    expect(html).not.toContain('Discount');
  });

  it('names the coupon beside the discount when there is one', () => {
    const html = text(
      renderToString(
        <OrderSummary
          cart={{
            ...quizCart,
            discountCents: 1599,
            display: { ...quizCart.display, discount: '$15.99', codeDiscount: '$15.99', couponCode: 'GIRLBOSS20' },
          }}
        />,
      ),
    );
    expect(html).toContain('Discount (GIRLBOSS20) −$15.99');
  });

  it('shows a Base Daily member’s 5% apart from a code’s discount', () => {
    const cart = {
      ...quizCart,
      discountCents: 1979,
      memberDiscountCents: 380,
      display: { ...quizCart.display, discount: '$19.79', memberDiscount: '$3.80', codeDiscount: '$15.99', couponCode: 'GIRLBOSS20' },
    };
    const html = text(renderToString(<OrderSummary cart={cart} />));
    expect(html).toContain('Subtotal $79.95 Base Daily member: 5% off tests −$3.80 Discount (GIRLBOSS20) −$15.99 Shipping');
    const memberOnly = {
      ...cart,
      discountCents: 380,
      display: { ...cart.display, codeDiscount: '$0.00', codeDiscountLabel: null, couponCode: null },
    };
    const alone = text(renderToString(<OrderSummary cart={memberOnly} />));
    expect(alone).toContain('Base Daily member: 5% off tests −$3.80 Shipping');
    expect(alone).not.toContain('Discount');
  });

  it('shows an employer’s cover, and the Improvement Program it covers at $0.00 with nothing billed later', () => {
    const covered: Cart = {
      ...quizCart,
      totalCents: 0,
      deferredCents: 0,
      cover: { employer: 'Acme', coveredCents: 7995, display: '$79.95', programCents: 14_005, programDisplay: '$140.05' },
      display: { ...quizCart.display, total: '$0.00', deferred: '$0.00' },
    };
    const html = text(renderToString(<OrderSummary cart={covered} />));
    expect(html).toContain('Covered by Acme −$79.95 Total due today $0.00 Improvement Program, Covered by Acme $0.00');
    expect(html).not.toContain('Billed when results arrive');
  });

  it('shows what the employee pays of each covered line, its list price struck through, never as if it were due', () => {
    const coveredLine = (cents: number, dueCents: number, display: string, due: string) => ({
      label: 'Covered by Acme',
      cents,
      display,
      dueCents,
      due,
    });
    const covered: Cart = {
      ...quizCart,
      items: [
        item('Cortisol Test (Starter test)', '$79.95', { covered: coveredLine(7995, 0, '$79.95', '$0.00') }),
        item('Improvement Program', '$140.05', {
          kind: 'starter-extra',
          charge: 'on_results',
          note: 'Covered by Acme',
          covered: coveredLine(14_005, 0, '$140.05', '$0.00'),
        }),
      ],
      totalCents: 0,
      deferredCents: 0,
      cover: { employer: 'Acme', coveredCents: 7995, display: '$79.95', programCents: 14_005, programDisplay: '$140.05' },
      display: { ...quizCart.display, total: '$0.00', deferred: '$0.00' },
    };
    const html = text(renderToString(<OrderSummary cart={covered} />));
    expect(html).toContain('Cortisol Test (Starter test) Covered by Acme $0.00 instead of $79.95');
    expect(html).toContain('Improvement Program Covered by Acme $0.00 instead of $140.05');
    expect(text(renderToString(<OrderSummaryCompact cart={covered} />))).toContain('Improvement Program $0.00 instead of $140.05');

    // a partial cover: the employee's rest on the line, the employer's part beside its name
    const partial: Cart = {
      ...covered,
      items: [item('Cortisol Test (Starter test)', '$79.95', { covered: coveredLine(5000, 2995, '$50.00', '$29.95') })],
      totalCents: 2995,
      cover: { employer: 'Acme', coveredCents: 5000, display: '$50.00', programCents: 0, programDisplay: '$0.00' },
      display: { ...quizCart.display, total: '$29.95', deferred: '$0.00' },
    };
    const rest = text(renderToString(<OrderSummary cart={partial} />));
    expect(rest).toContain('Cortisol Test (Starter test) Covered by Acme: $50.00 $29.95 instead of $79.95');
    expect(rest).toContain('Covered by Acme −$50.00 Total due today $29.95');
  });

  it('shows store credit as its own line, taken off the total due today', () => {
    const credit = {
      ...quizCart,
      storeCreditCents: 5000,
      totalCents: 2995,
      display: { ...quizCart.display, storeCredit: '$50.00', total: '$29.95' },
    };
    expect(text(renderToString(<OrderSummary cart={credit} />))).toContain('Tax $0.00 Store credit −$50.00 Total due today $29.95');
    expect(text(renderToString(<OrderSummary cart={quizCart} />))).not.toContain('Store credit');
  });

  it('is compact in the sidebar: the totals only, or hidden while a change is on its way', () => {
    expect(text(renderToString(<OrderSummaryCompact cart={quizCart} lines={false} />))).not.toContain('Cortisol');
    const pending = text(renderToString(<OrderSummaryCompact cart={quizCart} lines={false} pending />));
    expect(pending).toContain('Updating your totals');
    expect(pending).not.toContain('$79.95');
    expect(text(renderToString(<OrderSummaryCompact cart={quizCart} />))).toContain('Order summary (2 items) $79.95');
  });

  it('speaks to the recipient for a gift, with no charge waiting on results for a one-off', () => {
    const html = text(renderToString(<OrderSummaryGift cart={giftCart('one_off')} recipientName="Ann" />));
    expect(html).toContain('Your gift A health test for Ann');
    expect(html).toContain('Total due today $79.95');
    expect(html).not.toContain('Improvement Program');
    expect(html).not.toContain('Billed when results arrive');
  });

  it('says when the program of an improvement_program gift starts', () => {
    const html = text(renderToString(<OrderSummaryGift cart={giftCart('improvement_program')} />));
    expect(html).toContain('A health test for them');
    expect(html).toContain('Their Improvement Program, from when their results arrive Included');
    expect(html).toContain('Total due today $220.00');
  });
});
