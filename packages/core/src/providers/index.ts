import { z } from 'zod';
import { isStrongPassword, passwordMessages } from '../accounts/password.ts';
import { usStates, type UsState } from '../eligibility/us-states.ts';
import { allowedMethods } from '../eligibility/states.ts';
import { emailField } from '../checkout/schemas.ts';
import { isAdult } from '../eligibility/eligibility.ts';
import { messages } from '../errors/api-error.ts';
import { isRealIsoDate } from '../quiz/answers.ts';

/** A clinic's people: admins run the team and see every client; practitioners order; staff add clients and draft orders. */
export const clinicRoles = ['admin', 'practitioner', 'staff'] as const;
export type ClinicRole = (typeof clinicRoles)[number];
export const clinicRoleLabels: Record<ClinicRole, string> = { admin: 'Admin', practitioner: 'Practitioner', staff: 'Staff' };

export const clinicTypes = [
  'functional_medicine',
  'primary_care',
  'naturopathic',
  'chiropractic',
  'nutrition',
  'fitness_wellness',
  'other',
] as const;
export type ClinicType = (typeof clinicTypes)[number];
export const clinicTypeLabels: Record<ClinicType, string> = {
  functional_medicine: 'Functional medicine',
  primary_care: 'Primary care',
  naturopathic: 'Naturopathic',
  chiropractic: 'Chiropractic',
  nutrition: 'Nutrition and dietetics',
  fitness_wellness: 'Fitness and wellness',
  other: 'Other',
};

/** How long an invitation's link works. */
export const CLINIC_INVITATION_DAYS = 7;

/** Mail services anyone can use: their domain says nothing about which clinic a person works for. */
export const publicMailDomains = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
]);

/** The domain of a work address, lower case; null for a public mail service's. */
export function clinicEmailDomain(email: string): string | null {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  return domain && !publicMailDomains.has(domain) ? domain : null;
}

const legalSuffixes = new Set(['the', 'llc', 'inc', 'pc', 'pllc', 'ltd', 'co', 'corp']);

/** A clinic's name as two sign-ups of the same clinic would both write it: "The Green Valley Clinic, LLC" → "greenvalleyclinic". */
export function normaliseClinicName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !legalSuffixes.has(word))
    .join('');
}

/**
 * A National Provider Identifier: 10 digits whose last is the Luhn check digit of the other nine
 * prefixed with 80840, as the NPI standard has it.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether partner-lab collection is offered to a client who lives in this state: the sale rules' table says. */
export function labCollectionAvailable(state: string): boolean {
  return (usStates as readonly string[]).includes(state) && allowedMethods(state as UsState).includes('lab');
}

export const providerMessages = {
  clinicName: 'Please enter your clinic’s name',
  clinicType: 'Please choose the type of your clinic',
  addressLine1: 'Please enter the street address',
  city: 'Please enter the city',
  state: 'Please choose a US state',
  postalCode: 'Please enter a 5-digit ZIP code',
  npi: 'Please enter a valid 10-digit NPI, or leave it empty',
  name: 'Please enter your full name',
  personName: 'Please enter the person’s name',
  firstName: 'Please enter the client’s first name',
  lastName: 'Please enter the client’s last name',
  dateOfBirth: 'Please enter a valid date of birth',
  role: 'Please choose a role',
  accountExists: 'An account with this e-mail address already exists. Please sign in, or sign up with another address.',
  invitedAccountExists: 'An account with this e-mail address already exists. Please sign in with it to join your clinic.',
  invitationOtherAccount: 'This invitation is for another e-mail address. Please sign out, then sign in with the address it was sent to.',
  invitedAccountCannotJoin:
    'This account cannot join a clinic: it is already a member of one, or works for the shop or another program. Please ask your clinic’s admin to invite another address.',
  invitationInvalid: 'This invitation link is no longer valid. Please ask your clinic’s admin for a new one.',
  lastAdmin: 'A clinic keeps at least one admin. Invite another admin before removing this one.',
  lastAdminRole: 'A clinic keeps at least one admin. Make another member an admin before changing this one’s role.',
  practitioner: 'Please choose a practitioner of your clinic',
} as const;

const text = (message: string, min: number, max: number) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });

const passwordField = z.string().max(128, { error: passwordMessages.rule }).refine(isStrongPassword, { error: passwordMessages.rule });

/** The free sign-up: a clinic and its first admin. `requestToJoin` answers the offer to join a matching clinic. */
export const providerSignUpSchema = z.strictObject({
  clinicName: text(providerMessages.clinicName, 2, 120),
  clinicType: z.enum(clinicTypes, { error: providerMessages.clinicType }),
  addressLine1: text(providerMessages.addressLine1, 3, 200),
  addressLine2: z.string().trim().max(200).optional().default(''),
  city: text(providerMessages.city, 2, 100),
  state: z.enum(usStates, { error: providerMessages.state }),
  postalCode: z
    .string({ error: providerMessages.postalCode })
    .trim()
    .regex(/^\d{5}$/, { error: providerMessages.postalCode }),
  npi: z
    .string()
    .trim()
    .max(10, { error: providerMessages.npi })
    .refine((value) => value === '' || isValidNpi(value), { error: providerMessages.npi })
    .optional()
    .default(''),
  name: text(providerMessages.name, 2, 120),
  email: emailField,
  password: passwordField,
  requestToJoin: z.boolean().optional().default(false),
});
export type ProviderSignUp = z.infer<typeof providerSignUpSchema>;

export const clinicInvitationSchema = z.strictObject({
  email: emailField,
  name: text(providerMessages.personName, 2, 120),
  role: z.enum(clinicRoles, { error: providerMessages.role }),
});

const invitationToken = z
  .string({ error: providerMessages.invitationInvalid })
  .min(1, { error: providerMessages.invitationInvalid })
  .max(200, { error: providerMessages.invitationInvalid });

/** An invitation accepted by an account that is signed in already: the link's token alone. */
export const acceptClinicInvitationSignedInSchema = z.strictObject({ token: invitationToken });

export const acceptClinicInvitationSchema = z
  .strictObject({
    token: invitationToken,
    password: passwordField,
    confirmPassword: z.string().max(128, { error: passwordMessages.mismatch }),
  })
  .refine((form) => form.password === form.confirmPassword, { error: passwordMessages.mismatch, path: ['confirmPassword'] });

/** A clinic's client: an adult in a US state. `today` is a parameter so that the age rule is testable. */
export function clinicClientSchema(today: () => Date = () => new Date()) {
  return z.strictObject({
    firstName: text(providerMessages.firstName, 1, 80),
    lastName: text(providerMessages.lastName, 1, 80),
    email: emailField,
    dateOfBirth: z
      .string({ error: providerMessages.dateOfBirth })
      .refine((value) => isRealIsoDate(value) && value > '1900-01-01' && Date.parse(value) <= today().getTime(), {
        error: providerMessages.dateOfBirth,
      })
      .refine((value) => !isRealIsoDate(value) || isAdult(value, today()), { error: messages.underage, abort: true }),
    state: z.enum(usStates, { error: providerMessages.state }),
  });
}
export type ClinicClientForm = z.infer<ReturnType<typeof clinicClientSchema>>;
