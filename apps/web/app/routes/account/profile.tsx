import { useState, type FormEvent } from 'react';
import { Link, redirect } from 'react-router';
import { medicalProfileSchema, usStates } from '@shop/core';
import { Alert } from '../../components/alert';
import { fieldErrors } from '../../lib/field-errors';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { browserApi, serverApi } from '../../lib/api';
import { isUnauthenticated, messageOf } from '../../lib/errors';
import type { Route } from './+types/profile';

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return await serverApi(request, context).getProfile();
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect('/sign-in?next=/account/profile');
    throw error;
  }
}

export const meta = () => [{ title: 'Medical profile | Base' }];

const selectClass = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base';
const areaClass = `${selectClass} min-h-24`;

export default function AccountProfile({ loaderData }: Route.ComponentProps) {
  const saved = loaderData.profile;
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string }>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(undefined);
    const parsed = medicalProfileSchema().safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      return setErrors(next);
    }
    setErrors({});
    setPending(true);
    try {
      const { released } = await browserApi().saveProfile(parsed.data);
      setOutcome({
        tone: 'info',
        text: released > 0 ? 'Saved. Your order now goes to a clinician for approval.' : 'Your medical profile is saved.',
      });
    } catch (failure) {
      setOutcome({ tone: 'error', text: messageOf(failure) });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-extrabold">Medical profile</h1>
      <p className="mt-2 text-muted">
        About the person being tested. A clinician reads it before approving the lab order; we process your order once it is filled in.
      </p>
      <form method="post" noValidate onSubmit={submit} className="mt-8 grid gap-5 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2" aria-label="Medical profile">
        <Field className="sm:col-span-2" label="Full name" name="fullName" autoComplete="name" defaultValue={saved?.fullName} error={errors.fullName} />
        <Field label="Date of birth" name="dateOfBirth" type="date" defaultValue={saved?.dateOfBirth} error={errors.dateOfBirth} />
        <div>
          <label htmlFor="sex" className="block text-sm font-semibold">
            Sex at birth
          </label>
          <select id="sex" name="sex" defaultValue={saved?.sex ?? ''} className={selectClass} aria-invalid={errors.sex ? true : undefined}>
            <option value="" disabled>
              Choose…
            </option>
            <option value="female">Female</option>
            <option value="male">Male</option>
            <option value="other">Other / prefer not to say</option>
          </select>
          {errors.sex ? <p className="mt-1 text-sm font-medium text-danger">{errors.sex}</p> : null}
        </div>
        <div>
          <label htmlFor="state" className="block text-sm font-semibold">
            State
          </label>
          <select id="state" name="state" defaultValue={saved?.state ?? ''} className={selectClass} aria-invalid={errors.state ? true : undefined}>
            <option value="" disabled>
              Choose…
            </option>
            {usStates.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
          {errors.state ? <p className="mt-1 text-sm font-medium text-danger">{errors.state}</p> : null}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="conditions" className="block text-sm font-semibold">
            Health conditions (optional)
          </label>
          <textarea id="conditions" name="conditions" defaultValue={saved?.conditions} className={areaClass} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="medications" className="block text-sm font-semibold">
            Medications and supplements (optional)
          </label>
          <textarea id="medications" name="medications" defaultValue={saved?.medications} className={areaClass} />
        </div>
        {outcome ? (
          <div className="sm:col-span-2">
            <Alert tone={outcome.tone}>{outcome.text}</Alert>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <Button type="submit" pending={pending} pendingLabel="Saving…">
            Save my profile
          </Button>
          <Link to="/account" className="font-semibold text-brand underline">
            Back to my account
          </Link>
        </div>
      </form>
    </section>
  );
}
