import { describe, expect, it } from 'vitest';
import { lostKitRefundEmail, lostKitReminderEmail, replacementKitEmail, sampleNeedsClinicianEmail } from './sample-templates.ts';

const url = 'https://shop.test/account/orders/1';

describe('the e-mails of failed samples and lost kits', () => {
  it('say why a new kit comes and that it costs nothing', () => {
    const home = replacementKitEmail({
      to: 'a@b.c',
      orderNumber: 7,
      kitTitle: 'Blood kit',
      cause: 'insufficient_sample',
      method: 'home',
      url,
    });
    expect(home.subject).toBe('A new kit is on its way, at no charge');
    expect(home.text).toContain(
      'The lab could not test your first sample: there was too little blood in the tube to test (the Blood kit of your order #7).',
    );
    const lab = replacementKitEmail({ to: 'a@b.c', orderNumber: 7, kitTitle: 'Blood kit', cause: 'not_delivered', method: 'lab', url });
    expect(lab.text).toContain('We sent a new lab order to your partner lab at no charge');
  });

  it('hand a second failure to a clinician, remind by the case, and say a refund went back', () => {
    expect(sampleNeedsClinicianEmail({ to: 'a@b.c', orderNumber: 7, kitTitle: 'Blood kit', cause: 'too_old', url }).text).toContain(
      'The lab could not test your sample: the sample took too long to reach the lab to be tested',
    );
    expect(lostKitReminderEmail({ to: 'a@b.c', orderNumber: 7, lostCase: 'no_sample', url }).text).toContain(
      '28 days after you registered',
    );
    const refund = lostKitRefundEmail({ to: 'a@b.c', orderNumber: 7, cause: 'not_delivered', amount: '$79.95', url });
    expect(refund.text).toContain('Your kit never arrived, so your order #7 expired and we refunded it in full.');
    expect(refund.text).toContain('We have refunded $79.95 to the card you paid with.');
  });
});
