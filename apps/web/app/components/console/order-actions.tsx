import type { AdminOrder } from '@shop/client';
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { Alert } from '../alert';
import { browserApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { formText } from '../../lib/form-text';
import { useHydrated } from '../../lib/use-hydrated';

const labels: Record<'approve' | 'decline' | 'refund' | 'cancel' | 'resend_email', string> = {
  approve: 'Approve',
  decline: 'Decline and refund',
  refund: 'Refund',
  cancel: 'Cancel order',
  resend_email: 'Resend receipt',
};
const paths = { approve: 'approve', decline: 'decline', refund: 'refund', cancel: 'cancel', resend_email: 'resend-email' } as const;

/** The buttons and forms for what may be done to the order now, and nothing else. */
export function OrderActions({ order }: { order: AdminOrder }) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function run(key: string, call: () => Promise<unknown>, success: string) {
    setPending(key);
    setError(null);
    setDone(null);
    try {
      await call();
      setDone(success);
      await revalidator.revalidate();
    } catch (caught) {
      setError(messageOf(caught, 'The action failed. Please try again.'));
    } finally {
      setPending(null);
    }
  }

  const orderActions = order.actions.filter((action) => !action.kitSlug && action.action in labels);
  const kitActions = order.actions.filter((action) => action.kitSlug);

  function onOrderAction(event: FormEvent<HTMLFormElement>, action: keyof typeof labels) {
    event.preventDefault();
    const reason = formText(new FormData(event.currentTarget), 'reason').trim() || undefined;
    void run(action, () => browserApi().adminOrderAction(order.id, paths[action], reason), `${labels[action]}: done.`);
  }

  return (
    <section aria-labelledby="actions-title" className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="actions-title" className="text-lg font-bold">
        Actions
      </h2>
      <div aria-live="polite" className="mt-3 space-y-2">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {done ? <Alert>{done}</Alert> : null}
      </div>
      {order.actions.length === 0 ? <p className="mt-3 text-sm text-muted">Nothing can be done to this order now.</p> : null}
      <ul className="mt-3 space-y-4">
        {kitActions.map((action) => {
          const kit = order.kits.find((candidate) => candidate.kitSlug === action.kitSlug);
          const key = `${action.action}:${action.kitSlug}`;
          if (!kit) return null;
          if (action.action === 'ship') {
            return (
              <li key={key}>
                <form
                  method="post"
                  className="flex flex-wrap items-end gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const tracking = formText(new FormData(event.currentTarget), 'trackingNumber');
                    void run(key, () => browserApi().adminShipKit(order.id, kit.kitSlug, tracking), `${kit.title} shipped.`);
                  }}
                >
                  <label className="flex flex-col text-sm font-semibold">
                    Tracking number for the {kit.title}
                    <input
                      name="trackingNumber"
                      required
                      minLength={4}
                      maxLength={64}
                      className="mt-1 rounded-lg border border-slate-300 px-3 py-2 font-normal"
                    />
                  </label>
                  <ActionButton pending={pending === key} disabled={!action.allowed || pending !== null} label={`Ship the ${kit.title}`} />
                </form>
              </li>
            );
          }
          return (
            <li key={key}>
              <ActionButton
                pending={pending === key}
                disabled={!action.allowed || pending !== null}
                label={`Sample received: ${kit.title}`}
                onClick={() =>
                  void run(key, () => browserApi().adminSampleReceived(order.id, kit.kitSlug), `Sample of the ${kit.title} recorded.`)
                }
              />
            </li>
          );
        })}
        {orderActions.map((action) => {
          const name = action.action as keyof typeof labels;
          const withReason = name !== 'resend_email';
          return (
            <li key={name}>
              <form method="post" className="flex flex-wrap items-end gap-2" onSubmit={(event) => onOrderAction(event, name)}>
                {withReason ? (
                  <label className="flex flex-col text-sm font-semibold">
                    Reason ({labels[name].toLowerCase()}, optional)
                    <input name="reason" maxLength={500} className="mt-1 w-64 rounded-lg border border-slate-300 px-3 py-2 font-normal" />
                  </label>
                ) : null}
                <ActionButton
                  pending={pending === name}
                  disabled={!action.allowed || pending !== null}
                  label={labels[name]}
                  danger={name !== 'approve' && name !== 'resend_email'}
                />
              </form>
            </li>
          );
        })}
      </ul>
      {order.actions.some((action) => !action.allowed) ? (
        <p className="mt-4 text-sm text-muted">Greyed-out actions belong to another role.</p>
      ) : null}
    </section>
  );
}

function ActionButton({
  pending,
  disabled,
  label,
  danger,
  onClick,
}: {
  pending: boolean;
  disabled: boolean;
  label: string;
  danger?: boolean;
  onClick?: () => void;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type={onClick ? 'button' : 'submit'}
      onClick={onClick}
      disabled={disabled || !hydrated}
      aria-busy={pending}
      className={`rounded-full px-5 py-2 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:opacity-50 ${danger ? 'bg-danger' : 'bg-brand'}`}
    >
      {pending ? 'Working…' : label}
    </button>
  );
}
