import { describe, expect, it } from 'vitest';
import { giftRecipientEmail, giftRedeemedEmail, giftSentEmail } from './gift-templates.ts';

const recipient = {
  to: 'sam@example.com',
  recipientName: 'Sam',
  purchaserName: 'Dana',
  type: 'improvement_program' as const,
  contents: { kind: 'areas' as const, areas: ['diet', 'sleep', 'energy'] },
  message: 'Happy birthday!',
  code: 'ABCD0123EFGH4567',
  publicUrl: 'https://shop.example',
};

describe('the gift e-mails', () => {
  it('give the recipient the code, in groups, with the link that redeems it', () => {
    const mail = giftRecipientEmail(recipient);
    expect(mail.subject).toBe('Dana sent you a gift from Base');
    expect(mail.text).toContain(
      'Dana has given you a starter test and the 2-month Improvement Program that follows it, for Diet, Sleep and Energy.',
    );
    expect(mail.text).toContain('Dana wrote: “Happy birthday!”');
    expect(mail.text).toContain('Your gift code: ABCD-0123-EFGH-4567');
    expect(mail.text).toContain('https://shop.example/checkout-gift-receiver?code=ABCD-0123-EFGH-4567');
    expect(mail.html).toContain('href="https://shop.example/checkout-gift-receiver?code=ABCD-0123-EFGH-4567"');
  });

  it('show markup in the message and the names as text, even if it got past the form', () => {
    const mail = giftRecipientEmail({
      ...recipient,
      purchaserName: 'Dana <img src=x onerror=alert(1)>',
      message: '<script>alert(1)</script><a href="https://evil.example">click</a>',
    });
    expect(mail.html).not.toMatch(/<script|<img|<a href="https:\/\/evil/);
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain('Dana &#60;img src=x onerror=alert(1)&#62;');
  });

  it('name the Complete bundle, and leave out a message that was not written', () => {
    const mail = giftRecipientEmail({ ...recipient, type: 'one_off', contents: { kind: 'complete' }, message: null });
    expect(mail.text).toContain('Dana has given you a starter test, with the Complete bundle of all 8 tests.');
    expect(mail.text).not.toContain('wrote');
  });

  it('tell the purchaser the gift went out without its code, and when it was redeemed', () => {
    const sent = giftSentEmail({
      to: 'dana@example.com',
      purchaserName: 'Dana',
      recipientName: 'Sam',
      recipientEmail: 'sam@example.com',
      deliverOn: '2026-12-24',
    });
    expect(sent.text).toContain('We e-mailed your gift to Sam (sam@example.com) on December 24, 2026');
    const redeemed = giftRedeemedEmail({ to: 'dana@example.com', purchaserName: 'Dana', recipientName: 'Sam' });
    expect(redeemed).toMatchObject({ to: 'dana@example.com', subject: 'Sam redeemed your gift' });
  });
});
