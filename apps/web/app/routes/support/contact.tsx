import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { contactAction, contactLoader } from './contact.server';
import { CONTACT_FORM, HONEYPOT_FIELD } from './support-forms';
import type { Route } from './+types/contact';

export function loader(args: Route.LoaderArgs) {
  return contactLoader(args);
}

/** The message is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return contactAction(args);
}

export const meta = () => [
  { title: 'Contact us | Base' },
  { name: 'description', content: 'Questions about a test, an order or your results? Write to the Base support team.' },
];

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { member, order, topic, startedAt } = loaderData;
  const contact = useActionForm<FormAnswer>(CONTACT_FORM, (_answer, form) => form.reset());
  const { errors, values } = contact;
  const collectionChange = topic === 'collection_change' && order;
  const defaultSubject = collectionChange
    ? `Change the collection choice of order #${order.number}`
    : order
      ? `About order #${order.number}`
      : '';

  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-extrabold">Contact us</h1>
      <p className="mt-3 text-muted">
        Questions about a test, your order or your results? Write to us and a person from our support team answers, usually within one
        business day (Monday to Friday). We answer by e-mail{member ? ' and in your account, under Messages' : ''}.
      </p>
      <p className="mt-2 text-sm text-muted">
        Please do not send us symptoms that need urgent care: if you feel unwell, call your doctor, or 911 in an emergency.
      </p>

      {contact.answer?.ok ? (
        <div className="mt-8" aria-live="polite">
          <Alert tone="info">{contact.answer.message}</Alert>
          <Link to="/" className="mt-6 inline-block font-semibold text-brand underline">
            Back to the shop
          </Link>
        </div>
      ) : (
        <contact.fetcher.Form
          ref={contact.formRef}
          method="post"
          noValidate
          aria-label="Message to support"
          className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm"
        >
          <input type="hidden" name="_form" value={CONTACT_FORM} />
          <input type="hidden" name="startedAt" value={startedAt} />
          <input type="hidden" name="topic" value={topic} />
          {order ? <input type="hidden" name="orderId" value={order.id} /> : null}
          {member ? (
            <p className="text-sm [overflow-wrap:anywhere]">
              Writing as <strong>{member.name || member.email}</strong> ({member.email}).
            </p>
          ) : (
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Your name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
              <Field
                label="E-mail address"
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={values.email}
                error={errors.email}
              />
            </div>
          )}
          {order ? (
            <p className="rounded-lg bg-brand-soft px-4 py-3 text-sm">
              About order <strong>#{order.number}</strong>
              {order.collection ? `, collection: ${order.collection}` : ''}. It is attached to your message.
              {collectionChange ? ' Tell us what you would like instead: home delivery to an address, or a lab near a zip code.' : ''}
            </p>
          ) : null}
          <Field
            label="Subject"
            name="subject"
            required
            maxLength={120}
            defaultValue={values.subject ?? defaultSubject}
            error={errors.subject}
          />
          <div>
            <label htmlFor="contact-body" className="block text-sm font-semibold">
              Your message
            </label>
            <textarea
              id="contact-body"
              name="body"
              rows={7}
              required
              maxLength={5000}
              defaultValue={values.body}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? 'contact-body-error' : undefined}
              className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 ${
                errors.body ? 'border-danger' : 'border-slate-300'
              }`}
            />
            {errors.body ? (
              <p id="contact-body-error" className="mt-1 text-sm font-medium text-danger">
                {errors.body}
              </p>
            ) : null}
          </div>
          {/* people never see this field; programs that fill every field do */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="contact-website">Leave this field empty</label>
            <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <div aria-live="polite" className="empty:hidden">
            {contact.answer && !contact.answer.ok && contact.answer.message ? <Alert tone="error">{contact.answer.message}</Alert> : null}
          </div>
          <Button type="submit" pending={contact.pending} pendingLabel="Sending…" className="w-full sm:w-auto">
            Send message
          </Button>
        </contact.fetcher.Form>
      )}
    </section>
  );
}
