import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

/** To the member who sent a pay link: the client paid it, so the clinic knows without opening the dashboard. */
export function payLinkPaidEmail(input: {
  to: string;
  clientName: string;
  clinicName: string;
  tests: string[];
  total: string;
  orderNumber: number | null;
  url: string;
}): EmailMessage {
  return layout(
    'provider-pay-link-paid',
    input.to,
    `${input.clientName} paid their tests`,
    [
      `${input.clientName} paid the tests ${input.clinicName} ordered for them: ${input.tests.join(', ')}, ${input.total} in all.`,
      input.orderNumber === null
        ? 'Their order is now in their account at Base: they choose how to give their sample and fill in their medical profile there.'
        : `Their order ${input.orderNumber} is now in their account at Base: they choose how to give their sample and fill in their medical profile there.`,
      'You can follow it from the client’s orders in your dashboard.',
    ],
    { label: 'Open the dashboard', url: input.url },
  );
}
