import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

/** To an applicant, at once: the application is in, and what happens next. */
export function affiliateApplicationReceivedEmail(input: { to: string; name: string; url: string }): EmailMessage {
  return layout(
    'affiliate-application-received',
    input.to,
    'We received your application to the Base affiliate program',
    [
      `Hi ${input.name},`,
      'Thank you for applying to the Base affiliate program. Our team reviews every application by hand, and we will write to you once we have decided.',
      'Your account is ready: sign in with this e-mail address and the password you chose to see where your application stands.',
    ],
    { label: 'See your application', url: input.url },
  );
}

/** To an applicant an operator approved: their codes and the dashboard. */
export function affiliateApprovedEmail(input: {
  to: string;
  name: string;
  codes: readonly string[];
  commissionPercent: number;
  links: readonly string[];
  url: string;
}): EmailMessage {
  return layout(
    'affiliate-application-approved',
    input.to,
    'Welcome to the Base affiliate program',
    [
      `Hi ${input.name},`,
      `Your application is approved. Your ${input.codes.length === 1 ? 'code is' : 'codes are'} ${input.codes.join(', ')}, and you earn ${input.commissionPercent}% of what each customer you send pays for their first order.`,
      `Share ${input.links.length === 1 ? 'your link' : 'your links'}: ${input.links.join(' ')}`,
      'Your dashboard shows your clicks, first orders and earnings: sign in with your e-mail address and password.',
    ],
    { label: 'Open your dashboard', url: input.url },
  );
}

/** To an applicant an operator declined, with the operator's reason. */
export function affiliateDeclinedEmail(input: { to: string; name: string; reason: string }): EmailMessage {
  return layout('affiliate-application-declined', input.to, 'Your application to the Base affiliate program', [
    `Hi ${input.name},`,
    'Thank you for your interest in the Base affiliate program. We are sorry to say that we cannot accept your application.',
    `The reason: ${input.reason}`,
    'Your Base account stays yours: you can still use it to shop.',
  ]);
}
