import { Link, redirect } from 'react-router';
import { usStates } from '@shop/core';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { serverApi } from '../../lib/api';
import { isUnauthenticated } from '../../lib/errors';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { profileAction } from './profile.server';
import type { Route } from './+types/profile';

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return await serverApi(request, context).getProfile();
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect('/sign-in?next=/account/profile');
    throw error;
  }
}

/** The form is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return profileAction(args);
}

export const meta = () => [{ title: 'Medical profile | Base' }];

const selectClass = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base';
const areaClass = `${selectClass} min-h-24`;

export default function AccountProfile({ loaderData }: Route.ComponentProps) {
  const saved = loaderData.profile;
  const suggested: Partial<Record<keyof NonNullable<typeof saved>, string>> = loaderData.suggested;
  const { fetcher, formRef, answer, errors, pending, values } = useActionForm<FormAnswer>();
  // what was typed when the page came back refused without its script, else what is saved, else
  // what the quiz and the kit's delivery already told us (nothing is asked twice)
  const shown = (name: keyof NonNullable<typeof saved>) => values[name] ?? saved?.[name] ?? suggested[name];
  const prefilled = !saved && Object.keys(suggested).length > 0;

  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-extrabold">Medical profile</h1>
      <p className="mt-2 text-muted">
        About the person being tested. A clinician reads it before approving the lab order; we process your order once it is filled in.
      </p>
      {prefilled ? (
        <p className="mt-2 text-muted" id="profile-prefilled">
          We filled in what your quiz and your delivery details already told us. Please check it before you save.
        </p>
      ) : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-8 grid gap-5 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2"
        aria-label="Medical profile"
      >
        <Field
          className="sm:col-span-2"
          label="Full name"
          name="fullName"
          autoComplete="name"
          defaultValue={shown('fullName')}
          error={errors.fullName}
        />
        <Field
          label="Date of birth"
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          defaultValue={shown('dateOfBirth')}
          error={errors.dateOfBirth}
        />
        <div>
          <label htmlFor="sex" className="block text-sm font-semibold">
            Sex at birth
          </label>
          <select
            id="sex"
            name="sex"
            autoComplete="sex"
            defaultValue={shown('sex') ?? ''}
            className={selectClass}
            aria-invalid={errors.sex ? true : undefined}
          >
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
          <select
            id="state"
            name="state"
            autoComplete="address-level1"
            defaultValue={shown('state') ?? ''}
            className={selectClass}
            aria-invalid={errors.state ? true : undefined}
          >
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
          <textarea id="conditions" name="conditions" defaultValue={shown('conditions')} className={areaClass} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="medications" className="block text-sm font-semibold">
            Medications and supplements (optional)
          </label>
          <textarea id="medications" name="medications" defaultValue={shown('medications')} className={areaClass} />
        </div>
        {answer?.message ? (
          <div className="sm:col-span-2">
            <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert>
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
      </fetcher.Form>
    </section>
  );
}
