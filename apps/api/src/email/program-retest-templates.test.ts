import { describe, expect, it } from 'vitest';
import { programCompletedEmail, programRetestCreatedEmail } from './program-retest-templates.ts';

describe('the program’s step e-mails', () => {
  it('say a home retest’s kit is being prepared, with the order’s link, as text and HTML', () => {
    const mail = programRetestCreatedEmail({
      to: 'ann@example.com',
      sequence: 1,
      week: 4,
      orderNumber: 100042,
      method: 'home',
      orderUrl: 'https://shop.example/account/orders/abc',
    });
    expect(mail).toMatchObject({
      to: 'ann@example.com',
      subject: 'Your program retest 1 is on its way',
      template: 'program-retest-created',
    });
    expect(mail.text).toContain('week 4 of your Improvement Program');
    expect(mail.text).toContain('We are preparing your kit');
    expect(mail.text).toContain('Follow your retest: https://shop.example/account/orders/abc');
    expect(mail.html).toContain('href="https://shop.example/account/orders/abc"');
  });

  it('send a lab retest to the partner lab', () => {
    const mail = programRetestCreatedEmail({ to: 'a@b.c', sequence: 2, week: 8, orderNumber: 1, method: 'lab', orderUrl: 'https://x/o' });
    expect(mail.text).toContain('retest 2 of 2');
    expect(mail.text).toContain('partner lab');
    expect(mail.text).not.toContain('preparing your kit');
  });

  it('tell the program’s end with a link to the comparison, never a result', () => {
    const mail = programCompletedEmail({ to: 'a@b.c', orderNumber: 100042, programUrl: 'https://shop.example/account/program' });
    expect(mail).toMatchObject({ subject: 'Your Improvement Program is complete', template: 'program-completed' });
    expect(mail.text).toContain('See how your results changed: https://shop.example/account/program');
    expect(mail.text).toContain('we never put results in an e-mail');
  });
});
