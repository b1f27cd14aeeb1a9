import { Field } from '../field';
import { LeadFormFrame } from './lead-form-frame';
import { useLeadForm } from './use-lead-form';

/** Ask for the whitepaper by e-mail. */
export function WhitepaperForm() {
  const lead = useLeadForm('whitepaper');
  const { field } = lead;
  return (
    <LeadFormFrame lead={lead} label="Get the whitepaper" submitLabel="Send me the whitepaper">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" {...field('firstName')} autoComplete="given-name" />
        <Field label="Last name" {...field('lastName')} autoComplete="family-name" />
      </div>
      <Field label="Work email" {...field('email')} type="email" autoComplete="email" />
      <Field label="Company" {...field('company')} autoComplete="organization" />
    </LeadFormFrame>
  );
}
