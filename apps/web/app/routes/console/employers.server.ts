import { data, redirect, type ActionFunctionArgs } from 'react-router';
import {
  b2bGoalNames,
  bankCorrectionSchema,
  bankTopUpSchema,
  billingModes,
  codeBatchSchema,
  employerGroupSchema,
  employerRevocationMessages,
  employerRevokeSchema,
  formatMoney,
} from '@shop/core';
import type { CensusUploadAnswer } from '@shop/client';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import {
  ADMINS_FORM,
  BILLING_FORM,
  CENSUS_FORM,
  CODES_FORM,
  CORRECTION_FORM,
  GROUP_FORM,
  INVOICE_FORM,
  TOP_UP_FORM,
} from './employers-forms';
import { REVOKE_ADMIN_FORM } from '../partners/business-portal-launch-forms';

export const GROUP_SAVE_FAILED = 'The employer group could not be saved. Please try again.';

/** Dollars typed by a person to cents, without floating-point surprises; NaN when it is not an amount. */
function dollarsToCents(text: string): number {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
const optionalCents = (text: string) => (text.trim() === '' ? null : dollarsToCents(text));

/** A group as the console's form names it, checked with core's schema as the API checks it. */
function groupOf(form: FormData) {
  return {
    slug: formText(form, 'slug').trim().toLowerCase(),
    name: formText(form, 'name'),
    logoText: formText(form, 'logoText'),
    goals: b2bGoalNames.filter((goal) => form.getAll('goals').includes(goal)),
    coverCents: formText(form, 'cover') === 'partial' ? dollarsToCents(formText(form, 'coverDollars')) : null,
    includesProgram: form.get('includesProgram') === 'on',
    capEmployees: optionalNumber(formText(form, 'capEmployees')),
    capSpendCents: optionalCents(formText(form, 'capSpendDollars')),
    planYearStart: formText(form, 'planYearStart'),
    planYearEnd: formText(form, 'planYearEnd'),
    eligibility: formText(form, 'eligibility'),
    // typed one per line, or with commas or spaces between them
    emailDomains: formText(form, 'emailDomains')
      .split(/[\s,]+/)
      .filter((domain) => domain !== ''),
  };
}

/** The new group's form on /admin/employers (from a won demo request, or not): created, then its own page. */
export async function createGroupAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const checked = checkForm(employerGroupSchema, groupOf(form), form);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  const demoRequest = formText(form, 'demoRequest');
  try {
    const id = demoRequest
      ? (await api.createEmployerGroupFromDemoRequest(demoRequest, checked.data)).groupId
      : (await api.createEmployerGroup(checked.data)).id;
    return redirect(`/admin/employers/${id}`, { headers: cookies });
  } catch (error) {
    return data<FormRefusal>(refusedBy(error, GROUP_SAVE_FAILED, form), { status: 400, headers: cookies });
  }
}

/** The answer of a group's page: a saved group, minted codes (shown once), or a census upload's changes. */
export type GroupPageAnswer =
  | (FormRefusal & { form?: string })
  | (FormSuccess & { form: typeof GROUP_FORM })
  | (FormSuccess & { form: typeof ADMINS_FORM })
  | (FormSuccess & { form: typeof REVOKE_ADMIN_FORM })
  | (FormSuccess & { form: typeof INVOICE_FORM })
  | (FormSuccess & { form: typeof BILLING_FORM })
  | (FormSuccess & { form: typeof TOP_UP_FORM })
  | (FormSuccess & { form: typeof CORRECTION_FORM })
  | (FormSuccess & { form: typeof CODES_FORM; codes: string[]; batch: number })
  | (FormSuccess & { form: typeof CENSUS_FORM; census: CensusUploadAnswer });

