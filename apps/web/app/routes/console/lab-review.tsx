import { labPlanSections } from '@shop/core';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { loadForStaff } from '../../lib/staff.server';
import { WRITE_PLAN_FORM } from './lab-review-forms';
import { labReviewAction } from './lab-review.server';
import type { Route } from './+types/lab-review';
import { webEnv } from '../../lib/web-env';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadForStaff(request, async () => {
    const api = serverApi(request, context);
    const review = await api.adminLabReview(params.id);
    const publicApi = webEnv().publicApiBaseUrl;
    return { review, fileUrls: review.fileList.map((file) => api.adminLabFilePath(review.id, file.id, publicApi)) };
  });
}

/** The plan is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return labReviewAction(args);
}

export const meta = () => [{ title: 'Lab review | Operator console | Base' }];

const fields = [
  {
    name: 'summary',
    label: 'What the results say',
    hint: 'In plain words, for the member: what is in range, what is not, what it means for how they eat.',
    rows: 6,
  },
  { name: 'eatMore', label: 'Foods to eat more of', hint: 'One per line.', rows: 5 },
  { name: 'eatLess', label: 'Foods to eat less of', hint: 'One per line; may be left empty.', rows: 4 },
  { name: 'meals', label: 'Meal ideas', hint: 'One per line.', rows: 4 },
  { name: 'shopping', label: 'Shopping list', hint: 'One per line.', rows: 5 },
] as const;

export default function LabReview({ loaderData }: Route.ComponentProps) {
  const form = useActionForm<FormAnswer>(WRITE_PLAN_FORM);
  if (loaderData.forbidden) return <StaffOnly />;
  const { review, fileUrls } = loaderData;
  const { errors, values, answer, pending } = form;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-4xl px-4 py-8">
        <p>
          <Link to="/admin/lab-reviews" className="font-semibold text-brand underline">
            All lab reviews
          </Link>
        </p>
        <h1 className="mt-4 text-3xl font-extrabold [overflow-wrap:anywhere]">
          Lab review: order #{review.orderNumber}, {review.memberName}
        </h1>
        <p className="mt-2">
          <span
            className={`inline-block rounded-full px-3 py-1 text-xs font-bold ${review.late ? 'bg-red-100 text-danger' : 'bg-slate-100 text-slate-700'}`}
          >
            {review.clockText}
          </span>
          <span className="ml-3 text-muted">Goal from the quiz: {review.goal ?? 'not given'}</span>
        </p>

        <h2 className="mt-8 text-xl font-bold">Lab report</h2>
        <ul className="mt-3 space-y-2">
          {review.fileList.map((file, index) => (
            <li key={file.id}>
              <a href={fileUrls[index]} target="_blank" rel="noreferrer" className="font-semibold text-brand underline">
                {file.label}
              </a>
            </li>
          ))}
        </ul>

        <div aria-live="polite" className="mt-6 empty:hidden">
          {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
        </div>

        {review.plan ? (
          <section aria-labelledby="sent-plan" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
            <h2 id="sent-plan" className="text-xl font-bold">
              The plan sent{review.reviewerName ? ` by ${review.reviewerName}` : ''}
            </h2>
            <p className="mt-3 whitespace-pre-line">{review.plan.summary}</p>
            {labPlanSections.map((section) =>
              review.plan && review.plan[section.key].length > 0 ? (
                <div key={section.key} className="mt-4">
                  <h3 className="font-semibold">{section.title}</h3>
                  <ul className="mt-1 list-disc pl-6">
                    {review.plan[section.key].map((item, index) => (
                      <li key={index}>{item}</li>
                    ))}
                  </ul>
                </div>
              ) : null,
            )}
          </section>
        ) : (
          <form.fetcher.Form
            ref={form.formRef}
            method="post"
            aria-labelledby="write-plan"
            className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm"
          >
            <h2 id="write-plan" className="text-xl font-bold">
              Write the plan
            </h2>
            <input type="hidden" name="_form" value={WRITE_PLAN_FORM} />
            {fields.map((field) => (
              <div key={field.name}>
                <label htmlFor={`plan-${field.name}`} className="block font-semibold">
                  {field.label}
                </label>
                <p id={`plan-${field.name}-hint`} className="text-sm text-muted">
                  {field.hint}
                </p>
                <textarea
                  id={`plan-${field.name}`}
                  name={field.name}
                  rows={field.rows}
                  defaultValue={values[field.name]}
                  aria-invalid={errors[field.name] ? true : undefined}
                  aria-describedby={`plan-${field.name}-hint${errors[field.name] ? ` plan-${field.name}-error` : ''}`}
                  className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
                />
                {errors[field.name] ? (
                  <p id={`plan-${field.name}-error`} className="mt-1 text-sm font-medium text-danger">
                    {errors[field.name]}
                  </p>
                ) : null}
              </div>
            ))}
            <Button type="submit" pending={pending} pendingLabel="Sending…">
              Send the plan to the member
            </Button>
          </form.fetcher.Form>
        )}
      </section>
    </>
  );
}
