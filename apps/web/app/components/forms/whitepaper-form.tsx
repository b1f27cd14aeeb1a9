import { Field } from '../field';
import { LeadFormFrame } from './lead-form-frame';
import { text, useLeadForm } from './use-lead-form';

/** Ask for the whitepaper by e-mail. */
export function WhitepaperForm() {
  const { errors, serverError, pending, onSubmit } = useLeadForm({
    kind: 'whitepaper',
    read: (data) => ({
      firstName: text(data, 'firstName'),
      lastName: text(data, 'lastName'),
      email: text(data, 'email'),
      company: text(data, 'company'),
    }),
  });
  return (
    <LeadFormFrame label="Get the whitepaper" submitLabel="Send me the whitepaper" pending={pending} serverError={serverError} onSubmit={onSubmit}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" name="firstName" autoComplete="given-name" error={errors.firstName} />
        <Field label="Last name" name="lastName" autoComplete="family-name" error={errors.lastName} />
      </div>
      <Field label="Work email" name="email" type="email" autoComplete="email" error={errors.email} />
      <Field label="Company" name="company" autoComplete="organization" error={errors.company} />
    </LeadFormFrame>
  );
}