/** A group's page: its settings, a batch of codes, a census (a dry run, or applied), or an invoice marked paid or void. */
export async function groupPageAction({ request, context, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  const form = await request.formData();
  const which = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  try {
    if (which === CODES_FORM) {
      const checked = checkForm(codeBatchSchema, { count: Number(formText(form, 'count')) }, form);
      if ('refusal' in checked) return data<GroupPageAnswer>({ ...checked.refusal, form: CODES_FORM }, { status: 400 });
      const minted = await api.mintEmployerCodes(id, checked.data.count);
      return data<GroupPageAnswer>(
        {
          ok: true,
          form: CODES_FORM,
          message: `Batch ${minted.batch}: ${minted.codes.length} codes. They are shown this once: copy them now.`,
          ...minted,
        },
        { headers: cookies },
      );
    }
    if (which === ADMINS_FORM) {
      const email = formText(form, 'email').trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        return data<GroupPageAnswer>({ ok: false, form: ADMINS_FORM, errors: { email: 'Please enter a valid e-mail' } }, { status: 400 });
      }
      const invited = await api.inviteEmployerAdmin(id, email);
      return data<GroupPageAnswer>(
        {
          ok: true,
          form: ADMINS_FORM,
          message: `Invitation e-mailed to ${invited.email}. The link works once, until ${invited.expiresAt.slice(0, 10)}.`,
        },
        { headers: cookies },
      );
    }
    if (which === REVOKE_ADMIN_FORM) {
      const checked = checkForm(employerRevokeSchema, { email: formText(form, 'email') }, form);
      if ('refusal' in checked) return data<GroupPageAnswer>({ ...checked.refusal, form: REVOKE_ADMIN_FORM }, { status: 400 });
      const revoked = await api.revokeEmployerAdmin(id, checked.data.email);
      const message =
        revoked.outcome === 'admin_removed'
          ? employerRevocationMessages.removed(revoked.email)
          : employerRevocationMessages.revoked(revoked.email);
      return data<GroupPageAnswer>({ ok: true, form: REVOKE_ADMIN_FORM, message }, { headers: cookies });
    }
    if (which === INVOICE_FORM) {
      const status = formText(form, 'intent') === 'void' ? 'void' : 'paid';
      const marked = await api.markEmployerInvoice(id, formText(form, 'invoiceId'), status);
      return data<GroupPageAnswer>(
        { ok: true, form: INVOICE_FORM, message: `${marked.number} is marked ${marked.status}.` },
        { headers: cookies },
      );
    }
    if (which === BILLING_FORM) {
      const mode = billingModes.find((one) => one === formText(form, 'mode')) ?? 'invoice';
      await api.setEmployerBillingMode(id, mode);
      const message =
        mode === 'prepaid' ? 'Covered orders now draw on the prepaid testing bank.' : 'Covered orders are now invoiced monthly.';
      return data<GroupPageAnswer>({ ok: true, form: BILLING_FORM, message }, { headers: cookies });
    }
    if (which === TOP_UP_FORM) {
      const topUp = { amountCents: dollarsToCents(formText(form, 'amountDollars')), reference: formText(form, 'reference') };
      const checked = checkForm(bankTopUpSchema, topUp, form);
      if ('refusal' in checked) return data<GroupPageAnswer>({ ...checked.refusal, form: TOP_UP_FORM }, { status: 400 });
      const bank = await api.topUpEmployerBank(id, checked.data);
      return data<GroupPageAnswer>(
        {
          ok: true,
          form: TOP_UP_FORM,
          message: `${formatMoney(checked.data.amountCents)} recorded. The bank holds ${formatMoney(bank.balanceCents)}.`,
        },
        { headers: cookies },
      );
    }
    if (which === CORRECTION_FORM) {
      const correction = {
        amountCents: dollarsToCents(formText(form, 'amountDollars')),
        reference: formText(form, 'reference'),
        reason: formText(form, 'reason'),
      };
      const checked = checkForm(bankCorrectionSchema, correction, form);
      if ('refusal' in checked) return data<GroupPageAnswer>({ ...checked.refusal, form: CORRECTION_FORM }, { status: 400 });
      const bank = await api.correctEmployerBank(id, checked.data);
      return data<GroupPageAnswer>(
        {
          ok: true,
          form: CORRECTION_FORM,
          message: `${formatMoney(checked.data.amountCents)} taken off. The bank holds ${formatMoney(bank.balanceCents)}.`,
        },
        { headers: cookies },
      );
    }
    if (which === CENSUS_FORM) {
      const csv = formText(form, 'csv');
      if (csv.trim() === '')
        return data<GroupPageAnswer>({ ok: false, form: CENSUS_FORM, errors: { csv: 'Please paste the census CSV' } }, { status: 400 });
      const dryRun = formText(form, 'intent') !== 'apply';
      const census = await api.uploadEmployerCensus(id, csv, dryRun);
      const message = census.applied
        ? `Census version ${census.version} applied: ${census.added} added, ${census.removed} removed, ${census.changed} changed, ${census.unchanged} unchanged.`
        : `Dry run, nothing changed: ${census.added} would be added, ${census.removed} removed, ${census.changed} changed, ${census.unchanged} unchanged.`;
      return data<GroupPageAnswer>({ ok: true, form: CENSUS_FORM, message, census }, { headers: cookies });
    }
    const checked = checkForm(employerGroupSchema, groupOf(form), form);
    if ('refusal' in checked) return data<GroupPageAnswer>({ ...checked.refusal, form: GROUP_FORM }, { status: 400 });
    await api.updateEmployerGroup(id, checked.data);
    return data<GroupPageAnswer>({ ok: true, form: GROUP_FORM, message: 'Saved.' }, { headers: cookies });
  } catch (error) {
    return data<GroupPageAnswer>({ ...refusedBy(error, GROUP_SAVE_FAILED, form), form: which }, { status: 400, headers: cookies });
  }
}
