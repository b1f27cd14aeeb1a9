import { labFileAccept, labPlanSections, LAB_UPLOAD_MAX_MB, NUTRITIONAL_PLAN_REVIEW_HOURS } from '@shop/core';
import type { NutritionalPlan } from '@shop/client';
import { Link, redirect } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { serverApi } from '../../lib/api';
import { isUnauthenticated } from '../../lib/errors';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { UPLOAD_LAB_FORM } from './nutritional-plan-forms';
import { nutritionalPlanAction } from './nutritional-plan.server';
import type { Route } from './+types/nutritional-plan';
import { webEnv } from '../../lib/web-env';

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const api = serverApi(request, context);
    const { plans } = await api.nutritionalPlans();
    const publicApi = webEnv().publicApiBaseUrl;
    return { plans: plans.map((plan) => ({ ...plan, pdfUrl: api.nutritionalPlanPdfPath(plan.orderId, publicApi) })) };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect('/sign-in?next=/account/nutritional-plan');
    throw error;
  }
}

/** A file of the lab report is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return nutritionalPlanAction(args);
}

export const meta = () => [{ title: 'Your nutritional plan | Base' }];

type Plan = NutritionalPlan & { pdfUrl: string };

export default function NutritionalPlanPage({ loaderData }: Route.ComponentProps) {
  const { plans } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <p className="print:hidden">
        <Link to="/account" className="font-semibold text-brand underline">
          My account
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-extrabold">Your nutritional plan</h1>
      {plans.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
          <p>You have no nutritional plan yet.</p>
          <p className="mt-2 text-muted">
            Send us the lab results you already have and a nutritionist turns them into a plan within {NUTRITIONAL_PLAN_REVIEW_HOURS} hours.
          </p>
          <Link to="/nutritional-plan" className="mt-4 inline-block font-semibold text-brand underline">
            About the nutritional plan
          </Link>
        </div>
      ) : (
        plans.map((plan) => <PlanCard key={plan.orderId} plan={plan} several={plans.length > 1} />)
      )}
    </section>
  );
}

function PlanCard({ plan, several }: { plan: Plan; several: boolean }) {
  return (
    <article
      aria-label={`Nutritional plan of order #${plan.orderNumber}`}
      className="mt-6 rounded-2xl bg-white p-6 shadow-sm print:shadow-none"
    >
      {several ? <p className="text-sm font-semibold text-muted">Order #{plan.orderNumber}</p> : null}
      {plan.status === 'delivered' && plan.plan ? (
        <WrittenPlan plan={plan.plan} pdfUrl={plan.pdfUrl} />
      ) : (
        <>
          {plan.status === 'in_review' ? (
            <>
              <h2 className="text-xl font-bold">Your lab report is with our nutritionists</h2>
              <p className="mt-2">
                Your plan is due by <strong>{plan.dueText}</strong> (US Eastern time). We e-mail you as soon as it is ready.
              </p>
            </>
          ) : (
            <>
              <h2 className="text-xl font-bold">Upload your lab report</h2>
              <p className="mt-2">
                A recent blood test report from any lab, as a PDF or a clear photo. A nutritionist reviews it within{' '}
                {NUTRITIONAL_PLAN_REVIEW_HOURS} hours of your upload.
              </p>
            </>
          )}
          {plan.files.length > 0 ? (
            <>
              <h3 className="mt-5 font-semibold">What you sent</h3>
              <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
                {plan.files.map((file) => (
                  <li key={file.id}>{file.label}</li>
                ))}
              </ul>
            </>
          ) : null}
          {plan.files.length < plan.maxFiles ? (
            <UploadForm orderId={plan.orderId} adding={plan.files.length > 0} maxFiles={plan.maxFiles} />
          ) : null}
        </>
      )}
    </article>
  );
}

function UploadForm({ orderId, adding, maxFiles }: { orderId: string; adding: boolean; maxFiles: number }) {
  const { fetcher, formRef, answer, errors, pending } = useActionForm<FormAnswer>(UPLOAD_LAB_FORM);
  const error = errors.file;
  const inputId = `lab-file-${orderId}`;
  return (
    <fetcher.Form ref={formRef} method="post" encType="multipart/form-data" className="mt-5 border-t border-slate-200 pt-5">
      <input type="hidden" name="_form" value={UPLOAD_LAB_FORM} />
      <input type="hidden" name="orderId" value={orderId} />
      <label htmlFor={inputId} className="block font-semibold">
        {adding ? 'Add another page' : 'Your lab report'}
      </label>
      <p id={`${inputId}-hint`} className="text-sm text-muted">
        PDF, JPEG or PNG, up to {LAB_UPLOAD_MAX_MB} MB. A report of several pages? Upload a photo of each, up to {maxFiles} files.
      </p>
      <input
        id={inputId}
        type="file"
        name="file"
        required
        accept={labFileAccept}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error ${inputId}-hint` : `${inputId}-hint`}
        className="mt-2 block w-full text-sm file:mr-4 file:rounded-full file:border-0 file:bg-brand-soft file:px-4 file:py-2 file:font-semibold file:text-brand-dark"
      />
      {error ? (
        <p id={`${inputId}-error`} className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <div aria-live="polite" className="empty:hidden">
        {answer && !answer.ok && !error && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
      </div>
      <Button type="submit" className="mt-4" pending={pending} pendingLabel="Uploading…">
        {adding ? 'Upload this page' : 'Upload my lab report'}
      </Button>
    </fetcher.Form>
  );
}

function WrittenPlan({ plan, pdfUrl }: { plan: NonNullable<NutritionalPlan['plan']>; pdfUrl: string }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">Your plan is ready</h2>
        <a href={pdfUrl} className="font-semibold text-brand underline print:hidden">
          Download the PDF
        </a>
      </div>
      <h3 className="mt-5 text-lg font-bold">What your results say</h3>
      {plan.summary.split(/\n+/).map((paragraph, index) => (
        <p key={index} className="mt-2">
          {paragraph}
        </p>
      ))}
      {labPlanSections.map((section) =>
        plan[section.key].length > 0 ? (
          <section key={section.key} aria-labelledby={`plan-${section.key}`} className="mt-5">
            <h3 id={`plan-${section.key}`} className="text-lg font-bold">
              {section.title}
            </h3>
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {plan[section.key].map((item, index) => (
                <li key={index}>{item}</li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
      <p className="mt-6 text-sm text-muted">This plan is nutrition advice from your lab results, not a diagnosis or treatment.</p>
    </>
  );
}
