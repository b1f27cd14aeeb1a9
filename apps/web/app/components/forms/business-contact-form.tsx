import { Field } from '../field';
import { RadioGroup } from './choice-fields';
import { LeadFormFrame } from './lead-form-frame';
import { useLeadForm } from './use-lead-form';

/** Book a demo: the employer (or an employee who wants Base at work) and the benefits contact. */
export function BusinessContactForm() {
  const lead = useLeadForm('business_contact');
  const { field } = lead;
  return (
    <LeadFormFrame lead={lead} label="Book a demo" submitLabel="Book a demo">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" {...field('firstName')} autoComplete="given-name" />
        <Field label="Last name" {...field('lastName')} autoComplete="family-name" />
        <Field label="Work email" {...field('email')} type="email" autoComplete="email" />
        <Field label="Company" {...field('company')} autoComplete="organization" />
        <Field label="Benefits contact name (optional)" {...field('benefitsContactName')} hint="Leave empty if that is you." />
        <Field label="Benefits contact email (optional)" {...field('benefitsContactEmail')} type="email" />
      </div>
      <RadioGroup
        legend="May we mention your name when we contact your benefits team?"
        {...field('consentToBeNamed')}
        options={[
          { value: 'yes', label: 'Yes, you may mention me' },
          { value: 'no', label: 'No, keep my name out of it' },
        ]}
      />
    </LeadFormFrame>
  );
}
