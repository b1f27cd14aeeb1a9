import {
  clinicSharingWithdrawn,
  formatMoney,
  payLinkStateLabels,
  providerCatalog,
  providerPayerLabels,
  providerPayers,
  resultsReleaseStateLabels,
  type PayLinkState,
} from '@shop/core';
import { useEffect, useState } from 'react';
import { Link, useActionData, useFetcher } from 'react-router';
import type { ProviderClient, ProviderDraft, ProviderOrder } from '@shop/client';
import { Alert } from '../alert';
import { Button } from '../button';
import { LabelledSelect } from './labelled-select';
import { OrderTrack } from './order-track';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { dashboardActions, dashboardForms } from '../../routes/providers/dashboard-forms';
import { shopDay } from '../../lib/dates';

const stateTones: Record<PayLinkState, string> = {
  sent: 'bg-sky-100 text-sky-900',
  opened: 'bg-indigo-100 text-indigo-900',
  paid: 'bg-emerald-100 text-emerald-900',
  expired: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-slate-200 text-slate-800',
  card_declined: 'bg-red-100 text-red-900',
  needs_card_holder: 'bg-amber-100 text-amber-900',
};

/** Who pays an order, as its line says it. */
function payerText(order: ProviderOrder) {
  if (order.payer === 'clinic') return 'your clinic pays';
  return order.fee ? `client pays, with your fee of ${order.fee}` : 'client pays';
}

/** A button of a row's one form: the form it sends, and its pending label while that sending runs. */
function RowButton({
  form,
  label,
  pendingLabel,
  sending,
  disabled,
}: {
  form: string;
  label: string;
  pendingLabel: string;
  sending: boolean;
  disabled: boolean;
}) {
  return (
    <button
      type="submit"
      name="_form"
      value={form}
      disabled={disabled}
      className="rounded-full border border-brand px-4 py-1 text-sm font-semibold text-brand disabled:opacity-60"
    >
      {sending ? pendingLabel : label}
    </button>
  );
}

function Answer({ answer }: { answer: FormAnswer | undefined }) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
    </div>
  );
}

/** The forms an order's row sends: what the member can still do with the order. */
const orderForms: readonly string[] = [
  dashboardForms.orderResend,
  dashboardForms.orderCancel,
  dashboardForms.orderMarkPaid,
  dashboardForms.orderCharge,
  dashboardForms.orderClientEmail,
];

/**
 * What the member can still do with an order (send its link again, cancel it, mark it paid
 * elsewhere, charge the clinic's card again, send the client's e-mail again): one form of the row,
 * its answer shown on the row, where it stays as the order's new state takes the buttons away.
 */
function OrderActions({ order, canOrder, canCharge }: { order: ProviderOrder; canOrder: boolean; canCharge: boolean }) {
  const action = useFetcher<FormAnswer>({ key: `provider-order-${order.id}` });
  // sent without the page's script, the answer comes back with the page, naming its order
  const page = useActionData<FormAnswer | undefined>();
  const answer = action.data ?? (page?.subject === order.id && page.form && orderForms.includes(page.form) ? page : undefined);
  const busy = action.state !== 'idle' ? action.formData?.get('_form') : null;
  if (!canOrder) return null;
  const open = order.payer !== 'clinic' && (order.state === 'sent' || order.state === 'opened' || order.state === 'expired');
  const cardWaits = order.state === 'card_declined' || order.state === 'needs_card_holder';
  // a paid order of the clinic: its client's e-mail (the order, and the link to choose a password) can go again
  const clientEmail = order.payer === 'clinic' && order.state === 'paid' && !order.refunded;
  const button = (form: string, label: string, pendingLabel: string) => (
    <RowButton form={form} label={label} pendingLabel={pendingLabel} sending={busy === form} disabled={busy != null} />
  );
  const buttons = open ? (
    <>
      {button(dashboardForms.orderResend, 'Resend link', 'Sending…')}
      {order.state !== 'expired' ? (
        <>
          {button(dashboardForms.orderCancel, 'Cancel', 'Cancelling…')}
          {button(dashboardForms.orderMarkPaid, 'Mark paid elsewhere', 'Saving…')}
        </>
      ) : null}
    </>
  ) : cardWaits ? (
    <>
      {canCharge ? (
        button(dashboardForms.orderCharge, 'Charge the card again', 'Charging…')
      ) : (
        <p className="text-muted">An admin of your clinic can update the card and charge it again.</p>
      )}
      {button(dashboardForms.orderCancel, 'Cancel', 'Cancelling…')}
    </>
  ) : clientEmail ? (
    button(dashboardForms.orderClientEmail, 'Send the client’s e-mail again', 'Sending…')
  ) : null;
  return (
    <>
      {buttons ? (
        <action.Form method="post" action={dashboardActions.orders} className="mt-2 flex flex-wrap gap-2">
          <input type="hidden" name="id" value={order.id} />
          {buttons}
        </action.Form>
      ) : null}
      <div className={answer?.message ? 'mt-2' : undefined}>
        <Answer answer={answer} />
      </div>
    </>
  );
}

