import { enqueueEmail } from '../email/queue.ts';
import { labPlanReadyEmail, labReportReceivedEmail, outsideResultsEnteredEmail } from '../email/lab-review-templates.ts';
import { onEvent } from '../events/bus.ts';
import { HEALTH_RECORD_PAGE } from './outside-service.ts';
import { NUTRITIONAL_PLAN_PAGE } from './service.ts';

/** The member hears their labs arrived, and by when their plan is due; once per review. */
export const tellMemberLabsReceived = (publicUrl: string) =>
  onEvent({
    name: 'lab-review.tell-received',
    on: 'lab_review.submitted',
    mode: 'in-transaction',
    async handle(tx, { payload }) {
      await enqueueEmail(
        tx,
        labReportReceivedEmail({ to: payload.email, dueAt: new Date(payload.dueAt), pageUrl: `${publicUrl}${NUTRITIONAL_PLAN_PAGE}` }),
        `lab-report-received:${payload.reviewId}`,
      );
    },
  });

/** The member hears their plan is written; they read it signed in, the e-mail carries none of it. */
export const tellMemberPlanReady = (publicUrl: string) =>
  onEvent({
    name: 'lab-review.tell-plan-ready',
    on: 'lab_review.delivered',
    mode: 'in-transaction',
    async handle(tx, { payload }) {
      await enqueueEmail(
        tx,
        labPlanReadyEmail({ to: payload.email, pageUrl: `${publicUrl}${NUTRITIONAL_PLAN_PAGE}` }),
        `lab-plan-ready:${payload.reviewId}`,
      );
    },
  });

/** The member hears the values of the report they uploaded are in their health record; once per report. */
export const tellMemberOutsideResultsEntered = (publicUrl: string) =>
  onEvent({
    name: 'outside-results.tell-entered',
    on: 'outside_results.entered',
    mode: 'in-transaction',
    async handle(tx, { payload }) {
      await enqueueEmail(
        tx,
        outsideResultsEnteredEmail({ to: payload.email, pageUrl: `${publicUrl}${HEALTH_RECORD_PAGE}` }),
        `outside-results-entered:${payload.reportId}`,
      );
    },
  });
