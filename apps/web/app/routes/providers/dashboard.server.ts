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
import type { FormAnswer, FormRefusal } from '../../lib/form-answer';
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

/** What a form's handler is given: the form, its row's id and the API as the member. */
interface Sending {
  form: FormData;
  id: string;
  api: ReturnType<typeof actionApi>['api'];
}

/** A form's handler: the message the member is told, or the form's refusal (its fields' messages). */
type Handler = (sending: Sending) => Promise<string | FormRefusal>;

/**
 * A section's action: the forms it takes, each sent to the API as the member, what the API refuses
 * coming back as the form's message; a form of another section is refused.
 */
function sectionAction(handlers: Record<string, Handler>) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const form = await request.formData();
    const name = formText(form, '_form');
    const { api, cookies } = actionApi(request, context);
    const id = formText(form, 'id');
    // a row's form names its row: the page sent without its script shows the answer on that row alone
    const subject = id ? { subject: id } : {};
    const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name, ...subject }, { status: 400, headers: cookies });
    const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
    if (!handler) return refuse({ ok: false, errors: {}, message: DASHBOARD_FAILED_MESSAGE });
    try {
      const answer = await handler({ form, id, api });
      if (typeof answer !== 'string') return refuse(answer);
      return data<FormAnswer>({ ok: true, message: answer, form: name, ...subject }, { headers: cookies });
    } catch (error) {
      return refuse(refusedBy(error, DASHBOARD_FAILED_MESSAGE, form));
    }
  };
}

/** The clients' section: adding a client, and assigning a client to a practitioner. */
export const clientsAction = sectionAction({
  async [dashboardForms.addClient]({ form, api }) {
    const input = {
      firstName: formText(form, 'firstName'),
      lastName: formText(form, 'lastName'),
      email: formText(form, 'email'),
      dateOfBirth: formText(form, 'dateOfBirth'),
      state: formText(form, 'state'),
    };
    const checked = checkForm(clinicClientSchema(), input, form);
    if ('refusal' in checked) return checked.refusal;
    const added = await api.addProviderClient(checked.data);
    const notice = added.notice ? ` ${added.notice}` : '';
    return `${added.firstName} ${added.lastName} is added to your clients.${notice}`;
  },
  async [dashboardForms.assign]({ form, id, api }) {
    const memberId = formText(form, 'memberId');
    const client = await api.assignPractitioner(id, memberId || null);
    return client.practitioner
      ? `${client.firstName} ${client.lastName} is assigned to ${client.practitioner.name}.`
      : `${client.firstName} ${client.lastName} is assigned to no one.`;
  },
});

/** The tests a form orders or drafts: the client, who pays, the tests and the clinic's fee typed in dollars. */
function orderInput(form: FormData) {
  const payer = formText(form, 'payer') || 'client';
  const fee = formText(form, 'fee');
  return {
    clientId: formText(form, 'clientId'),
    payer,
    items: form.getAll('items').filter((item) => typeof item === 'string'),
    // the fee is typed in dollars; what is not an amount is refused with the fee's own message
    ...(payer === 'custom_fee' ? { feeCents: fee === '' ? undefined : (centsFromDollars(fee) ?? Number.NaN) } : {}),
  };
}

