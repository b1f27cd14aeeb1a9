import { Field } from '../field';
import { LeadFormFrame } from './lead-form-frame';
import { useLeadForm } from './use-lead-form';

/** A provider asks for the free dashboard. */
export function ProvidersContactForm() {
  const lead = useLeadForm('providers_contact');
  const { field } = lead;
  return (
    <LeadFormFrame
      lead={lead}
      label="Get your free provider dashboard"
      submitLabel="Get started for free"
      note="We e-mail you an invitation to set up your practice. No licence or card needed."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" {...field('firstName')} autoComplete="given-name" />
        <Field label="Last name" {...field('lastName')} autoComplete="family-name" />
      </div>
      <Field label="Email" {...field('email')} type="email" autoComplete="email" />
    </LeadFormFrame>
  );
}
