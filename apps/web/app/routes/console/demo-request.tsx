import { Form, Link, useActionData, useNavigation } from 'react-router';
import { demoRequestStatusLabels } from '@shop/core';
import { buttonClasses } from '../../components/button';
import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { notFoundWhen } from '../../lib/errors';
import type { FormAnswer } from '../../lib/form-answer';
import { loadForStaff } from '../../lib/staff.server';
import { DemoRequestMoves } from './demo-request-moves';
import { NOTE_FORM } from './demo-requests-forms';
import { demoRequestAction } from './demo-requests.server';
import type { Route } from './+types/demo-request';
import { shopDayTime } from '../../lib/dates';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadForStaff(request, async () => ({
    request: await serverApi(request, context).adminDemoRequest(params.id).catch(notFoundWhen),
  }));
}

/** A move or a note, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return demoRequestAction(args);
}

export const meta = () => [{ title: 'Demo request | Operator console | Base' }];

export default function AdminDemoRequest({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<FormAnswer>();
  const noting = useNavigation().formData?.get('_form') === NOTE_FORM;
  if (loaderData.forbidden) return <StaffOnly />;
  const { request } = loaderData;
  const noteError = answer && !answer.ok ? answer.errors.note : undefined;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-3xl px-4 py-8">
        <p className="text-sm">
          <Link to="/admin/demo-requests" className="font-semibold text-brand underline">
            Demo requests
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-extrabold">{request.company}</h1>
        <p className="mt-1 text-muted">
          {demoRequestStatusLabels[request.status]} · received {shopDayTime(request.createdAt)}
        </p>
        <dl className="mt-6 grid gap-3 rounded-2xl bg-white p-5 text-sm shadow-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold">Contact</dt>
            <dd>
              {request.name}, {request.email}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Benefits contact</dt>
            <dd>{[request.benefitsContactName, request.benefitsContactEmail].filter(Boolean).join(', ') || 'Not given'}</dd>
          </div>
          <div>
            <dt className="font-semibold">May be named in outreach</dt>
            <dd>{request.consentToBeNamed ? 'Yes' : 'No'}</dd>
          </div>
        </dl>

        <div aria-live="polite" className="mt-4">
          {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
        </div>

        <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
          <h2 className="text-lg font-bold">Status</h2>
          {request.status === 'won' ? (
            request.employerGroupId ? (
              <p className="mt-2 text-sm">
                Won.{' '}
                <Link to={`/admin/employers/${request.employerGroupId}`} className="font-semibold text-brand underline">
                  Open its employer group
                </Link>
              </p>
            ) : (
              <p className="mt-2 text-sm">
                Won.{' '}
                <Link to={`/admin/employers?demoRequest=${request.id}`} className="font-semibold text-brand underline">
                  Create the employer group
                </Link>{' '}
                with the name {request.suggestedGroup.name} and the address /b2b/{request.suggestedGroup.slug}, then complete the rest.
              </p>
            )
          ) : (
            <div className="mt-2">
              <DemoRequestMoves id={request.id} status={request.status} withNote />
            </div>
          )}
        </div>

        <Form method="post" className="mt-6 rounded-2xl bg-white p-5 shadow-sm" aria-label="Add a note">
          <input type="hidden" name="_form" value={NOTE_FORM} />
          <label className="flex flex-col text-sm font-semibold">
            Note
            <textarea
              name="note"
              rows={3}
              maxLength={2000}
              className="mt-1 rounded-lg border border-slate-300 px-3 py-2 font-normal"
              {...(noteError ? { 'aria-invalid': true, 'aria-describedby': 'note-error' } : {})}
            />
          </label>
          {noteError ? (
            <p id="note-error" className="mt-1 text-sm font-medium text-danger">
              {noteError}
            </p>
          ) : null}
          <button type="submit" disabled={noting} className={`mt-3 ${buttonClasses({ size: 'medium' })}`}>
            {noting ? 'Adding…' : 'Add the note'}
          </button>
        </Form>

        <h2 className="mt-8 text-lg font-bold">History</h2>
        {request.activity.length === 0 ? <p className="mt-2 text-sm text-muted">Nothing done yet.</p> : null}
        <ol className="mt-2 space-y-3">
          {request.activity.map((entry, index) => (
            <li key={index} className="rounded-xl bg-white p-4 text-sm shadow-sm">
              <p className="text-muted">
                {shopDayTime(entry.at)} · {entry.by}
              </p>
              {entry.toStatus ? (
                <p className="font-semibold">
                  {entry.fromStatus ? `${demoRequestStatusLabels[entry.fromStatus]} → ` : ''}
                  {demoRequestStatusLabels[entry.toStatus]}
                </p>
              ) : null}
              {entry.note ? <p className="mt-1 whitespace-pre-line">{entry.note}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
