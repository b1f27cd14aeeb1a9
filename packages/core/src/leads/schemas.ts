import { z } from 'zod';
import { messages } from '../errors/api-error.ts';
import { leadMessages } from './messages.ts';

/**
 * The storefront's lead forms. Each schema validates in the browser and again on the server, so
 * a person sees the same message either way.
 */

const NAME_MAX = 80;
const COMPANY_MAX = 120;

function email(message: string = messages.invalidEmail) {
  return z
    .string({ error: message })
    .trim()
    .max(254, { error: message })
    .pipe(z.email({ error: message }));
}

function requiredText(message: string, max = NAME_MAX) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: leadMessages.tooLong(max) });
}

function optionalText(max = NAME_MAX) {
  return z
    .string()
    .trim()
    .max(max, { error: leadMessages.tooLong(max) })
    .optional()
    .default('');
}

/** An empty optional e-mail is fine; a filled one must be an e-mail. */
function optionalEmail(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(254, { error: message })
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: message })
    .optional()
    .default('');
}

export const businessContactSchema = z.strictObject({
  firstName: requiredText(leadMessages.firstName),
  lastName: requiredText(leadMessages.lastName),
  email: email(),
  company: requiredText(leadMessages.company, COMPANY_MAX),
  benefitsContactName: optionalText(),
  benefitsContactEmail: optionalEmail(leadMessages.benefitsContactEmail),
  consentToBeNamed: z.boolean({ error: leadMessages.consentToBeNamed }),
});

export const providersContactSchema = z.strictObject({
  firstName: requiredText(leadMessages.firstName),
  lastName: requiredText(leadMessages.lastName),
  email: email(),
});

export const whitepaperSchema = z.strictObject({
  firstName: requiredText(leadMessages.firstName),
  lastName: requiredText(leadMessages.lastName),
  email: email('Please enter a valid work email'),
  company: requiredText(leadMessages.company, COMPANY_MAX),
});

/** Who can be referred to the provider dashboard. */
export const providerTypes = [
  'Physician (MD or DO)',
  'Nurse practitioner',
  'Physician assistant',
  'Registered dietitian',
  'Nutritionist',
  'Health coach',
  'Naturopathic doctor',
  'Chiropractor',
  'Personal trainer',
  'Other',
] as const;
export type ProviderType = (typeof providerTypes)[number];

export const providerReferralSchema = z
  .strictObject({
    yourFirstName: requiredText(leadMessages.firstName),
    yourLastName: requiredText(leadMessages.lastName),
    yourEmail: email(),
    providerFirstName: requiredText(leadMessages.providerFirstName),
    providerLastName: requiredText(leadMessages.providerLastName),
    providerType: z.enum(providerTypes, { error: leadMessages.providerType }),
    providerEmail: email(leadMessages.providerEmail),
  })
  .refine((form) => form.yourEmail.toLowerCase() !== form.providerEmail.toLowerCase(), {
    error: leadMessages.sameEmail,
    path: ['providerEmail'],
  });

export const samplePlanSchema = z.strictObject({ email: email() });

export type BusinessContactInput = z.input<typeof businessContactSchema>;
export type ProvidersContactInput = z.input<typeof providersContactSchema>;
export type WhitepaperInput = z.input<typeof whitepaperSchema>;
export type ProviderReferralInput = z.input<typeof providerReferralSchema>;
export type SamplePlanInput = z.input<typeof samplePlanSchema>;
