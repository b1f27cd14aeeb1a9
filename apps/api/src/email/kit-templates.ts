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

/** The partner lab an order's sample is drawn at, as the member finds it. */
export interface ChosenLab {
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  hours: string | null;
}

/**
 * A clinician approved the order: what happens next, by the collection chosen. A home kit is
 * prepared and ships; a lab order goes to the partner lab, named with its address when the order
 * holds it.
 */
export function orderApprovedEmail(input: {
  to: string;
  orderNumber: number;
  method: 'home' | 'lab';
  lab: ChosenLab | null;
  url: string;
}): EmailMessage {
  const next =
    input.method === 'home'
      ? [
          'We are preparing your kit and will e-mail you its tracking number when it ships. Kits arrive in 2-5 business days.',
          'When it arrives, register it with the code printed on the kit before you send your sample: the code ties the sample to you.',
        ]
      : [
          input.lab
            ? `We are sending your lab order to the partner lab you chose (within 2 business days): ${input.lab.name}, ${input.lab.address}, ${input.lab.city}, ${input.lab.state} ${input.lab.zipCode}.`
            : 'We are sending your lab order to the partner lab you chose (within 2 business days).',
          ...(input.lab?.hours ? [`Its opening hours: ${input.lab.hours}.`] : []),
          'Visit the lab once the order has reached it, with a photo ID and your lab requisition: download it (PDF) from your order page. The visit takes 15-20 minutes.',
        ];
  return layout(
    'order-approved',
    input.to,
    `Your order #${input.orderNumber} is approved`,
    [`A clinician has reviewed and approved your order #${input.orderNumber}.`, ...next],
    { label: 'Follow my order', url: input.url },
  );
}
