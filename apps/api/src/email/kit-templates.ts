import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

export function kitShippedEmail(to: string, orderNumber: number, kitTitle: string, trackingNumber: string, url: string): EmailMessage {
  return layout(
    'kit-shipped',
    to,
    `Your ${kitTitle} is on its way`,
    [
      `The ${kitTitle} of your order #${orderNumber} has shipped. Its tracking number is ${trackingNumber}; kits arrive in 2-5 business days.`,
      'When it arrives, register it with the code printed on the kit before you send your sample: the code ties the sample to you.',
    ],
    { label: 'Register my kit', url },
  );
}

export function sampleReceivedEmail(to: string, orderNumber: number, kitTitle: string, url: string): EmailMessage {
  return layout(
    'sample-received',
    to,
    'The lab has received your sample',
    [
      `The lab has received the sample of your ${kitTitle} (order #${orderNumber}).`,
      'Results arrive 5 business days after the lab receives the sample (5-7 for at-home kits). We e-mail you when they are ready.',
    ],
    { label: 'Follow my order', url },
  );
}
