import { providerTypes } from '@shop/core';
import { Field } from '../field';
import { SelectField } from './choice-fields';
import { LeadFormFrame } from './lead-form-frame';
import { useLeadForm } from './use-lead-form';
import type { Referrer } from '../../routes/partners/practitioners-referral.server';

/**
 * Refer a provider: who you are, and who they are. A signed-in clinic member is not asked who they
 * are: the form sends their account's name and e-mail, and says so.
 */
export function ProviderReferralForm({ referrer }: { referrer: Referrer | null }) {
  const lead = useLeadForm('provider_referral');
  const { field } = lead;
  return (
    <LeadFormFrame lead={lead} label="Refer a provider" submitLabel="Send the referral">
      {referrer ? (
        <p className="text-sm [overflow-wrap:anywhere]">
          You refer as {referrer.firstName} {referrer.lastName} ({referrer.email}), for your clinic.
          <input type="hidden" name="yourFirstName" value={referrer.firstName} />
          <input type="hidden" name="yourLastName" value={referrer.lastName} />
          <input type="hidden" name="yourEmail" value={referrer.email} />
        </p>
      ) : (
        <fieldset className="space-y-5">
          <legend className="text-lg font-bold">About you</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Your first name" {...field('yourFirstName')} autoComplete="given-name" />
            <Field label="Your last name" {...field('yourLastName')} autoComplete="family-name" />
          </div>
          <Field label="Your email" {...field('yourEmail')} type="email" autoComplete="email" />
        </fieldset>
      )}
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
