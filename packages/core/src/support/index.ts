import { z } from 'zod';
import { emailField } from '../checkout/schemas.ts';
import { isStrongPassword, passwordMessages } from '../accounts/password.ts';

export const supportCopy = {
  name: 'Please tell us your name',
  subject: 'Please add a subject of at most 120 characters',
  bodyShort: 'Please write a few words so we know how to help',
  bodyLong: 'Please keep your message under 5,000 characters',
  tooManyLinks: 'Please include at most three links in your message',
  tooFast: 'That was quick! Please check your message and send it again.',
  sent: 'Thank you, your message is with our support team. We usually answer within one business day.',
  sentToMember:
    'Thank you, your message is with our support team. We usually answer within one business day, by e-mail and here in your account.',
  replySent: 'Your reply is sent.',
  closed: 'This conversation is closed. Write to us again and it opens anew.',
  collectionChanged: 'The collection choice is changed.',
  collectionTooLate: 'The kit is already on its way or the lab order was sent: the collection choice can no longer be changed.',
} as const;

/** A human takes longer than this to write a message; a script that posts the form at once does not. */
export const MIN_FILL_SECONDS = 3;
const MAX_LINKS = 3;

export const supportTopics = ['general', 'collection_change'] as const;
export type SupportTopic = (typeof supportTopics)[number];
export const supportTopicLabels: Record<SupportTopic, string> = {
  general: 'A question',
  collection_change: 'Change my collection choice',
};

export const supportStatuses = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof supportStatuses)[number];
export const supportStatusLabels: Record<SupportStatus, string> = {
  open: 'Waiting for support',
  answered: 'Answered',
  closed: 'Closed',
};

const linkCount = (text: string) => (text.match(/https?:\/\/|www\./gi) ?? []).length;

/** A message's text as every support form takes it: a few words at least, not a page of links. */
export const supportBodyField = z
  .string({ error: supportCopy.bodyShort })
  .trim()
  .min(10, { error: supportCopy.bodyShort })
  .max(5000, { error: supportCopy.bodyLong })
  .refine((body) => linkCount(body) <= MAX_LINKS, { error: supportCopy.tooManyLinks });

/**
 * The contact form, for a member (their name and e-mail are their account's) and a visitor alike.
 * `website` is a field people never see (a program that fills every field fills it), and
 * `startedAt` is when the form was shown, in milliseconds since the epoch.
 */
export const contactFormSchema = z.strictObject({
  name: z.string().trim().max(120, { error: supportCopy.name }).optional(),
  email: emailField.optional(),
  subject: z.string({ error: supportCopy.subject }).trim().min(2, { error: supportCopy.subject }).max(120, { error: supportCopy.subject }),
  body: supportBodyField,
  topic: z.enum(supportTopics).optional().default('general'),
  orderId: z.string().trim().max(64).optional(),
  website: z.string().max(200).optional().default(''),
  startedAt: z.coerce.number().int().nonnegative(),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

/** A reply in a thread, from the member or from support. */
export const supportReplySchema = z.strictObject({ body: supportBodyField });

/** Whether a form was sent too soon after it was shown to have been written by a person. */
export function sentTooFast(startedAt: number, now: number): boolean {
  return now - startedAt < MIN_FILL_SECONDS * 1000;
}

export const staffInviteRoles = ['clinician', 'support', 'coach', 'operator'] as const;
export type StaffInviteRole = (typeof staffInviteRoles)[number];
export const staffRoleLabels: Record<StaffInviteRole, string> = {
  clinician: 'Clinician',
  support: 'Support',
  coach: 'Health coach',
  operator: 'Operator',
};
/** How long an invitation's link works. */
export const STAFF_INVITATION_DAYS = 7;

export const staffInvitationMessages = {
  name: 'Please enter the person’s name',
  role: 'Please choose a role',
  invalid: 'This invitation link is no longer valid. Please ask the person who invited you for a new one.',
  accountExists: 'An account with this e-mail address already exists. Change its role instead of inviting it.',
} as const;

export const staffInvitationSchema = z.strictObject({
  email: emailField,
  name: z
    .string({ error: staffInvitationMessages.name })
    .trim()
    .min(2, { error: staffInvitationMessages.name })
    .max(120, { error: staffInvitationMessages.name }),
  role: z.enum(staffInviteRoles, { error: staffInvitationMessages.role }),
});

export const acceptInvitationSchema = z
  .strictObject({
    token: z.string().min(1, { error: staffInvitationMessages.invalid }).max(200, { error: staffInvitationMessages.invalid }),
    password: z.string().max(128, { error: passwordMessages.rule }).refine(isStrongPassword, { error: passwordMessages.rule }),
    confirmPassword: z.string().max(128, { error: passwordMessages.mismatch }),
  })
  .refine((form) => form.password === form.confirmPassword, { error: passwordMessages.mismatch, path: ['confirmPassword'] });
