import { Field } from '../field';
import { RadioGroup } from './choice-fields';
import { LeadFormFrame } from './lead-form-frame';
import { text, useLeadForm } from './use-lead-form';

// the schema wants a yes or a no: with neither picked it says so
function consent(data: FormData): boolean | undefined {
  const value = data.get('consentToBeNamed');
  return value === 'yes' ? true : value === 'no' ? false : undefined;
}

/** Book a demo: the employer (or an employee who wants Base at work) and the benefits contact. */
export function BusinessContactForm() {
  const { errors, serverError, pending, onSubmit } = useLeadForm({
    kind: 'business_contact',
    read: (data) => ({
      firstName: text(data, 'firstName'),
      lastName: text(data, 'lastName'),
      email: text(data, 'email'),
      company: text(data, 'company'),
      benefitsContactName: text(data, 'benefitsContactName'),
      benefitsContactEmail: text(data, 'benefitsContactEmail'),
      // the schema refuses anything but true or false, with its own message
      consentToBeNamed: consent(data) as boolean,
    }),
  });
  return (
    <LeadFormFrame label="Book a demo" submitLabel="Book a demo" pending={pending} serverError={serverError} onSubmit={onSubmit}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" name="firstName" autoComplete="given-name" error={errors.firstName} />
        <Field label="Last name" name="lastName" autoComplete="family-name" error={errors.lastName} />
        <Field label="Work email" name="email" type="email" autoComplete="email" error={errors.email} />
        <Field label="Company" name="company" autoComplete="organization" error={errors.company} />
        <Field
          label="Benefits contact name (optional)"
          name="benefitsContactName"
          hint="Leave empty if that is you."
          error={errors.benefitsContactName}
        />
        <Field
          label="Benefits contact email (optional)"
          name="benefitsContactEmail"
          type="email"
          error={errors.benefitsContactEmail}
        />
      </div>
      <RadioGroup
        legend="May we mention your name when we contact your benefits team?"
        name="consentToBeNamed"
        options={[
          { value: 'yes', label: 'Yes, you may mention me' },
          { value: 'no', label: 'No, keep my name out of it' },
        ]}
        error={errors.consentToBeNamed}
      />
    </LeadFormFrame>
  );
}
