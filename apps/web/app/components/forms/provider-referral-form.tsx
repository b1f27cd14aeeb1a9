import { providerTypes } from '@shop/core';
import { Field } from '../field';
import { SelectField } from './choice-fields';
import { LeadFormFrame } from './lead-form-frame';
import { text, useLeadForm } from './use-lead-form';

/** Refer a provider: who you are, and who they are. */
export function ProviderReferralForm() {
  const { errors, serverError, pending, onSubmit } = useLeadForm({
    kind: 'provider_referral',
    read: (data) => ({
      yourFirstName: text(data, 'yourFirstName'),
      yourLastName: text(data, 'yourLastName'),
      yourEmail: text(data, 'yourEmail'),
      providerFirstName: text(data, 'providerFirstName'),
      providerLastName: text(data, 'providerLastName'),
      providerType: text(data, 'providerType') as (typeof providerTypes)[number],
      providerEmail: text(data, 'providerEmail'),
    }),
  });
  return (
    <LeadFormFrame label="Refer a provider" submitLabel="Send the referral" pending={pending} serverError={serverError} onSubmit={onSubmit}>
      <fieldset className="space-y-5">
        <legend className="text-lg font-bold">About you</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Your first name" name="yourFirstName" autoComplete="given-name" error={errors.yourFirstName} />
          <Field label="Your last name" name="yourLastName" autoComplete="family-name" error={errors.yourLastName} />
        </div>
        <Field label="Your email" name="yourEmail" type="email" autoComplete="email" error={errors.yourEmail} />
      </fieldset>
      <fieldset className="space-y-5">
        <legend className="text-lg font-bold">About the provider</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Provider's first name" name="providerFirstName" autoComplete="off" error={errors.providerFirstName} />
          <Field label="Provider's last name" name="providerLastName" autoComplete="off" error={errors.providerLastName} />
        </div>
        <SelectField
          label="Type of provider"
          name="providerType"
          placeholder="Choose one"
          options={providerTypes}
          error={errors.providerType}
        />
        <Field label="Provider's email" name="providerEmail" type="email" autoComplete="off" error={errors.providerEmail} />
      </fieldset>
    </LeadFormFrame>
  );
}
