import { shoppingListText, type ShoppingList } from '@shop/core';
import type { EmailMessage } from './port.ts';
import { escapeHtml as escape, layout } from './templates.ts';

/**
 * A week's shopping list of the Improvement Program, as the member asked for it. It names foods
 * only: which results brought them stays in the account, where reading it is audited.
 */
export function shoppingListEmail(input: { to: string; list: ShoppingList; programUrl: string }): EmailMessage {
  const { list } = input;
  const intro = `Here is your shopping list for week ${list.week} of your Improvement Program, from the foods your plan favours.`;
  const outro = 'Your plan, with the reason for each food, and the other weeks’ lists are in your account.';
  const text = [intro, shoppingListText(list).trimEnd(), outro, `Your program: ${input.programUrl}`, '— The Base team'].join('\n\n');
  const groups = list.groups.length
    ? list.groups
        .map(
          (group) =>
            `<h2 style="font-size:17px;margin:20px 0 6px">${escape(group.label)}</h2>\n<ul style="font-size:16px;line-height:1.6;margin:0;padding-left:22px">${group.items
              .map((item) => `<li>${escape(item.name)}</li>`)
              .join('')}</ul>`,
        )
        .join('\n')
    : '<p style="font-size:16px">Nothing to buy this week.</p>';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#14213d;max-width:560px;margin:auto;padding:24px">
<p style="font-size:22px;font-weight:700;color:#0f5e4f">base</p>
<h1 style="font-size:20px">Week ${list.week} shopping list</h1>
<p style="font-size:16px;line-height:1.5">${escape(intro)}</p>
${groups}
<p style="font-size:16px;line-height:1.5;margin-top:20px">${escape(outro)}</p>
<p><a href="${escape(input.programUrl)}" style="display:inline-block;background:#0f5e4f;color:#fff;padding:12px 24px;border-radius:999px;text-decoration:none;font-weight:700">My program</a></p>
<p style="font-size:14px;color:#4a5568">— The Base team</p></body></html>`;
  return { to: input.to, subject: `Your week ${list.week} shopping list`, template: 'program-shopping-list', text, html };
}

/**
 * The Improvement Program's guarantee was applied. It says how much went back and where, never
 * why: the reason speaks of results, which stay in the account.
 */
export function guaranteeAppliedEmail(input: {
  to: string;
  orderNumber: number;
  amount: string;
  method: 'refund' | 'store_credit';
  accountUrl: string;
}): EmailMessage {
  const where =
    input.method === 'refund'
      ? `We have refunded ${input.amount} to the card you paid with. Depending on your bank, it shows on your statement within 5 to 10 business days.`
      : `We have added ${input.amount} of store credit to your account. It comes off your next orders at checkout.`;
  return layout(
    'program-guarantee-applied',
    input.to,
    'Your Improvement Program guarantee',
    [
      `Our terms promise tests free if no health optimization is found within 3 tests, and we have applied that promise to your Improvement Program (order #${input.orderNumber}).`,
      where,
      'Thank you for trusting us with your health. Reply to this e-mail if anything is unclear.',
    ],
    { label: input.method === 'refund' ? 'See your order' : 'See your store credit', url: input.accountUrl },
  );
}
