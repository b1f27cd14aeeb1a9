import { data, type ActionFunctionArgs } from 'react-router';
import { affiliateApprovalSchema, affiliateDeclineSchema, ledgerVoidSchema } from '@shop/core';
import type { FormAnswer, FormRefusal } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

export const VOID_ENTRY_FAILED = 'The entry could not be voided. Please try again.';

/** An answer of the affiliates page: which ledger entry's form it answers. */
export type VoidEntryAnswer = FormAnswer & { entryId: string };

/**
 * The affiliates page's action: a pending ledger entry is voided with the operator's reason,
 * checked with core's schema and recorded by the API, which checks the operator's role, that the
 * entry is still pending, and writes the audit log.
 */
export async function voidLedgerEntryAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const entryId = formText(form, 'entryId');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<VoidEntryAnswer>({ ...refusal, entryId }, { status: 400, headers: cookies });
  const checked = checkForm(ledgerVoidSchema, { reason: formText(form, 'reason') }, form);
  if ('refusal' in checked) return refuse(checked.refusal);
  try {
    await api.voidLedgerEntry(entryId, checked.data.reason);
    return data<VoidEntryAnswer>({ ok: true, entryId, message: `The entry is voided: ${checked.data.reason}` }, { headers: cookies });
  } catch (error) {
    return refuse(refusedBy(error, VOID_ENTRY_FAILED, form));
  }
}

export const DECIDE_APPLICATION_FAILED = 'The application could not be decided. Please try again.';

/** An answer of the applications' forms: which application, and whether it was approved or declined. */
export type ApplicationAnswer = FormAnswer & { form: 'application'; applicationId: string; intent: 'approve' | 'decline' };

/**
 * An operator's decision on an application, checked with core's schemas and sent to the API, which
 * checks the role, that the application still waits, that the codes are free, and audits it:
 * approve (codes, the landing's words, the commission) or decline (the reason the applicant reads).
 */
export async function decideApplicationAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const applicationId = formText(form, 'applicationId');
  const intent = formText(form, 'intent') === 'decline' ? 'decline' : 'approve';
  const { api, cookies } = actionApi(request, context);
  const answer = (result: FormAnswer, status = 200) =>
    data<ApplicationAnswer>({ ...result, form: 'application', applicationId, intent }, { status, headers: cookies });
  try {
    if (intent === 'decline') {
      const checked = checkForm(affiliateDeclineSchema, { reason: formText(form, 'reason') }, form);
      if ('refusal' in checked) return answer(checked.refusal, 400);
      await api.declineAffiliateApplication(applicationId, checked.data.reason);
      return answer({ ok: true, message: `The application is declined, and the applicant is told why: ${checked.data.reason}` });
    }
    const input = {
      codes: formText(form, 'codes'),
      banner: formText(form, 'banner'),
      heading: formText(form, 'heading'),
      intro: formText(form, 'intro'),
      commissionPercent: formText(form, 'commissionPercent'),
    };
    const checked = checkForm(affiliateApprovalSchema, input, form);
    if ('refusal' in checked) return answer(checked.refusal, 400);
    const approved = await api.approveAffiliateApplication(applicationId, { ...input, commissionPercent: checked.data.commissionPercent });
    return answer({ ok: true, message: `The application is approved with ${approved.codes.join(', ')}. The affiliate is told by e-mail.` });
  } catch (error) {
    return answer(refusedBy(error, DECIDE_APPLICATION_FAILED, form), 400);
  }
}

/** The affiliates page's one action: an application's decision, or a ledger entry's void. */
export async function affiliatesAction(args: ActionFunctionArgs) {
  const intent = formText(await args.request.clone().formData(), 'intent');
  return intent === 'approve' || intent === 'decline' ? decideApplicationAction(args) : voidLedgerEntryAction(args);
}
