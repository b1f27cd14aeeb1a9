import { data, type ActionFunctionArgs } from 'react-router';
import type { FormAnswer } from '../../lib/form-answer';
import { actionApi, formText, refusedBy } from '../../lib/form.server';

export const JOB_MOVE_FAILED = 'The job could not be changed. Please try again.';

/** An answer of the jobs page: which row's buttons it answers (a job's, an order's or a delivery's id). */
export type JobAnswer = FormAnswer & { jobId: string };

/**
 * The jobs page's action: a failed job is queued again or set aside, or a stuck charge is tried
 * again, as its button says; the API checks the operator's role and that the job is still failed
 * (the charge still not taken), and audits the move.
 */
export async function jobAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const jobId = formText(form, 'jobId');
  const move = formText(form, 'move');
  const { api, cookies } = actionApi(request, context);
  try {
    if (move === 'retry') {
      const job = await api.adminRetryJob(jobId);
      return data<JobAnswer>(
        { ok: true, jobId, message: `The ${job.name} job is queued again for one more attempt.` },
        { headers: cookies },
      );
    }
    if (move === 'retry-program') {
      const retried = await api.adminRetryProgramBilling(jobId);
      return data<JobAnswer>({ ok: true, jobId, message: retried.message }, { headers: cookies });
    }
    if (move === 'retry-renewal') {
      const retried = await api.adminRetryRenewal(jobId);
      return data<JobAnswer>({ ok: true, jobId, message: retried.message }, { headers: cookies });
    }
    if (move === 'discard') {
      const job = await api.adminDiscardJob(jobId);
      return data<JobAnswer>({ ok: true, jobId, message: `The ${job.name} job is set aside.` }, { headers: cookies });
    }
    return data<JobAnswer>({ ok: false, jobId, message: JOB_MOVE_FAILED, errors: {}, values: {} }, { status: 400, headers: cookies });
  } catch (error) {
    return data<JobAnswer>({ ...refusedBy(error, JOB_MOVE_FAILED, form), jobId }, { status: 400, headers: cookies });
  }
}
