import { lostKitReminderWords, replacementCauseWords, type LostKitCase } from '@shop/core';
import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

/** A kit failed once (its sample rejected, or the kit lost): a new one goes out at no charge. */
export function replacementKitEmail(input: {
  to: string;
  orderNumber: number;
  kitTitle: string;
  cause: string;
  method: 'home' | 'lab';
  url: string;
}): EmailMessage {
  const next =
    input.method === 'home'
      ? 'A new kit is on its way at no charge: we e-mail you its tracking number when it ships, and kits arrive in 2-5 business days. Register the new kit with the code printed on it before you send your sample.'
      : 'We sent a new lab order to your partner lab at no charge: please visit the lab again, it takes 15-20 minutes.';
  return layout(
    'replacement-kit',
    input.to,
    input.method === 'home' ? 'A new kit is on its way, at no charge' : 'A new lab visit, at no charge',
    [
      `${replacementCauseWords(input.cause)} (the ${input.kitTitle} of your order #${input.orderNumber}).`,
      next,
      'This happens to some samples and is nobody’s fault; the kit’s instructions have tips that help.',
    ],
    { label: 'Follow my order', url: input.url },
  );
}

/** A kit's sample failed again: a clinician takes it over instead of a second replacement. */
export function sampleNeedsClinicianEmail(input: {
  to: string;
  orderNumber: number;
  kitTitle: string;
  cause: string;
  url: string;
}): EmailMessage {
  return layout(
    'sample-clinician',
    input.to,
    'A clinician will contact you about your sample',
    [
      `${replacementCauseWords(input.cause).replace('first sample', 'sample')} (the ${input.kitTitle} of your order #${input.orderNumber}), for the second time.`,
      'A clinician will contact you about what to do next: another kit, a visit to a partner lab, or a refund. There is nothing to pay.',
    ],
    { label: 'Follow my order', url: input.url },
  );
}

/** Core's lost-kit reminder for the case. */
export function lostKitReminderEmail(input: { to: string; orderNumber: number; lostCase: LostKitCase; url: string }): EmailMessage {
  const words = lostKitReminderWords[input.lostCase];
  return layout('lost-kit-reminder', input.to, `${words.subject} (order #${input.orderNumber})`, [...words.lines], {
    label: 'Follow my order',
    url: input.url,
  });
}

/** A lost kit's order expired and its money went back. */
export function lostKitRefundEmail(input: {
  to: string;
  orderNumber: number;
  cause: string;
  amount: string | null;
  url: string;
}): EmailMessage {
  return layout(
    'lost-kit-refund',
    input.to,
    `We refunded your order #${input.orderNumber}`,
    [
      `${replacementCauseWords(input.cause).replace('first ', '')}, so your order #${input.orderNumber} expired and we refunded it in full.`,
      input.amount
        ? `We have refunded ${input.amount} to the card you paid with. Depending on your bank, it shows on your statement within 5 to 10 business days.`
        : 'Everything you paid for it has gone back to where it came from.',
      'You are welcome to order the test again whenever it suits you.',
    ],
    { label: 'See my order', url: input.url },
  );
}
