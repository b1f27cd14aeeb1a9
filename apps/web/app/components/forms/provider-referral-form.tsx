import { providerTypes } from '@shop/core';
import { Field } from '../field';
import { SelectField } from './choice-fields';
import { LeadFormFrame } from './lead-form-frame';
import { useLeadForm } from './use-lead-form';

/** Refer a provider: who you are, and who they are. */
export function ProviderReferralForm() {
  const lead = useLeadForm('provider_referral');
  const { field } = lead;
  return (
    <LeadFormFrame lead={lead} label="Refer a provider" submitLabel="Send the referral">
      <fieldset className="space-y-5">
        <legend className="text-lg font-bold">About you</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Your first name" {...field('yourFirstName')} autoComplete="given-name" />
          <Field label="Your last name" {...field('yourLastName')} autoComplete="family-name" />
        </div>
        <Field label="Your email" {...field('yourEmail')} type="email" autoComplete="email" />
      </fieldset>
      <fieldset className="space-y-5">
        <legend className="text-lg font-bold">About the provider</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Provider's first name" {...field('providerFirstName')} autoComplete="off" />
          <Field label="Provider's last name" {...field('providerLastName')} autoComplete="off" />
        </div>
        <SelectField label="Type of provider" {...field('providerType')} placeholder="Choose one" options={providerTypes} />
        <Field label="Provider's email" {...field('providerEmail')} type="email" autoComplete="off" />
      </fieldset>
    </LeadFormFrame>
  );
}
