import {
  centsFromDollars,
  clinicCardMessages,
  clinicClientSchema,
  clinicInvitationSchema,
  clinicRoleLabels,
  clinicRoles,
  providerOrderDraftSchema,
  providerOrderSchema,
  resultsReleaseRuleLabels,
  resultsReleaseSettingSchema,
  type ClinicRole,
} from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { serverApi } from '../../lib/api';
import { isUnauthenticated } from '../../lib/errors';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import { dashboardForms } from './dashboard-forms';

export const DASHBOARD_FAILED_MESSAGE = 'That did not work. Please try again.';

/**
 * The clinic's dashboard, for its signed-in members: a visitor signs in first and comes back; an
 * account that is no clinic's member is told so, with the API's own words.
 */
export async function dashboardLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const search = (url.searchParams.get('q') ?? '').slice(0, 100);
  const api = serverApi(request, context);
  try {
    const [dashboard, team, clients, orders, drafts] = await Promise.all([
      api.providerDashboard(),
      api.providerTeam(),
      api.providerClients(search),
      api.providerOrders(),
      api.providerDrafts(),
    ]);
    // the fees owed to the clinic and the card it pays with are its admins' to see
    const admin = dashboard.me.role === 'admin';
    const [fees, clinicCard, payments] = admin
      ? await Promise.all([api.providerFees(), api.providerClinicCard(), api.paymentsConfig()])
      : [null, null, null];
    return {
      dashboard,
      team,
      clients: clients.clients,
      orders: orders.orders,
      drafts: drafts.drafts,
      fees,
      clinicCard,
      payments,
      search,
      refused: null,
    };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
    if (isApiError(error) && error.status === 403)
      return {
        dashboard: null,
        team: null,
        clients: [],
        orders: [],
        drafts: [],
        fees: null,
        clinicCard: null,
        payments: null,
        search,
        refused: error.message,
      };
    throw error;
  }
}

const roleOf = (value: string): ClinicRole => (clinicRoles.includes(value as ClinicRole) ? (value as ClinicRole) : 'practitioner');

