import { describe, expect, it } from 'vitest';
import {
  subscriptionApprovalEmail,
  subscriptionBillingFailedEmail,
  subscriptionDeliveryReceiptEmail,
  subscriptionKitShippedEmail,
} from './subscription-templates.ts';

describe('the test subscription e-mails', () => {
  it('make a delivery receipt with the amount, the card, the date and the next delivery, in text and HTML', () => {
    const mail = subscriptionDeliveryReceiptEmail({
      to: 'a@example.com',
      title: 'Cortisol Test (Test subscription)',
      sequence: 2,
      frequency: 'monthly',
      amountCents: 6995,
      chargedAt: new Date('2026-02-28T14:00:05Z'),
      card: { brand: 'visa', last4: '4242' },
      nextDeliveryOn: '2026-03-31',
      accountUrl: 'https://shop.example/account',
    });
    expect(mail.subject).toBe('Your Base receipt: Cortisol Test (Test subscription), delivery 2');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Item: Cortisol Test (Test subscription), delivered every month');
      expect(body).toContain('Amount charged: $69.95');
      expect(body).toContain('Paid with: Visa ending in 4242');
      expect(body).toContain('Date: February 28, 2026');
      expect(body).toContain('Next delivery and charge: March 31, 2026');
    }
    expect(mail.text).toContain('My subscriptions: https://shop.example/account');
  });

  it('say when a delivery is the last one', () => {
    const mail = subscriptionDeliveryReceiptEmail({
      to: 'a@example.com',
      title: 'Melatonin Test (Test subscription)',
      sequence: 3,
      frequency: 'quarterly',
      amountCents: 6995,
      chargedAt: new Date('2026-02-28T14:00:05Z'),
      card: null,
      nextDeliveryOn: null,
      accountUrl: 'https://shop.example/account',
    });
    expect(mail.text).toContain('delivered every 3 months');
    expect(mail.text).toContain('Paid with: the card saved at checkout');
    expect(mail.text).toContain('This was the last delivery of your subscription.');
  });

  it('link the approval of a held-back charge, escaped in HTML', () => {
    const mail = subscriptionApprovalEmail(
      'a@example.com',
      'Cortisol Test',
      6995,
      'https://shop.example/checkout-subscription-delivery?delivery=d&x',
    );
    expect(mail.subject).toBe('Please approve the charge for your next Cortisol Test kit');
    expect(mail.text).toContain('approve the charge of $69.95');
    expect(mail.html).toContain('href="https://shop.example/checkout-subscription-delivery?delivery=d&#38;x"');
  });

  it('tell the customer their kit shipped, and support which delivery could not be charged', () => {
    expect(subscriptionKitShippedEmail('a@example.com', 'Cortisol Test', '1Z999', 'https://shop.example/account').text).toContain(
      'Its tracking number is 1Z999',
    );
    const failed = subscriptionBillingFailedEmail({
      to: 'support@example.com',
      subscriptionId: 's-1',
      title: 'Cortisol Test',
      customerEmail: 'a@example.com',
      orderNumber: 100123,
      sequence: 2,
      amountCents: 6995,
      attempts: 3,
      reason: 'card_declined',
    });
    expect(failed.subject).toBe('Subscription billing failed for order 100123');
    expect(failed.text).toContain(
      'Delivery 2 of the subscription s-1 (Cortisol Test, a@example.com, started with order 100123) could not be charged $69.95 after 3 tries',
    );
  });
});
