import { data, type ActionFunctionArgs } from 'react-router';
import { ledgerVoidSchema } from '@shop/core';
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
