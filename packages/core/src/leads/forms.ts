import type { z } from 'zod';
import { businessContactSchema, providerReferralSchema, providersContactSchema, samplePlanSchema, whitepaperSchema } from './schemas.ts';
import { leadMessages } from './messages.ts';
import { leadPaths, type LeadKind } from './paths.ts';

interface LeadForm<Schema extends z.ZodType> {
  schema: Schema;
  /** the API path under /api/leads */
  path: string;
  /** what the person is told when the form is sent (and the toast shows) */
  success: string;
  /** the address the lead is about */
  email: (data: z.output<Schema>) => string;
  /**
   * What makes two sendings the same lead: the e-mail, or for a referral the pair of e-mails (one
   * person may refer several providers, and one provider may be referred by several people).
   */
  dedupeKey: (data: z.output<Schema>) => string;
}

const byEmail = (data: { email: string }) => data.email.toLowerCase();

export const leadForms = {
  business_contact: {
    schema: businessContactSchema,
    path: leadPaths.business_contact,
    success: 'Thank you! Our team will e-mail you to book your demo.',
    email: (data) => data.email,
    dedupeKey: byEmail,
  },
  providers_contact: {
    schema: providersContactSchema,
    path: leadPaths.providers_contact,
    success: 'Thank you! We will e-mail you to set up your free provider dashboard.',
    email: (data) => data.email,
    dedupeKey: byEmail,
  },
  whitepaper: {
    schema: whitepaperSchema,
    path: leadPaths.whitepaper,
    success: 'Thank you! We will e-mail the whitepaper to your work address.',
    email: (data) => data.email,
    dedupeKey: byEmail,
  },
  provider_referral: {
    schema: providerReferralSchema,
    path: leadPaths.provider_referral,
    success: 'Thank you for the referral! We will reach out to your provider, and your $50 follows when they join.',
    email: (data) => data.yourEmail,
    dedupeKey: (data) => `${data.yourEmail.toLowerCase()}>${data.providerEmail.toLowerCase()}`,
  },
  sample_plan: {
    schema: samplePlanSchema,
    path: leadPaths.sample_plan,
    success: leadMessages.sampleSubscribed,
    email: (data) => data.email,
    dedupeKey: byEmail,
  },
} as const satisfies {
  business_contact: LeadForm<typeof businessContactSchema>;
  providers_contact: LeadForm<typeof providersContactSchema>;
  whitepaper: LeadForm<typeof whitepaperSchema>;
  provider_referral: LeadForm<typeof providerReferralSchema>;
  sample_plan: LeadForm<typeof samplePlanSchema>;
};

export type LeadSchema<K extends LeadKind> = (typeof leadForms)[K]['schema'];
export type LeadInput<K extends LeadKind> = z.input<LeadSchema<K>>;
export type LeadData<K extends LeadKind> = z.output<LeadSchema<K>>;

/** The row a valid form becomes: who it is about, its dedupe key and its fields. */
export function leadRecord<K extends LeadKind>(kind: K, data: LeadData<K>) {
  const form = leadForms[kind] as unknown as LeadForm<LeadSchema<K>>;
  return { kind, email: form.email(data), dedupeKey: form.dedupeKey(data), fields: data as Record<string, string | boolean> };
}
