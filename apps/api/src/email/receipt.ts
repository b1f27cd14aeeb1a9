import {
  dayOf,
  deliveryDay,
  formatGiftDay,
  formatMoney,
  frequencyLabels,
  isDeliveryFrequency,
  isMembership,
  STORE_CREDIT_LABEL,
} from '@shop/core';
import type { EmailMessage } from './port.ts';
import { shopLongDay } from './dates.ts';

export interface ReceiptInput {
  to: string;
  orderNumber: number;
  paidAt: Date;
  /** `frequency`: a test subscription's line, paid again on each next delivery */
  items: { title: string; quantity: number; unitPriceCents: number; charge: string; frequency?: string | null; productCode?: string }[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  /** a fee on a line of its own (a clinic's fee), part of the total */
  fee?: { label: string; cents: number } | null;
  /** what the card paid: after discounts and store credit */
  totalCents: number;
  deferredCents: number;
  /** what store credit paid of this order */
  storeCreditCents?: number;
  card: { brand: string; last4: string } | null;
  orderUrl: string;
  /** the gift the order bought: who gets it, and the day it is e-mailed to them */
  gift?: { recipientName: string; deliverOn: string } | null;
  /** an employer's cover: what it paid of the total, and whether it pays the program on results */
  cover?: { employer: string; cents: number; program: boolean } | null;
}

const brandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

const escape = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The itemised receipt sent when an order is paid. It names each test with its price, what was
 * paid and how (an employer's cover on its own line), and what will be charged later; when the
 * member paid something it says it can be submitted to an HSA or FSA, and never when they paid nothing.
 */
export function receiptEmail(input: ReceiptInput): EmailMessage {
  const date = shopLongDay(input.paidAt);
  const paidNow = input.items.filter((item) => item.charge !== 'on_results');
  const later = input.items.filter((item) => item.charge === 'on_results');
  const line = (item: ReceiptInput['items'][number]) => ({
    label: item.quantity > 1 ? `${item.title} × ${item.quantity}` : item.title,
    amount: formatMoney(item.unitPriceCents * item.quantity),
  });
  const totals = [
    { label: 'Subtotal', amount: formatMoney(input.subtotalCents) },
    ...(input.discountCents > 0 ? [{ label: 'Discount', amount: `−${formatMoney(input.discountCents)}` }] : []),
    ...(input.fee ? [{ label: input.fee.label, amount: formatMoney(input.fee.cents) }] : []),
    { label: 'Tax', amount: formatMoney(input.taxCents) },
    { label: 'Shipping', amount: input.shippingCents === 0 ? 'Free' : formatMoney(input.shippingCents) },
    ...(input.cover && input.cover.cents > 0
      ? [{ label: `Covered by ${input.cover.employer}`, amount: `−${formatMoney(input.cover.cents)}` }]
      : []),
    ...(input.storeCreditCents ? [{ label: STORE_CREDIT_LABEL, amount: `−${formatMoney(input.storeCreditCents)}` }] : []),
    { label: 'Total paid', amount: formatMoney(input.totalCents) },
  ];
  const paidWith =
    input.totalCents === 0 && input.cover
      ? `Placed on ${date}. ${input.cover.employer} covers it: there is nothing for you to pay.`
      : input.card
        ? `Paid on ${date} with ${brandNames[input.card.brand] ?? 'a card'} ending in ${input.card.last4}.`
        : `Paid on ${date}.`;
  const laterText = !later.length
    ? null
    : input.cover?.program
      ? `${input.cover.employer} pays for ${later.map((item) => line(item).label).join(', ')} when your starter test results arrive: nothing is charged to you.`
      : `Charged to the same card when your starter test results arrive: ${later.map((item) => `${line(item).label} ${line(item).amount}`).join(', ')}.`;
  const giftText = input.gift
    ? `Your gift for ${input.gift.recipientName} is e-mailed to them on ${formatGiftDay(input.gift.deliverOn)}, with your message and the code to redeem it. We will tell you when it has gone out.`
    : null;
  const longDay = (day: string) =>
    new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const recurring = input.items.flatMap((item) => (isDeliveryFrequency(item.frequency) ? [{ item, frequency: item.frequency }] : []));
  const recurringText = (intro: string, lines: typeof recurring) =>
    lines.length
      ? `${intro}: ${lines
          .map(
            ({ item, frequency }) =>
              `${line(item).label} ${line(item).amount} ${frequencyLabels[frequency]}, next on ${longDay(deliveryDay(dayOf(input.paidAt), frequency, 2))}`,
          )
          .join('; ')}.`
      : null;
  const membership = (entry: (typeof recurring)[number]) => isMembership(entry.item.productCode ?? '');
  const subscriptionText = recurringText(
    'Charged to the same card on each next delivery, until you cancel in your account',
    recurring.filter((entry) => !membership(entry)),
  );
  const membershipText = recurringText(
    'Renewed on the same card every month, until you cancel in your account (the membership then ends with the month paid for)',
    recurring.filter(membership),
  );
  // what someone else paid is no expense of the member's: an HSA or FSA claim is only for what they paid
  const hsa =
    input.totalCents > 0
      ? 'Keep this receipt: it lists each test and its price, which is what an HSA or FSA administrator asks for.'
      : null;

  const text = [
    `Receipt for Base order ${input.orderNumber}`,
    paidNow.map((item) => `${line(item).label}  ${line(item).amount}`).join('\n'),
    totals.map((total) => `${total.label}: ${total.amount}`).join('\n'),
    paidWith,
    ...(laterText ? [laterText] : []),
    ...(giftText ? [giftText] : []),
    ...(subscriptionText ? [subscriptionText] : []),
    ...(membershipText ? [membershipText] : []),
    ...(hsa ? [hsa] : []),
    `Your order: ${input.orderUrl}`,
    '— The Base team',
  ].join('\n\n');

  const row = (label: string, amount: string, strong = false) =>
    `<tr><td style="padding:6px 0;${strong ? 'font-weight:700' : ''}">${escape(label)}</td><td style="padding:6px 0;text-align:right;${strong ? 'font-weight:700' : ''}">${escape(amount)}</td></tr>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#14213d;max-width:560px;margin:auto;padding:24px">
<p style="font-size:22px;font-weight:700;color:#0f5e4f">base</p>
<h1 style="font-size:20px">Receipt for order ${input.orderNumber}</h1>
<table style="width:100%;border-collapse:collapse;font-size:15px">
${paidNow.map((item) => row(line(item).label, line(item).amount)).join('\n')}
<tr><td colspan="2"><hr style="border:none;border-top:1px solid #d9dee5"></td></tr>
${totals.map((total, index) => row(total.label, total.amount, index === totals.length - 1)).join('\n')}
</table>
<p style="font-size:15px">${escape(paidWith)}</p>
${laterText ? `<p style="font-size:15px">${escape(laterText)}</p>` : ''}
${giftText ? `<p style="font-size:15px">${escape(giftText)}</p>` : ''}
${subscriptionText ? `<p style="font-size:15px">${escape(subscriptionText)}</p>` : ''}
${membershipText ? `<p style="font-size:15px">${escape(membershipText)}</p>` : ''}
${hsa ? `<p style="font-size:14px;color:#4a5568">${escape(hsa)}</p>` : ''}
<p><a href="${escape(input.orderUrl)}" style="display:inline-block;background:#0f5e4f;color:#fff;padding:12px 24px;border-radius:999px;text-decoration:none;font-weight:700">See your order</a></p>
<p style="font-size:14px;color:#4a5568">— The Base team</p></body></html>`;
  return { to: input.to, subject: `Your Base receipt for order ${input.orderNumber}`, template: 'receipt', text, html };
}
