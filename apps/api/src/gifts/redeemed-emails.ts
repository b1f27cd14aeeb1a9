import type { EmailMessage } from '../email/port.ts';
import { layout } from '../email/templates.ts';

/**
 * To the purchaser: their gift was redeemed. It names who redeemed it as the purchaser named
 * them, and never which test they chose: that is the recipient's health information.
 */
export function giftRedeemedEmail(input: { to: string; purchaserName: string; recipientName: string }): EmailMessage {
  const firstName = input.purchaserName.trim().split(/\s+/)[0] ?? '';
  return layout(input.to, `${input.recipientName} redeemed your Base gift`, [
    `Hi ${firstName},`,
    `Good news: ${input.recipientName} has redeemed the gift you sent. Their kit is being prepared, and they will follow their results in their own account.`,
    'Thank you for giving someone a closer look at their health.',
  ]);
}

/** To the recipient: the gift is theirs, and where to follow it. */
export function giftRedemptionConfirmedEmail(input: { to: string; purchaserFirstName: string; orderNumber: number; orderUrl: string; testTitle: string }): EmailMessage {
  return layout(
    input.to,
    `Your gift from ${input.purchaserFirstName} is redeemed (order ${input.orderNumber})`,
    [
      `Your ${input.testTitle} from ${input.purchaserFirstName} is redeemed: order ${input.orderNumber}, nothing to pay.`,
      'Your order page shows what happens next. Fill in your medical profile there: a clinician reviews it before your kit ships.',
    ],
    { label: 'See my order', url: input.orderUrl },
  );
}
