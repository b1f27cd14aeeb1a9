import { Form, Link, useActionData, useNavigation } from 'react-router';
import { b2bGoalNames, employerMessages } from '@shop/core';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { serverApi } from '../../lib/api';
import { notFoundWhen, pageNotFound } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import { eligibilityAction, type EligibilityAnswer } from './b2b-eligibility.server';
import { ELIGIBILITY_FORM, NORMAL_PRICE_FORM } from './b2b-eligibility-forms';
import type { Route } from './+types/b2b-eligibility';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!(b2bGoalNames as readonly string[]).includes(params.goal)) pageNotFound();
  const api = serverApi(request, context);
  const [group, session] = await Promise.all([api.employerGroup(params.b2b).catch(notFoundWhen), api.session().catch(() => null)]);
  const goal = group.goals.find((offered) => offered.slug === params.goal);
  if (!goal) pageNotFound();
  return { group, goal, user: session?.user ? { email: session.user.email } : null };
}

/** The proof of eligibility, and the normal-price purchase of who is not covered, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return eligibilityAction(args);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    matches,
    title: loaderData ? `${loaderData.group.name}: confirm your cover` : 'Confirm your cover',
    description: 'Confirm you are eligible for the lab test your employer covers.',
    path: `/b2b/${params.b2b}/${params.goal}`,
    noIndex: true,
  });

export default function EmployerEligibility({ loaderData }: Route.ComponentProps) {
  const { group, goal, user } = loaderData;
  const answer = useActionData<EligibilityAnswer>();
  const refusal = answer && !answer.ok ? answer : undefined;
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formData?.get('_form') === ELIGIBILITY_FORM;
  const buying = navigation.state !== 'idle' && navigation.formData?.get('_form') === NORMAL_PRICE_FORM;
  const errors = refusal?.errors ?? {};
  const values = refusal?.values ?? {};

  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">
        {group.name} · {goal.title}
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Confirm your cover</h1>
      <p className="mt-3 text-muted">
        {group.cover}: the {goal.starterTest}. {proofHint(group)} Your employer never sees your results.
      </p>
      <Form method="post" noValidate className="mt-8 space-y-6 rounded-2xl bg-white p-6 shadow-sm" aria-label="Confirm your cover">
        <input type="hidden" name="_form" value={ELIGIBILITY_FORM} />
        <input type="hidden" name="method" value={group.eligibility} />
        {user ? (
          <>
            <input type="hidden" name="signedIn" value="yes" />
            <p className="text-sm [overflow-wrap:anywhere]">Signed in as {user.email}. Your covered order will be in this account.</p>
          </>
        ) : (
          <fieldset className="space-y-4">
            <legend className="text-lg font-bold">Your account</legend>
            <p className="text-sm text-muted">A new e-mail creates your account; a known one signs you in.</p>
            <Field label="E-mail" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} />
            <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
          </fieldset>
        )}
        <fieldset className="space-y-4">
          <legend className="text-lg font-bold">Your eligibility</legend>
          {group.eligibility === 'domain' ? (
            <Field
              label="Work e-mail"
              name="workEmail"
              type="email"
              autoComplete="work email"
              hint={`Your address at ${domainsText(group.emailDomains)}. We e-mail it a link that works once.`}
              defaultValue={values.workEmail}
              error={errors.workEmail}
            />
          ) : group.eligibility === 'code' ? (
            <Field
              label="Eligibility code"
              name="code"
              autoComplete="off"
              placeholder="XXXX-XXXX-XXXX-XXXX"
              defaultValue={values.code}
              error={errors.code}
            />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="First name"
                name="firstName"
                autoComplete="given-name"
                defaultValue={values.firstName}
                error={errors.firstName}
              />
              <Field label="Last name" name="lastName" autoComplete="family-name" defaultValue={values.lastName} error={errors.lastName} />
              <Field label="Date of birth" name="dateOfBirth" type="date" defaultValue={values.dateOfBirth} error={errors.dateOfBirth} />
              <Field
                label="Work e-mail or employee ID"
                name="emailOrEmployeeId"
                defaultValue={values.emailOrEmployeeId}
                error={errors.emailOrEmployeeId}
              />
            </div>
          )}
        </fieldset>
        <div aria-live="polite">
          {refusal?.message ? <Alert tone="error">{refusal.message}</Alert> : null}
          {answer?.ok ? <Alert tone="info">{answer.message}</Alert> : null}
        </div>
        <Button type="submit" className="w-full" pending={pending} pendingLabel={group.eligibility === 'domain' ? 'Sending…' : 'Checking…'}>
          {group.eligibility === 'domain' ? 'E-mail me the link' : 'Continue to your covered test'}
        </Button>
      </Form>
      {refusal?.notCovered ? (
        <Form method="post" className="mt-6 rounded-2xl bg-white p-6 shadow-sm" aria-label="Buy at the normal price">
          <input type="hidden" name="_form" value={NORMAL_PRICE_FORM} />
          <p>{employerMessages.normalPrice}</p>
          <Button type="submit" variant="secondary" className="mt-4" pending={buying} pendingLabel="Adding…">
            Buy the {goal.starterTest} at the normal price
          </Button>
        </Form>
      ) : null}
      <p className="mt-6 text-sm">
        <Link to={`/b2b/${group.slug}`} className="font-semibold text-brand underline">
          Choose another goal
        </Link>
      </p>
    </section>
  );
}

const domainsText = (domains: readonly string[]) => domains.map((domain) => `@${domain}`).join(' or ');

/** What the page asks for, by how the group proves eligibility. */
function proofHint(group: { eligibility: string; emailDomains: string[] }): string {
  if (group.eligibility === 'code') return 'Enter the eligibility code your employer gave you.';
  if (group.eligibility === 'domain')
    return `Enter your work e-mail at ${domainsText(group.emailDomains)}: we e-mail you a link to confirm it.`;
  return 'Tell us who you are as your employer’s list of employees has it.';
}
