import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

/** To the practitioner who ordered a client's tests: the results are in and wait for their review. No value is in it. */
export function resultsToReviewEmail(input: { to: string; clientName: string; clinicName: string; url: string }): EmailMessage {
  return layout(
    'provider-results-to-review',
    input.to,
    `${input.clientName}’s results are ready for your review`,
    [
      `The results of the tests ${input.clinicName} ordered for ${input.clientName} are in. Under your clinic’s setting they are held for your review: ${input.clientName} sees them once you release them.`,
      'Open the client’s orders in your dashboard to read the results and release them, with a note if you like.',
    ],
    { label: 'Review the results', url: input.url },
  );
}
