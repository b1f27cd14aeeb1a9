import type { EmailMessage } from '../email/port.ts';
import { layout } from '../email/templates.ts';

/** To the recipient: the gift is theirs, and where to follow it. */
export function giftRedemptionConfirmedEmail(input: {
  to: string;
  purchaserFirstName: string;
  orderNumber: number;
  orderUrl: string;
  testTitle: string;
}): EmailMessage {
  return layout(
    'gift-redemption-confirmed',
    input.to,
    `Your gift from ${input.purchaserFirstName} is redeemed (order ${input.orderNumber})`,
    [
      `Your ${input.testTitle} from ${input.purchaserFirstName} is redeemed: order ${input.orderNumber}, nothing to pay.`,
      'Your order page shows what happens next. Fill in your medical profile there: a clinician reviews it before your kit ships.',
    ],
    { label: 'See my order', url: input.orderUrl },
  );
}
