import { describe, expect, it } from 'vitest';
import { collectionReminderEmail, programBilledEmail, programBillingFailedEmail } from './lifecycle-templates.ts';

describe('the lifecycle e-mails', () => {
  it('make a program receipt with the amount, the card and the date, in text and HTML', () => {
    const mail = programBilledEmail({
      to: 'a@example.com',
      orderNumber: 100123,
      amountCents: 14_005,
      chargedAt: new Date('2026-01-31T23:30:00Z'),
      card: { brand: 'amex', last4: '0005' },
    });
    expect(mail.subject).toBe('Your Base receipt: Improvement Program (order 100123)');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Amount charged: $140.05');
      expect(body).toContain('Paid with: American Express ending in 0005');
      expect(body).toContain('Date: January 31, 2026');
    }
  });

  it('escape what they show in HTML and link the collection choice', () => {
    const mail = collectionReminderEmail('a@example.com', 100124, 'https://shop.example/collection?order=x&y');
    expect(mail.html).toContain('href="https://shop.example/collection?order=x&#38;y"');
    expect(mail.text).toContain('Choose home kit or lab: https://shop.example/collection?order=x&y');
  });

  it('tell support which order could not be billed and why', () => {
    const mail = programBillingFailedEmail({
      to: 'support@example.com',
      orderNumber: 100125,
      orderId: 'o-1',
      amountCents: 14_005,
      attempts: 3,
      reason: 'card_declined',
    });
    expect(mail.subject).toBe('Program billing failed for order 100125');
    expect(mail.text).toContain('$140.05 for order 100125 (o-1) could not be taken after 3 tries');
  });
});
