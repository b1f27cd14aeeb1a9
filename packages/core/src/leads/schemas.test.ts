import { describe, expect, it } from 'vitest';
import { leadForms, leadRecord } from './forms.ts';
import { businessContactSchema, providerReferralSchema, providersContactSchema, samplePlanSchema, whitepaperSchema } from './schemas.ts';
import { leadMessages } from './messages.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

const business = {
  firstName: 'Maya',
  lastName: 'Ortiz',
  email: 'maya@bolton.example',
  company: 'Bolton Logistics',
  benefitsContactName: '',
  benefitsContactEmail: '',
  consentToBeNamed: false,
};

const referral = {
  yourFirstName: 'Ann',
  yourLastName: 'Lee',
  yourEmail: 'ann@example.com',
  providerFirstName: 'Raj',
  providerLastName: 'Patel',
  providerType: 'Health coach',
  providerEmail: 'raj@clinic.example',
};

describe('business contact', () => {
  it('takes the benefits contact as optional and trims what it keeps', () => {
    const { benefitsContactName: _name, benefitsContactEmail: _email, ...rest } = business;
    expect(businessContactSchema.parse({ ...rest, firstName: ' Maya ' })).toEqual({ ...business, firstName: 'Maya' });
  });

  it.each([
    ['firstName', ' ', leadMessages.firstName],
    ['lastName', '', leadMessages.lastName],
    ['email', 'maya@', 'Please enter a valid email'],
    ['company', '', leadMessages.company],
    ['benefitsContactEmail', 'hr at bolton', leadMessages.benefitsContactEmail],
    ['consentToBeNamed', undefined, leadMessages.consentToBeNamed],
    ['firstName', 'x'.repeat(81), 'Please use at most 80 characters'],
  ])('a bad %s says %s', (field, value, message) => {
    expect(firstMessage(businessContactSchema.safeParse({ ...business, [field]: value }))).toBe(message);
  });
});

describe('the other forms', () => {
  it.each([
    [providersContactSchema, { firstName: 'Dana', lastName: 'Wu', email: 'x' }, 'Please enter a valid email'],
    [providersContactSchema, { lastName: 'Wu', email: 'dana@example.com' }, leadMessages.firstName],
    [whitepaperSchema, { firstName: 'Dana', lastName: 'Wu', email: 'dana', company: 'Acme' }, 'Please enter a valid work email'],
    [whitepaperSchema, { firstName: 'Dana', lastName: 'Wu', email: 'dana@acme.example', company: '' }, leadMessages.company],
    [samplePlanSchema, { email: '' }, 'Please enter a valid email'],
    [providerReferralSchema, { ...referral, providerType: '' }, leadMessages.providerType],
    [providerReferralSchema, { ...referral, providerFirstName: '' }, leadMessages.providerFirstName],
    [providerReferralSchema, { ...referral, providerLastName: '' }, leadMessages.providerLastName],
    [providerReferralSchema, { ...referral, providerEmail: 'raj' }, leadMessages.providerEmail],
    [providerReferralSchema, { ...referral, providerEmail: ' ANN@example.com ' }, leadMessages.sameEmail],
  ])('%# says %s', (schema, input, message) => {
    expect(firstMessage(schema.safeParse(input))).toBe(message);
  });

  it('refuses fields a form does not have', () => {
    expect(samplePlanSchema.safeParse({ email: 'a@b.co', admin: true }).success).toBe(false);
  });

  it('keeps the specification’s sample plan texts as it spells them', () => {
    expect(leadForms.sample_plan.success).toBe('Thanks for subscribing');
    expect(leadMessages.sampleFailed).toBe('Something when wrong, try again later');
  });
});

describe('lead records', () => {
  it('dedupes by the lower-cased e-mail', () => {
    const data = providersContactSchema.parse({ firstName: 'Dana', lastName: 'Wu', email: 'Dana@Example.com' });
    expect(leadRecord('providers_contact', data)).toEqual({
      kind: 'providers_contact',
      email: 'Dana@Example.com',
      dedupeKey: 'dana@example.com',
      fields: data,
    });
  });

  it('dedupes a referral by the pair of people', () => {
    const data = providerReferralSchema.parse({ ...referral, yourEmail: 'Ann@Example.com' });
    expect(leadRecord('provider_referral', data)).toMatchObject({
      email: 'Ann@Example.com',
      dedupeKey: 'ann@example.com>raj@clinic.example',
    });
  });
});
