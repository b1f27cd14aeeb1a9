import { Form } from 'react-router';
import { b2bGoalNames, eligibilityMethodLabels, eligibilityMethods, type B2bGoalName } from '@shop/core';
import type { AdminEmployerGroup } from '@shop/client';
import { buttonClasses } from '../../components/button';
import { Alert } from '../../components/alert';
import { GROUP_FORM } from './employers-forms';

const goalTitles: Record<B2bGoalName, string> = {
  'preventative-health': 'Preventative Health',
  fatigue: 'Fatigue',
  'mental-health': 'Mental Health',
};
const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal';
const dollars = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : (cents / 100).toFixed(2));

/** An employer group's settings, for a new group or one to change; typed values come back with a refusal. */
export function EmployerGroupForm({
  group,
  errors,
  message,
  ok,
  pending,
  submitLabel,
  demoRequestId,
}: {
  group: Partial<AdminEmployerGroup> | undefined;
  errors: Record<string, string>;
  message: string | undefined;
  ok: boolean;
  pending: boolean;
  submitLabel: string;
  /** the won demo request a new group is made from */
  demoRequestId?: string;
}) {
  const year = new Date().getUTCFullYear();
  const error = (name: string) =>
    errors[name] ? (
      <p id={`group-${name}-error`} className="mt-1 text-sm font-medium text-danger">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `group-${name}-error` } : {});
  const partial = group?.coverCents !== null && group?.coverCents !== undefined;
  return (
    <Form
      method="post"
      className="group mt-6 grid gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
      aria-label="Employer group"
    >
      <input type="hidden" name="_form" value={GROUP_FORM} />
      {demoRequestId ? <input type="hidden" name="demoRequest" value={demoRequestId} /> : null}
      <label className="flex flex-col text-sm font-semibold">
        Address (/b2b/…)
        <input name="slug" required defaultValue={group?.slug} className={input} {...described('slug')} />
        {error('slug')}
      </label>
      <label className="flex flex-col text-sm font-semibold">
        Name employees know
        <input name="name" required defaultValue={group?.name} className={input} {...described('name')} />
        {error('name')}
      </label>
      <label className="flex flex-col text-sm font-semibold">
        Logo text
        <input name="logoText" required maxLength={40} defaultValue={group?.logoText} className={input} {...described('logoText')} />
        {error('logoText')}
      </label>
      <fieldset className="text-sm font-semibold">
        <legend>Goals offered</legend>
        {b2bGoalNames.map((goal) => (
          <label key={goal} className="mt-2 flex items-center gap-2 font-normal">
            <input type="checkbox" name="goals" value={goal} defaultChecked={group?.goals ? group.goals.includes(goal) : true} />
            {goalTitles[goal]}
          </label>
        ))}
        {error('goals')}
      </fieldset>
      <fieldset className="text-sm font-semibold">
        <legend>Cover of one starter test per employee and plan year</legend>
        <label className="mt-2 flex items-center gap-2 font-normal">
          <input type="radio" name="cover" value="full" defaultChecked={!partial} /> All of it
        </label>
        <label className="mt-2 flex items-center gap-2 font-normal">
          <input type="radio" name="cover" value="partial" defaultChecked={partial} /> Up to an amount
        </label>
        <label className="mt-2 flex flex-col font-normal">
          Amount in dollars (for “up to an amount”)
          <input
            name="coverDollars"
            inputMode="decimal"
            defaultValue={dollars(group?.coverCents)}
            className={input}
            {...described('coverCents')}
          />
        </label>
        {error('coverCents')}
        <label className="mt-2 flex items-center gap-2 font-normal">
          <input type="checkbox" name="includesProgram" defaultChecked={group?.includesProgram ?? false} /> Also the Improvement Program
        </label>
      </fieldset>
      <fieldset className="text-sm font-semibold">
        <legend>Eligibility</legend>
        {eligibilityMethods.map((method) => (
          <label key={method} className="mt-2 flex items-center gap-2 font-normal">
            <input type="radio" name="eligibility" value={method} defaultChecked={(group?.eligibility ?? 'census') === method} />
            {eligibilityMethodLabels[method]}
          </label>
        ))}
        {error('eligibility')}
        <label className="mt-2 flex flex-col font-normal">
          Work e-mail domains (for “work e-mail”; e.g. acme.com, one per line)
          <textarea
            name="emailDomains"
            rows={2}
            defaultValue={group?.emailDomains?.join('\n')}
            className={input}
            {...described('emailDomains')}
          />
        </label>
        {error('emailDomains')}
      </fieldset>
      <label className="flex flex-col text-sm font-semibold">
        Plan year starts
        <input name="planYearStart" type="date" required defaultValue={group?.planYearStart ?? `${year}-01-01`} className={input} />
        {error('planYearStart')}
      </label>
      <label className="flex flex-col text-sm font-semibold">
        Plan year ends
        <input
          name="planYearEnd"
          type="date"
          required
          defaultValue={group?.planYearEnd ?? `${year}-12-31`}
          className={input}
          {...described('planYearEnd')}
        />
        {error('planYearEnd')}
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col text-sm font-semibold">
          Cap: employees (optional)
          <input
            name="capEmployees"
            type="number"
            min={1}
            defaultValue={group?.capEmployees ?? ''}
            className={input}
            {...described('capEmployees')}
          />
          {error('capEmployees')}
        </label>
        <label className="flex flex-col text-sm font-semibold">
          Cap: total spend in dollars (optional)
          <input
            name="capSpendDollars"
            inputMode="decimal"
            defaultValue={dollars(group?.capSpendCents)}
            className={input}
            {...described('capSpendCents')}
          />
          {error('capSpendCents')}
        </label>
      </div>
      <div className="flex items-end sm:col-span-2 lg:col-span-3">
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonClasses({ size: 'medium' })}>
          {pending ? 'Saving…' : submitLabel}
        </button>
      </div>
      <div aria-live="polite" className="sm:col-span-2 lg:col-span-3">
        {message ? <Alert tone={ok ? 'info' : 'error'}>{message}</Alert> : null}
      </div>
    </Form>
  );
}
