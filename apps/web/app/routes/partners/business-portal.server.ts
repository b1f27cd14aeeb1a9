import { data, type ActionFunctionArgs } from 'react-router';
import { censusUploadSchema, codeBatchSchema, employerAdminInviteSchema } from '@shop/core';
import { isApiError, type BusinessCensusRefusal, type CensusUploadAnswer } from '@shop/client';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import type { PageContext } from '../../lib/load-context';
import { ADMINS_FORM, CENSUS_FORM, CODES_FORM } from './business-portal-forms';
import { launchActions, type LaunchSuccess } from './business-portal-launch.server';

export const PORTAL_FAILED = 'This could not be done. Please try again.';

/** A refused census line: core's reason, and the line as the file had it, to show at its row. */
export interface CensusRowProblem {
  line: number | null;
  text: string | null;
  message: string;
}

/** What the portal's forms answer: a census checked or uploaded (or refused by line), a batch of codes shown once. */
export type PortalAnswer =
  | (FormRefusal & { form?: string; csv?: string; problems?: CensusRowProblem[] })
  | (FormSuccess & { form: typeof CENSUS_FORM; census: CensusUploadAnswer; csv: string })
  | (FormSuccess & { form: typeof CODES_FORM; codes: string[]; batch: number })
  | (FormSuccess & { form: typeof ADMINS_FORM })
  | LaunchSuccess;

/** The census sent: a chosen file wins over the pasted text, so the file's own lines are checked. */
async function censusText(form: FormData): Promise<string> {
  const file = form.get('file');
  if (file instanceof File && file.size > 0) return file.text();
  return formText(form, 'csv');
}

function problemsAt(csv: string, refusal: BusinessCensusRefusal): CensusRowProblem[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  return refusal.problems.map((problem) => ({
    line: problem.line,
    text: problem.line === null ? null : (lines[problem.line - 1] ?? null),
    message: problem.message,
  }));
}

async function censusAction(form: FormData, request: Request, context: PageContext) {
  const csv = await censusText(form);
  // "Check" is the dry run; only "Upload" makes a new version
  const dryRun = formText(form, 'intent') !== 'upload';
  const checked = checkForm(censusUploadSchema, { csv, dryRun }, form);
  if ('refusal' in checked) return data<PortalAnswer>({ ...checked.refusal, form: CENSUS_FORM, csv }, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const census = await api.uploadBusinessCensus(checked.data.csv, dryRun);
    const message = census.applied
      ? `Census version ${census.version} uploaded: ${census.added} added, ${census.removed} removed, ${census.changed} changed, ${census.unchanged} unchanged.`
      : `Checked, nothing changed yet: ${census.added} would be added, ${census.removed} removed, ${census.changed} changed, ${census.unchanged} unchanged.`;
    return data<PortalAnswer>({ ok: true, form: CENSUS_FORM, message, census, csv: census.applied ? '' : csv }, { headers: cookies });
  } catch (error) {
    if (isApiError(error) && error.status === 422) {
      const refusal = error.body as BusinessCensusRefusal;
      return data<PortalAnswer>(
        {
          ok: false,
          form: CENSUS_FORM,
          errors: {},
          message: 'The census was not changed. Please correct these lines and check it again.',
          csv,
          problems: problemsAt(csv, refusal),
        },
        { status: 422, headers: cookies },
      );
    }
    return data<PortalAnswer>({ ...refusedBy(error, PORTAL_FAILED, form), form: CENSUS_FORM, csv }, { status: 400, headers: cookies });
  }
}

async function codesAction(form: FormData, request: Request, context: PageContext) {
  const checked = checkForm(codeBatchSchema, { count: Number(formText(form, 'count')) }, form);
  if ('refusal' in checked) return data<PortalAnswer>({ ...checked.refusal, form: CODES_FORM }, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const minted = await api.mintBusinessCodes(checked.data.count);
    const message = `Batch ${minted.batch}: ${minted.codes.length} codes. They are shown this once: copy or download them now.`;
    return data<PortalAnswer>({ ok: true, form: CODES_FORM, message, ...minted }, { headers: cookies });
  } catch (error) {
    return data<PortalAnswer>({ ...refusedBy(error, PORTAL_FAILED, form), form: CODES_FORM }, { status: 400, headers: cookies });
  }
}

async function adminsAction(form: FormData, request: Request, context: PageContext) {
  const checked = checkForm(employerAdminInviteSchema, { email: formText(form, 'email') }, form);
  if ('refusal' in checked) return data<PortalAnswer>({ ...checked.refusal, form: ADMINS_FORM }, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const invited = await api.inviteBusinessAdmin(checked.data.email);
    const message = `Invitation e-mailed to ${invited.email}. The link works once, for 7 days.`;
    return data<PortalAnswer>({ ok: true, form: ADMINS_FORM, message }, { headers: cookies });
  } catch (error) {
    return data<PortalAnswer>({ ...refusedBy(error, PORTAL_FAILED, form), form: ADMINS_FORM }, { status: 400, headers: cookies });
  }
}

const actions: Record<string, (form: FormData, request: Request, context: PageContext) => Promise<unknown>> = {
  [CODES_FORM]: codesAction,
  [ADMINS_FORM]: adminsAction,
  ...launchActions,
};

/** The portal's census (checked, then uploaded), its batches of codes and its admins' invitations, sent with or without the page's script. */
export async function businessPortalAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const act = actions[formText(form, '_form')] ?? censusAction;
  return act(form, request, context);
}
