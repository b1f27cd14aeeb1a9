import type { EmailMessage } from './port.ts';

/** Text made safe to put in an e-mail's HTML. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A plain, readable message: every e-mail is sent as text and as simple HTML. */
export function layout(
  template: string,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): EmailMessage {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '— The Base team'].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#14213d;max-width:560px;margin:auto;padding:24px">
<p style="font-size:22px;font-weight:700;color:#0f5e4f">base</p>
${paragraphs.map((paragraph) => `<p style="font-size:16px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f5e4f;color:#fff;padding:12px 24px;border-radius:999px;text-decoration:none;font-weight:700">${escapeHtml(action.label)}</a></p>` : ''}
<p style="font-size:14px;color:#4a5568">— The Base team</p></body></html>`;
  return { to, subject, template, text, html };
}

/** The link is the secret: whoever reads it can set the password (see `EmailMessage.secrets`). */
export function passwordResetEmail(to: string, url: string, validMinutes: number): EmailMessage {
  const message = layout(
    'password-reset',
    to,
    'Reset your Base password',
    [
      'We received a request to reset the password of your Base account.',
      `The link below works once and for ${validMinutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
    ],
    { label: 'Choose a new password', url },
  );
  return { ...message, secrets: [url] };
}

/** To an account's owner when someone tried to sign up with their address: what to do if it was them. */
export function accountExistsEmail(to: string, publicUrl: string): EmailMessage {
  return layout(
    'account-exists',
    to,
    'You already have a Base account',
    [
      'Someone asked to create a Base account with this e-mail address, which already has one.',
      `If it was you, sign in with your password, or choose a new one at ${publicUrl}/reset-password if you forgot it.`,
      'If it was not you, you can ignore this e-mail: nothing about your account changed.',
    ],
    { label: 'Sign in', url: `${publicUrl}/sign-in` },
  );
}

export function programChargeNeedsApprovalEmail(to: string, amount: string, url: string): EmailMessage {
  return layout(
    'program-charge-needs-approval',
    to,
    'Please approve the charge for your Improvement Program',
    [
      'Your starter test results have arrived, and your 2-month Improvement Program is ready to start.',
      `Your bank asks you to approve the charge of ${amount} to the card you saved at checkout before it goes through. It takes a minute, and nothing is charged until you approve.`,
    ],
    { label: 'Approve the charge', url },
  );
}

/** After a starter test left the cart for an area test or the Complete bundle: it stays one click away. */
export function starterTestKeptEmail(to: string, testTitle: string, url: string): EmailMessage {
  return layout(
    'starter-test-kept',
    to,
    `Your ${testTitle} is saved for you`,
    [
      `You replaced the ${testTitle} your quiz recommended in your cart. It stays available: your quiz results and the test they recommend are one click away whenever you want them.`,
    ],
    { label: 'See my quiz results', url },
  );
}
