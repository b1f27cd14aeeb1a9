import { formatGiftCode, formatGiftDay, getArea, isAreaSlug, type GiftType } from '@shop/core';
import type { GiftContentsColumn } from '@shop/db';
import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

const typeWords: Record<GiftType, string> = {
  one_off: 'a starter test',
  improvement_program: 'a starter test and the 2-month Improvement Program that follows it',
};

/** What the gift holds, in words: "Diet and Sleep", or "the Complete bundle". */
export function describeGiftContents(contents: GiftContentsColumn): string {
  if (contents.kind === 'complete') return 'the Complete bundle of all 8 tests';
  const names = contents.areas.map((slug) => (isAreaSlug(slug) ? getArea(slug).name : slug));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export interface GiftRecipientInput {
  to: string;
  recipientName: string;
  purchaserName: string;
  type: GiftType;
  contents: GiftContentsColumn;
  message: string | null;
  /** the code as minted (16 symbols): shown in groups of four */
  code: string;
  publicUrl: string;
}

/**
 * The gift itself, on its day: who it is from, their message, the code and the link to redeem
 * it. The message and the names are the purchaser's words: `layout` escapes them, so the HTML
 * part shows them as text, never as markup.
 */
export function giftRecipientEmail(input: GiftRecipientInput): EmailMessage {
  const code = formatGiftCode(input.code);
  const url = `${input.publicUrl}/checkout-gift-receiver?code=${encodeURIComponent(code)}`;
  const areas = describeGiftContents(input.contents);
  const message = layout(
    'gift-recipient',
    input.to,
    `${input.purchaserName} sent you a gift from Base`,
    [
      `Hi ${input.recipientName},`,
      `${input.purchaserName} has given you ${typeWords[input.type]}${input.contents.kind === 'complete' ? `, with ${areas}` : `, for ${areas}`}. You choose a kit delivered to your home or a visit to a partner lab, and your results come with an explanation.`,
      ...(input.message ? [`${input.purchaserName} wrote: “${input.message}”`] : []),
      `Your gift code: ${code}`,
      'Redeem it with the button below, or enter the code at checkout. The code works once.',
    ],
    { label: 'Redeem your gift', url },
  );
  // the code redeems the gift for whoever holds it: never stored or shown where it can be read
  return { ...message, secrets: [url, code] };
}

export interface GiftSentInput {
  to: string;
  purchaserName: string;
  recipientName: string;
  recipientEmail: string;
  deliverOn: string;
}

/** To the purchaser, on the gift's day: it went out. The code is the recipient's alone. */
export function giftSentEmail(input: GiftSentInput): EmailMessage {
  return layout('gift-sent', input.to, `Your gift to ${input.recipientName} was delivered`, [
    `Hi ${input.purchaserName},`,
    `We e-mailed your gift to ${input.recipientName} (${input.recipientEmail}) on ${formatGiftDay(input.deliverOn)}, with your message and the code to redeem it.`,
    'We will let you know when they redeem it.',
  ]);
}

export interface GiftRedeemedInput {
  to: string;
  purchaserName: string;
  recipientName: string;
}

/** To the purchaser, when the recipient redeemed the gift. */
export function giftRedeemedEmail(input: GiftRedeemedInput): EmailMessage {
  return layout('gift-redeemed', input.to, `${input.recipientName} redeemed your gift`, [
    `Hi ${input.purchaserName},`,
    `${input.recipientName} has redeemed the gift you gave them. Their test is on its way, and their results come to them alone.`,
    'Thank you for giving the gift of knowing.',
  ]);
}
