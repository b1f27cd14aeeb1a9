import { supportStatusLabels } from '@shop/core';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button';
import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { ReplyField, ThreadMessages } from '../../components/support/thread-messages';
import { serverApi } from '../../lib/api';
import { notFoundWhen } from '../../lib/errors';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { loadForStaff } from '../../lib/staff.server';
import { CHANGE_COLLECTION_FORM, CLOSE_THREAD_FORM, STAFF_REPLY_FORM } from '../support/support-forms';
import { consoleThreadAction } from './messages.server';
import type { Route } from './+types/message-thread';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminSupportThread(params.id).catch(notFoundWhen));
}

export function action(args: Route.ActionArgs) {
  return consoleThreadAction(args);
}

export const meta = () => [{ title: 'Message | Operator console | Base' }];

const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal';
const primary = buttonClasses({ size: 'medium' });

function Answer({ answer }: { answer: FormAnswer | undefined }) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
    </div>
  );
}

function TextInput({
  name,
  label,
  errors,
  required = true,
}: {
  name: string;
  label: string;
  errors: Record<string, string>;
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={`change-${name}`} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={`change-${name}`}
        name={name}
        required={required}
        className={input}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `change-${name}-error` : undefined}
      />
      {errors[name] ? (
        <p id={`change-${name}-error`} className="mt-1 text-sm font-medium text-danger">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
}

export default function AdminMessageThread({ loaderData }: Route.ComponentProps) {
  const reply = useActionForm<FormAnswer>(STAFF_REPLY_FORM, (_answer, form) => form.reset());
  const close = useActionForm<FormAnswer>(CLOSE_THREAD_FORM);
  const toHome = useActionForm<FormAnswer>(CHANGE_COLLECTION_FORM);
  if (loaderData.forbidden) return <StaffOnly />;
  const thread = loaderData;
  const order = thread.order;

  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-4xl px-4 py-8">
        <p>
          <Link to="/admin/messages" className="text-sm font-semibold text-brand underline">
            All messages
          </Link>
        </p>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-2xl font-extrabold break-words">{thread.subject}</h1>
            <p className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">
              {thread.name} ·{' '}
              <a href={`mailto:${thread.email}`} className="text-brand underline">
                {thread.email}
              </a>{' '}
              · {thread.member ? 'member' : 'visitor'} · {supportStatusLabels[thread.status]}
            </p>
          </div>
          {thread.status !== 'closed' ? (
            <close.fetcher.Form method="post">
              <input type="hidden" name="_form" value={CLOSE_THREAD_FORM} />
              <button
                type="submit"
                disabled={close.pending}
                className="rounded-full border border-slate-400 px-4 py-2 text-sm font-semibold disabled:opacity-60"
              >
                {close.pending ? 'Closing…' : 'Close conversation'}
              </button>
            </close.fetcher.Form>
          ) : null}
        </div>
        <Answer answer={close.answer} />

        {order ? (
          <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
            <h2 className="text-lg font-bold">
              Order{' '}
              <Link to={`/admin/orders/${order.id}`} className="text-brand underline">
                #{order.number}
              </Link>
            </h2>
            <p className="mt-1 text-sm">
              Status: {order.status.replaceAll('_', ' ')}. Collection:{' '}
              {order.collection
                ? order.collection.method === 'home'
                  ? `${order.collection.label}, ${order.collection.fullName ?? ''}, ${order.collection.shippingAddress ?? ''}${order.collection.apartmentNumber ? ` ${order.collection.apartmentNumber}` : ''}, ${order.collection.city ?? ''} ${order.collection.zipCode}`
                  : `${order.collection.label}, lab ${thread.labs.find((lab) => lab.id === order.collection?.labLocationId)?.name ?? order.collection.labLocationId}`
                : 'not chosen yet'}
              .
            </p>
            {order.collectionChangeable ? (
              <details className="mt-4">
                <summary className="cursor-pointer font-semibold text-brand">Change the collection choice</summary>
                <Answer answer={toHome.answer} />
                <div className="mt-4 grid gap-6 lg:grid-cols-2">
                  <toHome.fetcher.Form method="post" noValidate aria-labelledby="to-home" className="space-y-3">
                    <h3 id="to-home" className="font-bold">
                      At-home Delivery
                    </h3>
                    <input type="hidden" name="_form" value={CHANGE_COLLECTION_FORM} />
                    <input type="hidden" name="method" value="home" />
                    <TextInput name="fullName" label="Full name" errors={toHome.errors} />
                    <TextInput name="shippingAddress" label="Shipping address" errors={toHome.errors} />
                    <TextInput name="apartmentNumber" label="Apartment (optional)" errors={toHome.errors} required={false} />
                    <TextInput name="city" label="City" errors={toHome.errors} />
                    <TextInput name="zipCode" label="Zip code" errors={toHome.errors} />
                    <TextInput name="phone" label="Phone (optional)" errors={toHome.errors} required={false} />
                    <button type="submit" disabled={toHome.pending} className={primary}>
                      Change to home delivery
                    </button>
                  </toHome.fetcher.Form>
                  <toHome.fetcher.Form method="post" noValidate aria-labelledby="to-lab" className="space-y-3">
                    <h3 id="to-lab" className="font-bold">
                      Lab Pick-Up
                    </h3>
                    <input type="hidden" name="_form" value={CHANGE_COLLECTION_FORM} />
                    <input type="hidden" name="method" value="lab" />
                    <div>
                      <label htmlFor="change-lab" className="block text-sm font-semibold">
                        Partner lab
                      </label>
                      <select id="change-lab" name="labLocationId" required className={input}>
                        {thread.labs.map((lab) => (
                          <option key={lab.id} value={lab.id}>
                            {lab.name}, {lab.city} {lab.state} {lab.zipCode}
                          </option>
                        ))}
                      </select>
                    </div>
                    <TextInput name="zipCode" label="Customer’s zip code" errors={toHome.errors} />
                    <button type="submit" disabled={toHome.pending} className={primary}>
                      Change to lab pick-up
                    </button>
                  </toHome.fetcher.Form>
                </div>
              </details>
            ) : (
              <p className="mt-2 text-sm text-muted">
                The kit is prepared or the lab order sent: the collection choice can no longer change.
              </p>
            )}
          </div>
        ) : null}

        <ThreadMessages messages={thread.messages} ownSide="staff" />

        <reply.fetcher.Form
          ref={reply.formRef}
          method="post"
          noValidate
          aria-label="Reply to the customer"
          className="mt-8 space-y-4 rounded-2xl bg-white p-5 shadow-sm"
        >
          <input type="hidden" name="_form" value={STAFF_REPLY_FORM} />
          <ReplyField id="staff-reply" error={reply.errors.body} label={`Reply to ${thread.name}`} />
          <p className="text-sm text-muted">
            Sent by e-mail{thread.member ? ' and shown in the customer’s account' : ''}, signed with your name.
          </p>
          <Answer answer={reply.answer} />
          <button type="submit" disabled={reply.pending} aria-busy={reply.pending || undefined} className={primary}>
            {reply.pending ? 'Sending…' : 'Send reply'}
          </button>
        </reply.fetcher.Form>
      </section>
    </>
  );
}