/**
 * A client's orders with the state of each pay link (or of the clinic's card, for an order the
 * clinic pays), and what the member can still do with it: admins charge a declined card again.
 */
export function ClientOrderList({ orders, canOrder, canCharge }: { orders: ProviderOrder[]; canOrder: boolean; canCharge: boolean }) {
  if (orders.length === 0) return null;
  return (
    <ul aria-label="Orders" className="mt-3 space-y-2">
      {orders.map((order) => {
        // a link the client can still pay shows until when
        const linkValid = order.payer !== 'clinic' && (order.state === 'sent' || order.state === 'opened');
        return (
          <li key={order.id} className="rounded-xl border border-slate-200 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${stateTones[order.state]}`}>
                {payLinkStateLabels[order.state]}
                {order.paidElsewhere ? ' elsewhere' : ''}
              </span>
              {order.refunded ? (
                <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-bold text-slate-800">Refunded</span>
              ) : null}
              <span className="font-semibold">{order.total}</span>
              <span className="text-muted">
                {payerText(order)} · {order.payer === 'clinic' ? 'ordered' : 'sent'} {shopDay(order.sentAt)}
                {order.paidAt ? ` · paid ${shopDay(order.paidAt)}` : ''}
                {order.orderNumber ? ` · order ${order.orderNumber}` : ''}
                {linkValid ? ` · link valid until ${shopDay(order.expiresAt)}` : ''}
              </span>
            </div>
            <p className="mt-1">{order.items.map((item) => item.title).join(', ')}</p>
            {order.consentWithdrawn ? (
              <p className="mt-1">
                <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-bold text-slate-800">
                  {clinicSharingWithdrawn.label}
                </span>{' '}
                <span className="text-muted">The client withdrew their consent to share: their results and progress are not shown.</span>
              </p>
            ) : null}
            {order.track ? <OrderTrack track={order.track} /> : null}
            {order.results !== null && order.results !== 'pending' ? (
              <p className="mt-1">
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${order.results === 'held' ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900'}`}
                >
                  Results: {resultsReleaseStateLabels[order.results].toLowerCase()}
                </span>
                {canOrder ? (
                  <Link to={`/providers/dashboard/orders/${order.id}/results`} className="ml-2 font-semibold text-brand underline">
                    {order.results === 'held' ? 'Review and release results' : 'Read results'}
                  </Link>
                ) : null}
              </p>
            ) : null}
            <OrderActions order={order} canOrder={canOrder} canCharge={canCharge} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The order form: one client, tests from the provider test catalog with their prices, and who
 * pays: the client by a link, with the clinic's fee (up to $500) on its own line if chosen, or the
 * clinic's card. For staff (`practitioners` given) it drafts the order for a practitioner to send.
 */
export function OrderTests({
  clients,
  practitioners,
}: {
  clients: ProviderClient[];
  practitioners?: ReadonlyArray<{ id: string; name: string }>;
}) {
  const drafting = practitioners !== undefined;
  // one key per order written: a double click or a retry of the same order is charged once
  const [orderKey, setOrderKey] = useState('');
  useEffect(() => setOrderKey(crypto.randomUUID()), []);
  const order = useActionForm<FormAnswer>(drafting ? dashboardForms.draft : dashboardForms.order, (_answer, form) => {
    form.reset();
    setOrderKey(crypto.randomUUID());
  });
  const { errors, values } = order;
  return (
    <order.fetcher.Form
      ref={order.formRef}
      method="post"
      action={dashboardActions.orders}
      noValidate
      aria-labelledby="order-tests-heading"
      className="mt-6 grid gap-4 rounded-2xl bg-white p-5 shadow-sm"
    >
      <h3 id="order-tests-heading" className="text-lg font-bold">
        {drafting ? 'Draft an order for a practitioner' : 'Order tests for a client'}
      </h3>
      <input type="hidden" name="_form" value={drafting ? dashboardForms.draft : dashboardForms.order} />
      <input type="hidden" name="orderKey" value={orderKey} />
      <LabelledSelect
        label="Client"
        name="clientId"
        placeholder="Choose a client"
        options={clients.map((client) => [client.id, `${client.lastName}, ${client.firstName} (${client.email})`] as const)}
        defaultValue={values.clientId}
        error={errors.clientId}
        className="max-w-xl"
      />
      {drafting ? (
        <LabelledSelect
          label="Practitioner who sends it"
          name="practitionerMemberId"
          placeholder="Choose a practitioner"
          options={practitioners.map((member) => [member.id, member.name] as const)}
          defaultValue={values.practitionerMemberId}
          error={errors.practitionerMemberId}
          className="max-w-xl"
        />
      ) : null}
      <fieldset aria-describedby={errors.items ? 'order-items-error' : undefined}>
        <legend className="text-sm font-semibold">Tests</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {providerCatalog.map((item) => (
            <label key={item.key} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm">
              <input type="checkbox" name="items" value={item.key} className="mt-0.5 size-4 accent-brand" />
              <span className="flex-1">{item.title}</span>
              <span className="font-semibold">{formatMoney(item.priceCents)}</span>
            </label>
          ))}
        </div>
        <div aria-live="polite">
          {errors.items ? (
            <p id="order-items-error" className="mt-1 text-sm font-medium text-danger">
              {errors.items}
            </p>
          ) : null}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold">Who pays</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {providerPayers.map((payer) => (
            <label key={payer} className="flex items-center gap-2">
              <input
                type="radio"
                name="payer"
                value={payer}
                defaultChecked={(values.payer ?? 'client') === payer}
                className="size-4 accent-brand"
              />
              {providerPayerLabels[payer]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="max-w-xs">
        <label htmlFor="order-fee" className="text-sm font-semibold">
          Your fee, if the client pays it (US$)
        </label>
        <input
          id="order-fee"
          name="fee"
          inputMode="decimal"
          defaultValue={values.fee}
          placeholder="25.00"
          aria-invalid={errors.feeCents ? true : undefined}
          aria-describedby={errors.feeCents ? 'order-fee-error' : 'order-fee-hint'}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
        />
        <p id="order-fee-hint" className="mt-1 text-xs text-muted">
          From $0 to $500. Your client sees it as its own line, with your clinic’s name.
        </p>
        <div aria-live="polite">
          {errors.feeCents ? (
            <p id="order-fee-error" className="mt-1 text-sm font-medium text-danger">
              {errors.feeCents}
            </p>
          ) : null}
        </div>
      </div>
      {drafting ? (
        <div className="max-w-xl">
          <label htmlFor="order-note" className="text-sm font-semibold">
            Note for the practitioner (optional)
          </label>
          <textarea
            id="order-note"
            name="note"
            rows={2}
            maxLength={500}
            defaultValue={values.note}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? 'order-note-error' : undefined}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          <div aria-live="polite">
            {errors.note ? (
              <p id="order-note-error" className="mt-1 text-sm font-medium text-danger">
                {errors.note}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      <p className="text-sm text-muted">
        {drafting ? 'The practitioner reviews the draft and sends it. ' : ''}When your client pays, they get an e-mail with a link to pay
        the tests’ price (and your fee, if you add one), valid 14 days, with reminders after 2 and 6 days. When your clinic pays, its saved
        card is charged {drafting ? 'when the order is sent' : 'now'} and your client gets an e-mail with the tests and no price.
      </p>
      <div>
        <Button type="submit" pending={order.pending} pendingLabel={drafting ? 'Saving…' : 'Sending…'}>
          {drafting ? 'Save draft' : 'Send to client'}
        </Button>
      </div>
      <Answer answer={order.answer} />
    </order.fetcher.Form>
  );
}

/**
 * The orders staff drafted that still wait: who for, the tests, who pays and the note; the
 * practitioner it waits for (or an admin) sends it, and they or its staff member discard it.
 */
export function DraftList({ drafts }: { drafts: ProviderDraft[] }) {
  // one form for the list's actions: what the last send or discard did is shown here, as its draft
  // leaves the list (the row, and any form in it, goes with the page's new data)
  const action = useFetcher<FormAnswer>({ key: 'provider-drafts' });
  // sent without the page's script, the answer comes back with the page
  const page = useActionData<FormAnswer | undefined>();
  const answer =
    action.data ?? (page && (page.form === dashboardForms.draftSend || page.form === dashboardForms.draftDiscard) ? page : undefined);
  const busy = action.state !== 'idle' ? { id: action.formData?.get('id'), form: action.formData?.get('_form') } : null;
  if (drafts.length === 0 && !answer) return null;
  const button = (draft: ProviderDraft, form: string, label: string, pendingLabel: string) => (
    <RowButton
      form={form}
      label={label}
      pendingLabel={pendingLabel}
      sending={busy?.id === draft.id && busy.form === form}
      disabled={busy !== null}
    />
  );
  return (
    <section aria-labelledby="drafts-heading" className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
      <h3 id="drafts-heading" className="text-lg font-bold">
        Drafts waiting
      </h3>
      <div className={answer?.message ? 'mt-3' : undefined}>
        <Answer answer={answer} />
      </div>
      <ul aria-label="Drafts waiting" className="mt-3 space-y-2 empty:hidden">
        {drafts.map((draft) => (
          <li key={draft.id} className="rounded-xl border border-slate-200 p-3 text-sm">
            <p className="font-semibold">
              {draft.clientName}: {draft.items.map((item) => item.title).join(', ')}
            </p>
            <p className="mt-1 text-muted">
              {providerPayerLabels[draft.payer]}
              {draft.payer === 'custom_fee' ? ` (${formatMoney(draft.feeCents)})` : ''} · drafted by {draft.draftedBy ?? 'a former member'}
              {draft.practitionerName ? ` for ${draft.practitionerName}` : ''} · {shopDay(draft.createdAt)}
            </p>
            {draft.note ? <p className="mt-1 italic">“{draft.note}”</p> : null}
            <action.Form method="post" action={dashboardActions.orders} className="mt-2 flex flex-wrap gap-2">
              <input type="hidden" name="id" value={draft.id} />
              {draft.canSend ? button(draft, dashboardForms.draftSend, 'Send', 'Sending…') : null}
              {button(draft, dashboardForms.draftDiscard, 'Discard', 'Discarding…')}
            </action.Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