/** The orders' section: ordering tests, drafting them for a practitioner, and what each order and draft can still do. */
export const ordersAction = sectionAction({
  async [dashboardForms.order]({ form, api }) {
    const checked = checkForm(providerOrderSchema, orderInput(form), form);
    if ('refusal' in checked) return checked.refusal;
    const orderKey = formText(form, 'orderKey');
    const sent = await api.sendProviderOrder(checked.data, /^[\w-]{8,100}$/.test(orderKey) ? orderKey : undefined);
    if (sent.payer === 'clinic') {
      return `Ordered for ${sent.clientName}, paid by your clinic’s card (${sent.total}). ${sent.clientName} gets an e-mail with the tests and a link to their order.`;
    }
    return `Sent to ${sent.clientName}: an e-mail with a link to pay ${sent.total}${sent.fee ? ` (your fee of ${sent.fee} included)` : ''}, valid 14 days, with reminders after 2 and 6 days.`;
  },
  async [dashboardForms.draft]({ form, api }) {
    const note = formText(form, 'note');
    const input = {
      ...orderInput(form),
      practitionerMemberId: formText(form, 'practitionerMemberId'),
      ...(note ? { note } : {}),
    };
    const checked = checkForm(providerOrderDraftSchema, input, form);
    if ('refusal' in checked) return checked.refusal;
    const drafted = await api.draftProviderOrder(checked.data);
    return `Draft saved for ${drafted.practitionerName ?? 'the practitioner'} to send to ${drafted.clientName}.`;
  },
  async [dashboardForms.orderResend]({ id, api }) {
    const order = await api.resendProviderOrder(id);
    return `A new link to pay is sent to ${order.clientName}; the previous link no longer works.`;
  },
  async [dashboardForms.orderClientEmail]({ id, api }) {
    const order = await api.resendClinicPaidOrderEmail(id);
    return `The e-mail of this order is sent to ${order.clientName} again, with a new link; the previous link no longer works.`;
  },
  async [dashboardForms.orderCancel]({ id, api }) {
    const order = await api.cancelProviderOrder(id);
    return `The order for ${order.clientName} is cancelled: its link can no longer be paid.`;
  },
  async [dashboardForms.orderCharge]({ id, api }) {
    const order = await api.chargeProviderOrder(id);
    return `Paid by your clinic’s card. ${order.clientName} gets an e-mail with the tests and a link to their order.`;
  },
  async [dashboardForms.orderMarkPaid]({ id, api }) {
    const order = await api.markProviderOrderPaid(id);
    return `The order for ${order.clientName} is marked paid elsewhere.`;
  },
  async [dashboardForms.draftSend]({ id, api }) {
    const order = await api.sendProviderDraft(id);
    return order.payer === 'clinic'
      ? `Ordered for ${order.clientName}, paid by your clinic’s card (${order.total}).`
      : `Sent to ${order.clientName}: an e-mail with a link to pay ${order.total}.`;
  },
  async [dashboardForms.draftDiscard]({ id, api }) {
    await api.discardProviderDraft(id);
    return 'Draft discarded.';
  },
});

/** The team's section, for admins: inviting, the invitations waiting, the members' roles and the requests to join. */
export const teamAction = sectionAction({
  async [dashboardForms.invite]({ form, api }) {
    const input = { email: formText(form, 'email'), name: formText(form, 'name'), role: formText(form, 'role') };
    const checked = checkForm(clinicInvitationSchema, input, form);
    if ('refusal' in checked) return checked.refusal;
    await api.inviteToClinic(checked.data);
    return `Invitation sent to ${checked.data.email}. The link works once, for 7 days.`;
  },
  async [dashboardForms.resend]({ id, api }) {
    await api.resendClinicInvitation(id);
    return 'Invitation sent again with a new link; the previous link no longer works.';
  },
  async [dashboardForms.revoke]({ id, api }) {
    await api.revokeClinicInvitation(id);
    return 'Invitation revoked: its link no longer works.';
  },
  async [dashboardForms.remove]({ id, api }) {
    await api.removeClinicMember(id);
    return 'The member is removed from your clinic.';
  },
  async [dashboardForms.role]({ form, id, api }) {
    const role = roleOf(formText(form, 'role'));
    const team = await api.changeClinicMemberRole(id, role);
    const changed = team.members.find((member) => member.id === id);
    return `${changed?.name ?? 'The member'} is now ${clinicRoleLabels[role].toLowerCase()}.`;
  },
  async [dashboardForms.approve]({ form, id, api }) {
    await api.approveJoinRequest(id, roleOf(formText(form, 'role')));
    return 'Request approved: the person is now a member of your clinic.';
  },
  async [dashboardForms.decline]({ id, api }) {
    await api.declineJoinRequest(id);
    return 'Request declined.';
  },
});

/** The clinic's settings, for admins: who sees which clients, and when results reach the client. */
export const settingsAction = sectionAction({
  async [dashboardForms.settings]({ form, api }) {
    const allClientsVisible = formText(form, 'allClientsVisible') === 'on';
    await api.providerSettings({ allClientsVisible });
    return allClientsVisible ? 'Practitioners now see every client of the clinic.' : 'Practitioners now see the clients assigned to them.';
  },
  async [dashboardForms.resultsRelease]({ form, api }) {
    const checked = checkForm(resultsReleaseSettingSchema, { resultsRelease: formText(form, 'resultsRelease') }, form);
    if ('refusal' in checked) return checked.refusal;
    await api.providerResultsRelease(checked.data);
    return `Saved: ${resultsReleaseRuleLabels[checked.data.resultsRelease].toLowerCase()}.`;
  },
});

/** The clinic's card, for admins: its removal (saving it goes from the page's script to the gateway and the API). */
export const clinicCardAction = sectionAction({
  async [dashboardForms.removeCard]({ api }) {
    await api.removeProviderClinicCard();
    return clinicCardMessages.removed;
  },
});
