/**
 * The kinds of lead and their API paths, apart from the forms' schemas: the API client needs the
 * paths on every page, the schemas only where a form is sent.
 */
export const leadKinds = ['business_contact', 'providers_contact', 'whitepaper', 'provider_referral', 'sample_plan'] as const;
export type LeadKind = (typeof leadKinds)[number];

/** Each form's path under /api/leads. */
export const leadPaths: Record<LeadKind, string> = {
  business_contact: 'business-contact',
  providers_contact: 'providers-contact',
  whitepaper: 'whitepaper',
  provider_referral: 'provider-referral',
  sample_plan: 'sample-plan',
};
