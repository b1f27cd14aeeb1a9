import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

// The Improvement Program's steps, by e-mail. Like every e-mail of the shop they never hold
// results: they say what happened and where to read the rest, signed in.

/** A retest was made: its kit is being prepared (home), or its lab order was sent (partner lab). */
export function programRetestCreatedEmail(input: {
  to: string;
  sequence: number;
  week: number;
  orderNumber: number;
  method: 'home' | 'lab';
  orderUrl: string;
}): EmailMessage {
  const how =
    input.method === 'home'
      ? 'We are preparing your kit and will e-mail you its tracking number when it ships. Kits arrive in 2-5 business days, to the address of your starter test.'
      : 'We sent the lab order to the partner lab you chose for your starter test. Visit the lab with your order number; a visit takes 15-20 minutes.';
  return layout(
    'program-retest-created',
    input.to,
    `Your program retest ${input.sequence} is on its way`,
    [
      `It is week ${input.week} of your Improvement Program: time for retest ${input.sequence} of 2, the same test as your starter test, included in your program at no charge (order #${input.orderNumber}).`,
      how,
      'When its results are in, your program page shows them next to your starter test’s, with the change for each biomarker.',
    ],
    { label: 'Follow your retest', url: input.orderUrl },
  );
}

/** The second retest's results are in: the program's two months of steps are done. */
export function programCompletedEmail(input: { to: string; orderNumber: number; programUrl: string }): EmailMessage {
  return layout(
    'program-completed',
    input.to,
    'Your Improvement Program is complete',
    [
      `The results of your second retest are in, and with them your Improvement Program (order #${input.orderNumber}) is complete.`,
      'Your program page shows your starter test and both retests side by side, with the change for each biomarker. Your plan and its shopping lists stay there for you.',
      'For your privacy we never put results in an e-mail: sign in to see them.',
    ],
    { label: 'See how your results changed', url: input.programUrl },
  );
}
