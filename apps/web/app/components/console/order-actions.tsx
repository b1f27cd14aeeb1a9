import type { AdminOrder } from '@shop/client';
import { sampleRejectionLabels, sampleRejectionReasons } from '@shop/core';
import { useEffect, useRef } from 'react';
import { Alert } from '../alert';
import { useActionForm } from '../../lib/form-answer';
import { formText } from '../../lib/form-text';
import { actionPanelForms, GUARANTEE_FORM, orderActionLabels, type OrderActionAnswer, type OrderActionName } from './order-forms';

const inputClass = 'mt-1 rounded-lg border border-slate-300 px-3 py-2 font-normal';

function kitActionLabel(action: string, kitTitle: string): string {
  if (action === 'ship') return `Ship the ${kitTitle}`;
  if (action === 'reject_sample') return `Reject the sample: ${kitTitle}`;
  return `Sample received: ${kitTitle}`;
}

/** Why the lab could not test a kit's sample: core's reasons, in the words the member will read. */
function RejectionReason({
  kit,
  sent,
}: {
  kit: { kitSlug: string; title: string };
  sent: { errors: Record<string, string>; values: Record<string, string> };
}) {
  const error = sent.errors.reason;
  const errorId = `rejection-error-${kit.kitSlug}`;
  return (
    <div>
      <label className="flex flex-col text-sm font-semibold">
        Why the lab could not test the {kit.title}
        <select
          name="reason"
          defaultValue={sent.values.reason ?? sampleRejectionReasons[0]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={inputClass}
        >
          {sampleRejectionReasons.map((reason) => (
            <option key={reason} value={reason}>
              {sampleRejectionLabels[reason].replace(/^./, (first) => first.toUpperCase())}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Which form of the panel: the action, and the kit for a kit's action. */
const keyOf = (action: string | undefined, kitSlug: string | undefined) => (kitSlug ? `${action}:${kitSlug}` : (action ?? ''));

/**
 * The buttons and forms for what may be done to the order now, and nothing else. Each is a form
 * sent to the order page's action, by the page's script or without it; they share one fetcher,
 * so that the answer stays when its form goes (a shipped kit has no ship form), and one action
 * runs at a time.
 */
export function OrderActions({ order }: { order: AdminOrder }) {
  const form = useActionForm<OrderActionAnswer>(actionPanelForms);
  const { fetcher, formRef, values } = form;
  const sending = fetcher.state !== 'idle' ? fetcher.formData : undefined;
  const pending = sending ? keyOf(formText(sending, '_form'), formText(sending, 'kitSlug')) : null;
  // the last answer goes while the next action is sent
  const answer = fetcher.state === 'submitting' ? undefined : form.answer;
  const errors = answer && !answer.ok ? answer.errors : {};
  const answered = answer ? keyOf(answer.form, answer.kitSlug) : null;
  // The pressed button is disabled while its action runs, and the focus falls to the page: the
  // answer takes it (WCAG 2.4.3), unless a field to fix has (useActionForm). The answer is read
  // out as it takes the focus, so it sits in no live region that would read it a second time.
  const message = useRef<HTMLDivElement>(null);
  const fetched = fetcher.data as OrderActionAnswer | undefined;
  useEffect(() => {
    if (fetched?.message && (fetched.ok || Object.keys(fetched.errors).length === 0)) message.current?.focus();
  }, [fetched]);
  /** What the form of `key` shows: its field's message, what was typed, the ref that takes the focus to the field to fix. */
  const shown = (key: string) =>
    answered === key ? { errors, values, ref: formRef } : { errors: {} as Record<string, string>, values: {} as Record<string, string> };

  const orderActions = order.actions.filter((action) => !action.kitSlug && action.action in orderActionLabels);
  const kitActions = order.actions.filter((action) => action.kitSlug);

  return (
    <section aria-labelledby="actions-title" className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="actions-title" className="text-lg font-bold">
        Actions
      </h2>
      <div className="mt-3 space-y-2">
        {answer?.message ? (
          <Alert ref={message} tone={answer.ok ? 'info' : 'error'}>
            {answer.message}
          </Alert>
        ) : null}
      </div>
      {order.actions.every((action) => action.action === GUARANTEE_FORM) ? (
        <p className="mt-3 text-sm text-muted">Nothing can be done to this order now.</p>
      ) : null}
      <ul className="mt-3 space-y-4">
        {kitActions.map((action) => {
          const kit = order.kits.find((candidate) => candidate.kitSlug === action.kitSlug);
          const key = keyOf(action.action, action.kitSlug);
          if (!kit) return null;
          const disabled = !action.allowed || pending !== null;
          const sent = shown(key);
          const trackingError = sent.errors.trackingNumber;
          const errorId = `tracking-error-${kit.kitSlug}`;
          return (
            <li key={key}>
              <fetcher.Form ref={sent.ref} method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="_form" value={action.action} />
                <input type="hidden" name="kitSlug" value={kit.kitSlug} />
                {action.action === 'ship' ? (
                  <div>
                    <label className="flex flex-col text-sm font-semibold">
                      Tracking number for the {kit.title}
                      <input
                        name="trackingNumber"
                        required
                        minLength={4}
                        maxLength={64}
                        defaultValue={sent.values.trackingNumber}
                        aria-invalid={trackingError ? true : undefined}
                        aria-describedby={trackingError ? errorId : undefined}
                        className={inputClass}
                      />
                    </label>
                    {trackingError ? (
                      <p id={errorId} className="mt-1 text-sm font-medium text-danger">
                        {trackingError}
                      </p>
                    ) : null}
                  </div>
                ) : null}
                {action.action === 'reject_sample' ? <RejectionReason kit={kit} sent={sent} /> : null}
                <ActionButton pending={pending === key} disabled={disabled} label={kitActionLabel(action.action, kit.title)} />
              </fetcher.Form>
            </li>
          );
        })}
        {orderActions.map((action) => {
          const name = action.action as OrderActionName;
          const withReason = name !== 'resend_email';
          const sent = shown(name);
          const reasonError = sent.errors.reason;
          return (
            <li key={name}>
              <fetcher.Form ref={sent.ref} method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="_form" value={name} />
                {withReason ? (
                  <div>
                    <label className="flex flex-col text-sm font-semibold">
                      Reason ({orderActionLabels[name].toLowerCase()}, optional)
                      <input
                        name="reason"
                        maxLength={500}
                        defaultValue={sent.values.reason}
                        aria-invalid={reasonError ? true : undefined}
                        aria-describedby={reasonError ? `reason-error-${name}` : undefined}
                        className={`${inputClass} w-64`}
                      />
                    </label>
                    {reasonError ? (
                      <p id={`reason-error-${name}`} className="mt-1 text-sm font-medium text-danger">
                        {reasonError}
                      </p>
                    ) : null}
                  </div>
                ) : null}
                <ActionButton
                  pending={pending === name}
                  disabled={!action.allowed || pending !== null}
                  label={orderActionLabels[name]}
                  danger={name !== 'approve' && name !== 'resend_email'}
                  describedBy={name === 'approve' && order.approval ? 'approval-licence' : undefined}
                />
              </fetcher.Form>
              {name === 'approve' && order.approval ? <ApprovalLicence approval={order.approval} /> : null}
            </li>
          );
        })}
      </ul>
      {order.actions.some((action) => !action.allowed && !(action.action === 'approve' && order.approval?.refusal)) ? (
        <p className="mt-4 text-sm text-muted">Greyed-out actions belong to another role.</p>
      ) : null}
    </section>
  );
}

/** Under the approve button, for a clinician: the licence they approve under, or why they may not. */
function ApprovalLicence({ approval }: { approval: NonNullable<AdminOrder['approval']> }) {
  return approval.refusal ? (
    <p id="approval-licence" className="mt-2 rounded-lg bg-amber-50 p-2 text-sm font-semibold text-amber-900">
      {approval.refusal}
    </p>
  ) : (
    <p id="approval-licence" className="mt-2 text-sm text-muted">
      You approve as its physician of record, under your {approval.licence}.
    </p>
  );
}

function ActionButton({
  pending,
  disabled,
  label,
  danger,
  describedBy,
}: {
  pending: boolean;
  disabled: boolean;
  label: string;
  danger?: boolean;
  describedBy?: string | undefined;
}) {
  return (
    <button
      type="submit"
      disabled={disabled}
      aria-busy={pending}
      aria-describedby={describedBy}
      className={`rounded-full px-5 py-2 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:opacity-50 ${danger ? 'bg-danger' : 'bg-brand'}`}
    >
      {pending ? 'Working…' : label}
    </button>
  );
}
