import { formatEastern, NUTRITIONAL_PLAN_REVIEW_HOURS, outsideResultWords } from '@shop/core';
import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

// Neither e-mail carries the plan or anything of the labs: the member reads them signed in.

export function labReportReceivedEmail(input: { to: string; dueAt: Date; pageUrl: string }): EmailMessage {
  return layout(
    'lab-report-received',
    input.to,
    'We have your lab report',
    [
      'Thank you: your lab report is with our nutritionists.',
      `One of them reviews it within ${NUTRITIONAL_PLAN_REVIEW_HOURS} hours, by ${formatEastern(input.dueAt)}, and we e-mail you as soon as your plan is ready.`,
      'You can add another page of the report in your account until then.',
    ],
    { label: 'See your nutritional plan', url: input.pageUrl },
  );
}

export function labPlanReadyEmail(input: { to: string; pageUrl: string }): EmailMessage {
  return layout(
    'lab-plan-ready',
    input.to,
    'Your nutritional plan is ready',
    [
      'A nutritionist has read your lab report and written your plan: what your results say, the foods to eat more and less of, meal ideas and a shopping list.',
      'Read it in your account, and download it as a PDF to print or keep.',
    ],
    { label: 'Read your plan', url: input.pageUrl },
  );
}

/** The values of a report from another lab are in the health record: the e-mail says so, and names neither the lab nor a value. */
export function outsideResultsEnteredEmail(input: { to: string; pageUrl: string }): EmailMessage {
  return layout(
    'outside-results-entered',
    input.to,
    outsideResultWords.emailSubject,
    [
      'We have entered the values of the lab report you uploaded.',
      'They are in your health record now, beside your results from Base, each marked “Outside result” with its lab.',
    ],
    { label: 'See your health record', url: input.pageUrl },
  );
}
