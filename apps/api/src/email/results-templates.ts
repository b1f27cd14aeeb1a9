import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

/**
 * Results are health data: the e-mail says they are ready and where to read them, never what
 * they are. Reading them takes a signed-in account, and every read is recorded.
 */
export function resultsReadyEmail(
  to: string,
  url: string,
  program: 'none' | 'billed' | 'prepaid',
  /** an order a clinic placed: who ordered it, and whether the practitioner left a note with the results */
  clinic?: { orderedBy: string; note: boolean },
): EmailMessage {
  return layout(
    'results-ready',
    to,
    'Your Base test results are ready',
    [
      ...(clinic ? [`${clinic.orderedBy}.`] : []),
      'Your lab results are in. Each biomarker is shown against its reference range, and you can download them as a PDF.',
      'For your privacy we never put results in an e-mail: sign in to your account to see them.',
      ...(clinic?.note ? ['Your practitioner left a note with your results: you find it on the same page.'] : []),
      ...(program === 'billed'
        ? [
            'Your 2-month Improvement Program starts from these results: we charge it to the card you saved at checkout and let you know when your plan is ready.',
          ]
        : program === 'prepaid'
          ? ['Your 2-month Improvement Program starts from these results. It is already paid: we let you know when your plan is ready.']
          : []),
    ],
    { label: 'Sign in to see my results', url },
  );
}
