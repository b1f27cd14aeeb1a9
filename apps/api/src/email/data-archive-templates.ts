import { dataArchiveRule, formatEastern } from '@shop/core';
import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

/**
 * A member's prepared data archive: the link opens it only for the member, signed in, until it
 * expires. The e-mail carries nothing the archive holds, and the link is no secret on its own
 * (whoever opens it must be signed in to the account), so it is sent in clear like a page's address.
 */
export function dataArchiveReadyEmail(input: { to: string; url: string; expiresAt: Date }): EmailMessage {
  return layout(
    'data-archive-ready',
    input.to,
    'Your Base data archive is ready',
    [
      'The archive of everything we hold about you, which you asked for from your account, is ready to download.',
      `The link below works for ${dataArchiveRule.linkDays} days, until ${formatEastern(input.expiresAt)}, and only while you are signed in to your account. After that the archive is deleted; you can ask for a new one at any time.`,
      'If you did not ask for it, sign in and change your password, and reply to this e-mail.',
    ],
    { label: 'Download my archive', url: input.url },
  );
}