/** The dashboard's forms, each sent to the API as the member: what the API refuses comes back as the form's message. */
export async function dashboardAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const id = formText(form, 'id');
  // a row's form names its row: the page sent without its script shows the answer on that row alone
  const subject = id ? { subject: id } : {};
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name, ...subject }, { status: 400, headers: cookies });
  const accept = (message: string) => data<FormSuccess>({ ok: true, message, form: name, ...subject }, { headers: cookies });
  try {
    switch (name) {
      case dashboardForms.addClient: {
        const input = {
          firstName: formText(form, 'firstName'),
          lastName: formText(form, 'lastName'),
          email: formText(form, 'email'),
          dateOfBirth: formText(form, 'dateOfBirth'),
          state: formText(form, 'state'),
        };
        const checked = checkForm(clinicClientSchema(), input, form);
        if ('refusal' in checked) return refuse(checked.refusal);
        const added = await api.addProviderClient(checked.data);
        const notice = added.notice ? ` ${added.notice}` : '';
        return accept(`${added.firstName} ${added.lastName} is added to your clients.${notice}`);
      }
      case dashboardForms.assign: {
        const memberId = formText(form, 'memberId');
        const client = await api.assignPractitioner(id, memberId || null);
        return accept(
          client.practitioner
            ? `${client.firstName} ${client.lastName} is assigned to ${client.practitioner.name}.`
            : `${client.firstName} ${client.lastName} is assigned to no one.`,
        );
      }
      case dashboardForms.invite: {
        const input = { email: formText(form, 'email'), name: formText(form, 'name'), role: formText(form, 'role') };
        const checked = checkForm(clinicInvitationSchema, input, form);
        if ('refusal' in checked) return refuse(checked.refusal);
        await api.inviteToClinic(checked.data);
        return accept(`Invitation sent to ${checked.data.email}. The link works once, for 7 days.`);
      }
      case dashboardForms.resend:
        await api.resendClinicInvitation(id);
        return accept('Invitation sent again with a new link; the previous link no longer works.');
      case dashboardForms.revoke:
        await api.revokeClinicInvitation(id);
        return accept('Invitation revoked: its link no longer works.');
      case dashboardForms.remove:
        await api.removeClinicMember(id);
        return accept('The member is removed from your clinic.');
      case dashboardForms.role: {
        const role = roleOf(formText(form, 'role'));
        const team = await api.changeClinicMemberRole(id, role);
        const changed = team.members.find((member) => member.id === id);
        return accept(`${changed?.name ?? 'The member'} is now ${clinicRoleLabels[role].toLowerCase()}.`);
      }
      case dashboardForms.approve:
        await api.approveJoinRequest(id, roleOf(formText(form, 'role')));
        return accept('Request approved: the person is now a member of your clinic.');
      case dashboardForms.decline:
        await api.declineJoinRequest(id);
        return accept('Request declined.');
      case dashboardForms.settings: {
        const allClientsVisible = formText(form, 'allClientsVisible') === 'on';
        await api.providerSettings({ allClientsVisible });
        return accept(
          allClientsVisible ? 'Practitioners now see every client of the clinic.' : 'Practitioners now see the clients assigned to them.',
        );
      }
      case dashboardForms.resultsRelease: {
        const checked = checkForm(resultsReleaseSettingSchema, { resultsRelease: formText(form, 'resultsRelease') }, form);
        if ('refusal' in checked) return refuse(checked.refusal);
        await api.providerResultsRelease(checked.data);
        return accept(`Saved: ${resultsReleaseRuleLabels[checked.data.resultsRelease].toLowerCase()}.`);
      }
      case dashboardForms.order: {
        const payer = formText(form, 'payer') || 'client';
        const fee = formText(form, 'fee');
        const input = {
          clientId: formText(form, 'clientId'),
          payer,
          items: form.getAll('items').filter((item) => typeof item === 'string'),
          // the fee is typed in dollars; what is not an amount is refused with the fee's own message
          ...(payer === 'custom_fee' ? { feeCents: fee === '' ? undefined : (centsFromDollars(fee) ?? Number.NaN) } : {}),
        };
        const checked = checkForm(providerOrderSchema, input, form);
        if ('refusal' in checked) return refuse(checked.refusal);
        const orderKey = formText(form, 'orderKey');
        const sent = await api.sendProviderOrder(checked.data, /^[\w-]{8,100}$/.test(orderKey) ? orderKey : undefined);
        if (sent.payer === 'clinic') {
          return accept(
            `Ordered for ${sent.clientName}, paid by your clinic’s card (${sent.total}). ${sent.clientName} gets an e-mail with the tests and a link to their order.`,
          );
        }
        return accept(
          `Sent to ${sent.clientName}: an e-mail with a link to pay ${sent.total}${sent.fee ? ` (your fee of ${sent.fee} included)` : ''}, valid 14 days, with reminders after 2 and 6 days.`,
        );
      }
      case dashboardForms.removeCard:
        await api.removeProviderClinicCard();
        return accept(clinicCardMessages.removed);
      case dashboardForms.orderResend: {
        const order = await api.resendProviderOrder(id);
        return accept(`A new link to pay is sent to ${order.clientName}; the previous link no longer works.`);
      }
      case dashboardForms.orderClientEmail: {
        const order = await api.resendClinicPaidOrderEmail(id);
        return accept(`The e-mail of this order is sent to ${order.clientName} again, with a new link; the previous link no longer works.`);
      }
      case dashboardForms.orderCancel: {
        const order = await api.cancelProviderOrder(id);
        return accept(`The order for ${order.clientName} is cancelled: its link can no longer be paid.`);
      }
      case dashboardForms.draft: {
        const payer = formText(form, 'payer') || 'client';
        const fee = formText(form, 'fee');
        const note = formText(form, 'note');
        const input = {
          clientId: formText(form, 'clientId'),
          practitionerMemberId: formText(form, 'practitionerMemberId'),
          payer,
          items: form.getAll('items').filter((item) => typeof item === 'string'),
          ...(payer === 'custom_fee' ? { feeCents: fee === '' ? undefined : (centsFromDollars(fee) ?? Number.NaN) } : {}),
          ...(note ? { note } : {}),
        };
        const checked = checkForm(providerOrderDraftSchema, input, form);
        if ('refusal' in checked) return refuse(checked.refusal);
        const drafted = await api.draftProviderOrder(checked.data);
        return accept(`Draft saved for ${drafted.practitionerName ?? 'the practitioner'} to send to ${drafted.clientName}.`);
      }
      case dashboardForms.draftSend: {
        const order = await api.sendProviderDraft(id);
        return accept(
          order.payer === 'clinic'
            ? `Ordered for ${order.clientName}, paid by your clinic’s card (${order.total}).`
            : `Sent to ${order.clientName}: an e-mail with a link to pay ${order.total}.`,
        );
      }
      case dashboardForms.draftDiscard:
        await api.discardProviderDraft(id);
        return accept('Draft discarded.');
      case dashboardForms.orderCharge: {
        const order = await api.chargeProviderOrder(id);
        return accept(`Paid by your clinic’s card. ${order.clientName} gets an e-mail with the tests and a link to their order.`);
      }
      case dashboardForms.orderMarkPaid: {
        const order = await api.markProviderOrderPaid(id);
        return accept(`The order for ${order.clientName} is marked paid elsewhere.`);
      }
      default:
        return refuse({ ok: false, errors: {}, message: DASHBOARD_FAILED_MESSAGE });
    }
  } catch (error) {
    return refuse(refusedBy(error, DASHBOARD_FAILED_MESSAGE, form));
  }
}
