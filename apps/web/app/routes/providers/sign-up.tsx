import { clinicTypeLabels, clinicTypes, usStates } from '@shop/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { NewPasswordField } from '../../components/account/new-password-field';
import { Field } from '../../components/field';
import { LabelledSelect } from '../../components/providers/labelled-select';
import { useActionForm, type FormRefusal } from '../../lib/form-answer';
import { pageMeta } from '../../lib/seo';
import { signUpAction, type SignUpOutcome } from './sign-up.server';
import type { Route } from './+types/sign-up';

export function action(args: Route.ActionArgs) {
  return signUpAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Sign up free — no licence needed',
    description: 'Set up your clinic’s free dashboard to order lab tests for your clients.',
    path: '/providers/sign-up',
  });

const typeOptions = clinicTypes.map((type) => [type, clinicTypeLabels[type]] as const);
const stateOptions = usStates.map((state) => [state, state] as const);

type Answer = FormRefusal | SignUpOutcome;

/**
 * The message that replaces the form takes the focus, which the form's button had (WCAG 2.4.3),
 * and is read out as it takes it (WCAG 4.1.3): a status, not a live region around it, so once.
 */
function useFocusOnShow() {
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => message.current?.focus(), []);
  return message;
}

/** The offer to join the clinic the sign-up matched: the form's answers go again, with the password typed once more. */
function JoinOffer({ outcome }: { outcome: SignUpOutcome }) {
  const join = useActionForm<Answer>();
  const message = useFocusOnShow();
  const sent = join.answer?.ok && join.answer.outcome === 'join_requested' ? join.answer : null;
  if (sent) return <JoinRequested clinicName={sent.clinicName} />;
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <div ref={message} tabIndex={-1} role="status">
        <h1 className="text-3xl font-extrabold">{outcome.clinicName} already has a dashboard</h1>
        <p className="mt-3 text-muted">
          Your e-mail address or your clinic’s name matches {outcome.clinicName}, which already uses Base. Rather than a second clinic, ask
          its admins to let you join: you will see its clients and team once an admin approves.
        </p>
      </div>
      <join.fetcher.Form ref={join.formRef} method="post" noValidate className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm">
        {Object.entries(outcome.values).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="requestToJoin" value="yes" />
        <Field label="Your password, once more" name="password" type="password" autoComplete="new-password" error={join.errors.password} />
        <div aria-live="polite" className="empty:hidden">
          {join.answer && !join.answer.ok && join.answer.message ? <Alert tone="error">{join.answer.message}</Alert> : null}
        </div>
        <Button type="submit" className="w-full" pending={join.pending} pendingLabel="Sending your request…">
          Ask to join {outcome.clinicName}
        </Button>
      </join.fetcher.Form>
      <p className="mt-6 text-sm text-muted">
        Not your clinic?{' '}
        <Link to="/contact" className="font-semibold text-brand underline">
          Send us a message
        </Link>{' '}
        and we sort it out.
      </p>
    </section>
  );
}

function JoinRequested({ clinicName }: { clinicName: string }) {
  const message = useFocusOnShow();
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-extrabold">Your request to join {clinicName} is sent</h1>
      <div className="mt-6">
        <Alert ref={message} tone="info">
          {clinicName}’s admins see your request in their dashboard. Once one of them approves it, sign in with your e-mail address and
          password to reach the dashboard.
        </Alert>
      </div>
      <Link to="/providers/home" className="btn btn-secondary mt-8">
        Back to the provider overview
      </Link>
    </section>
  );
}

export default function ProviderSignUp() {
  const { fetcher, formRef, answer, errors, pending, values } = useActionForm<Answer>();
  if (answer?.ok && answer.outcome === 'match') return <JoinOffer outcome={answer} />;
  if (answer?.ok && answer.outcome === 'join_requested') return <JoinRequested clinicName={answer.clinicName} />;
  const refusal = answer && !answer.ok ? answer : undefined;
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">For providers and clinics</p>
      <h1 className="mt-2 text-3xl font-extrabold md:text-4xl">Sign up free — no licence needed</h1>
      <p className="mt-3 text-muted">
        Your clinic and its first admin in one form. Then invite your team, add your clients and order their tests from the dashboard.
        Already have an account?{' '}
        <Link to={`/sign-in?next=${encodeURIComponent('/providers/dashboard')}`} className="font-semibold text-brand underline">
          Sign in
        </Link>
        .
      </p>
      <fetcher.Form ref={formRef} method="post" noValidate className="mt-8 space-y-8 rounded-2xl bg-white p-6 shadow-sm">
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold">Your clinic</legend>
          <Field
            label="Clinic name"
            name="clinicName"
            autoComplete="organization"
            defaultValue={values.clinicName}
            error={errors.clinicName}
          />
          <LabelledSelect
            label="Type of clinic"
            name="clinicType"
            placeholder="Choose a type"
            options={typeOptions}
            defaultValue={values.clinicType}
            error={errors.clinicType}
          />
          <Field
            label="Street address"
            name="addressLine1"
            autoComplete="address-line1"
            defaultValue={values.addressLine1}
            error={errors.addressLine1}
            className="sm:col-span-2"
          />
          <Field
            label="Suite, floor (optional)"
            name="addressLine2"
            autoComplete="address-line2"
            defaultValue={values.addressLine2}
            error={errors.addressLine2}
            className="sm:col-span-2"
          />
          <Field label="City" name="city" autoComplete="address-level2" defaultValue={values.city} error={errors.city} />
          <div className="grid grid-cols-2 gap-4">
            <LabelledSelect
              label="State"
              name="state"
              placeholder="State"
              options={stateOptions}
              defaultValue={values.state}
              error={errors.state}
              autoComplete="address-level1"
            />
            <Field
              label="ZIP code"
              name="postalCode"
              inputMode="numeric"
              autoComplete="postal-code"
              defaultValue={values.postalCode}
              error={errors.postalCode}
            />
          </div>
          <Field
            label="NPI (optional)"
            name="npi"
            inputMode="numeric"
            defaultValue={values.npi}
            error={errors.npi}
            hint="The 10-digit National Provider Identifier, if your clinic has one. No licence is needed to order."
            className="sm:col-span-2"
          />
        </fieldset>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold">You, the clinic’s first admin</legend>
          <Field label="Full name" name="name" autoComplete="name" defaultValue={values.name} error={errors.name} />
          <Field
            label="Work e-mail address"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={values.email}
            error={errors.email}
          />
          <NewPasswordField error={errors.password} className="sm:col-span-2" />
        </fieldset>
        <div aria-live="polite" className="empty:hidden">
          {refusal?.message ? <Alert tone="error">{refusal.message}</Alert> : null}
        </div>
        <Button type="submit" className="w-full sm:w-auto" pending={pending} pendingLabel="Creating your dashboard…">
          Create my free dashboard
        </Button>
      </fetcher.Form>
    </section>
  );
}
