import { z } from 'zod';
import { isStrongPassword, passwordMessages } from '../accounts/password.ts';
import { emailField } from '../checkout/schemas.ts';
import { CODE_MAX_LENGTH, CODE_MIN_LENGTH, isWellFormedCode, normalizeCode } from './codes.ts';

export const affiliateApplicationMessages = {
  name: 'Please enter your name',
  website: 'Please tell us where your audience finds you: a website, a channel or a handle',
  promotion: 'Please tell us how you would promote Base, in a sentence or two',
  accountExists: 'An account with this e-mail address already exists. Please sign in, or apply with another address.',
  alreadyApplied: 'This account has applied already: your affiliate dashboard shows where the application stands.',
  notACustomerAccount: 'This account cannot join the affiliate program. Please apply with another address.',
  codes: `Please enter one to five codes of ${CODE_MIN_LENGTH} to ${CODE_MAX_LENGTH} letters, digits, dashes or underscores, separated by commas`,
  codeRepeated: 'Each code only once, please',
  banner: 'Please enter the banner shown on top of the landing page',
  heading: 'Please enter the heading of the landing page',
  intro: 'Please enter the introduction of the landing page',
  commission: 'Please enter a commission of 1 to 50 percent, in whole numbers',
  declineReason: 'Say why the application is declined: the applicant reads it.',
} as const;

/** The most codes an operator gives an affiliate at approval. */
export const AFFILIATE_MAX_CODES = 5;

const text = (message: string, min: number, max: number) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });

/**
 * The application at /affiliate-program: who applies, where their audience is, how they would
 * promote the shop, and the password of the account they sign in to the dashboard with.
 */
export const affiliateApplicationSchema = z.strictObject({
  name: text(affiliateApplicationMessages.name, 2, 120),
  email: emailField,
  password: z.string().max(128, { error: passwordMessages.rule }).refine(isStrongPassword, { error: passwordMessages.rule }),
  website: text(affiliateApplicationMessages.website, 3, 300),
  promotion: text(affiliateApplicationMessages.promotion, 10, 2000),
});
export type AffiliateApplication = z.infer<typeof affiliateApplicationSchema>;

/** The application of someone signed in already: their account is the one they apply with. */
export const affiliateMemberApplicationSchema = affiliateApplicationSchema.pick({ name: true, website: true, promotion: true });
export type AffiliateMemberApplication = z.infer<typeof affiliateMemberApplicationSchema>;

/** "ness, Ness-2 ,FIXMYDIET" as the codes it names, normalised like every stored code. */
export function splitCodes(raw: string): string[] {
  return raw
    .split(/[,\s]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * An operator's approval: the affiliate's codes (typed as a list, stored normalised), what their
 * landing says on top (banner), as its heading and introduction, and their commission.
 */
export const affiliateApprovalSchema = z.strictObject({
  codes: z
    .string({ error: affiliateApplicationMessages.codes })
    .transform(splitCodes)
    .refine((codes) => codes.length >= 1 && codes.length <= AFFILIATE_MAX_CODES && codes.every(isWellFormedCode), {
      error: affiliateApplicationMessages.codes,
    })
    .transform((codes) => codes.map(normalizeCode))
    .refine((codes) => new Set(codes).size === codes.length, { error: affiliateApplicationMessages.codeRepeated }),
  banner: text(affiliateApplicationMessages.banner, 3, 120),
  heading: text(affiliateApplicationMessages.heading, 3, 160),
  intro: text(affiliateApplicationMessages.intro, 10, 600),
  commissionPercent: z.coerce
    .number({ error: affiliateApplicationMessages.commission })
    .int({ error: affiliateApplicationMessages.commission })
    .min(1, { error: affiliateApplicationMessages.commission })
    .max(50, { error: affiliateApplicationMessages.commission }),
});
export type AffiliateApproval = z.infer<typeof affiliateApprovalSchema>;

/** An operator's decline: the reason goes to the applicant in the e-mail. */
export const affiliateDeclineSchema = z.strictObject({
  reason: text(affiliateApplicationMessages.declineReason, 3, 1000),
});

/** A taken code's message, naming the code as the operator typed it. */
export function affiliateCodeTakenMessage(code: string): string {
  return `The code ${code} is taken: choose another.`;
}
