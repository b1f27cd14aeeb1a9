import { Field } from '../field';
import { LeadFormFrame } from './lead-form-frame';
import { text, useLeadForm } from './use-lead-form';

/** A provider asks for the free dashboard. */
export function ProvidersContactForm() {
  const { errors, serverError, pending, onSubmit } = useLeadForm({
    kind: 'providers_contact',
    read: (data) => ({ firstName: text(data, 'firstName'), lastName: text(data, 'lastName'), email: text(data, 'email') }),
  });
  return (
    <LeadFormFrame
      label="Get your free provider dashboard"
      submitLabel="Get started for free"
      pending={pending}
      serverError={serverError}
      onSubmit={onSubmit}
      note="We e-mail you an invitation to set up your practice. No licence or card needed."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" name="firstName" autoComplete="given-name" error={errors.firstName} />
        <Field label="Last name" name="lastName" autoComplete="family-name" error={errors.lastName} />
      </div>
      <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
    </LeadFormFrame>
  );
}
