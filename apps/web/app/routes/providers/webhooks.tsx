import { clinicWebhookStatusLabels, CLINIC_WEBHOOK_ENDPOINT_LIMIT } from '@shop/core';
import type { ProviderWebhooks } from '@shop/client';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { pageMeta } from '../../lib/seo';
import { WebhookVerification } from './webhook-verification';
import { webhookForms, type EndpointAdded } from './webhooks-forms';
import { webhooksAction, webhooksLoader } from './webhooks.server';
import type { Route } from './+types/webhooks';
import { shopDayTime } from '../../lib/dates';

export function loader(args: Route.LoaderArgs) {
  return webhooksLoader(args);
}

export function action(args: Route.ActionArgs) {
  return webhooksAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Webhooks',
    description: 'Your clinic’s signed events for its integrations.',
    path: '/providers/dashboard/webhooks',
    noIndex: true,
  });

const panel = 'rounded-2xl bg-white shadow-sm';
const smallButton = 'rounded-full border px-4 py-1 text-sm font-semibold disabled:opacity-60';
const when = (iso: string | null) => (iso ? shopDayTime(iso) : '—');

function Answer({ answer }: { answer: FormAnswer | undefined }) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
    </div>
  );
}

function RowButton({ form, id, label, name, tone }: { form: string; id: string; label: string; name: string; tone: string }) {
  const row = useActionForm<FormAnswer>(form);
  return (
    <row.fetcher.Form method="post">
      <input type="hidden" name="_form" value={form} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" aria-label={label} disabled={row.pending} className={`${smallButton} ${tone}`}>
        {name}
      </button>
      <Answer answer={row.answer} />
    </row.fetcher.Form>
  );
}

function Endpoints({ webhooks }: { webhooks: ProviderWebhooks }) {
  const add = useActionForm<EndpointAdded>(webhookForms.add, (_answer, form) => form.reset());
  const secret = add.answer?.ok ? add.answer.secret : undefined;
  return (
    <section aria-labelledby="endpoints-heading" className="mt-8">
      <h2 id="endpoints-heading" className="text-2xl font-bold">
        Endpoints
      </h2>
      {webhooks.endpoints.length > 0 ? (
        <ul aria-label="Endpoints" className={`${panel} mt-4 divide-y divide-slate-100`}>
          {webhooks.endpoints.map((endpoint) => (
            <li key={endpoint.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div className="min-w-0">
                <p className="break-all font-semibold">{endpoint.url}</p>
                <p className="text-sm text-muted">
                  Secret {endpoint.secretHint}… · added {when(endpoint.createdAt)}
                </p>
              </div>
              <RowButton
                form={webhookForms.remove}
                id={endpoint.id}
                name="Remove"
                label={`Remove the endpoint ${endpoint.url}`}
                tone="border-danger text-danger"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-muted">No endpoint yet.</p>
      )}
      {webhooks.endpoints.length < CLINIC_WEBHOOK_ENDPOINT_LIMIT ? (
        <add.fetcher.Form ref={add.formRef} method="post" className={`${panel} mt-4 grid gap-3 p-5 sm:grid-cols-[1fr_auto]`}>
          <input type="hidden" name="_form" value={webhookForms.add} />
          <Field
            label="Endpoint address"
            name="url"
            type="url"
            inputMode="url"
            placeholder="https://"
            defaultValue={add.values.url}
            error={add.errors.url}
          />
          <div className="flex items-end">
            <Button type="submit" pending={add.pending} pendingLabel="Adding…">
              Add endpoint
            </Button>
          </div>
          <div className="sm:col-span-2">
            <Answer answer={add.answer} />
            {secret ? (
              <div className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
                <p className="font-semibold">Your signing secret, shown this once</p>
                <p className="mt-1 text-sm">Copy it into your integration now: we keep it encrypted and cannot show it again.</p>
                <code className="mt-2 block break-all rounded bg-white p-2 text-sm">{secret}</code>
              </div>
            ) : null}
          </div>
        </add.fetcher.Form>
      ) : null}
      <p className="mt-3 text-sm text-muted">
        Events: order paid, kit shipped, results released (never the values), order refunded. Each request is signed as the Standard
        Webhooks specification says (below).
      </p>
    </section>
  );
}

function Deliveries({ webhooks }: { webhooks: ProviderWebhooks }) {
  return (
    <section aria-labelledby="deliveries-heading" className="mt-12">
      <h2 id="deliveries-heading" className="text-2xl font-bold">
        Delivery log
      </h2>
      {webhooks.deliveries.length > 0 ? (
        <ul aria-label="Deliveries" className={`${panel} mt-4 divide-y divide-slate-100`}>
          {webhooks.deliveries.map((delivery) => (
            <li key={delivery.id} className="grid gap-2 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
              <div className="min-w-0">
                <p className="font-semibold">
                  {delivery.type} · {clinicWebhookStatusLabels[delivery.status]}
                </p>
                <p className="break-all text-sm text-muted">
                  {delivery.url} · {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'} · last response{' '}
                  {delivery.lastStatusCode ?? (delivery.lastError ? 'none' : '—')} · {when(delivery.lastAttemptAt ?? delivery.createdAt)}
                  {delivery.nextAttemptAt && delivery.status === 'retrying' ? ` · next try ${when(delivery.nextAttemptAt)}` : ''}
                </p>
                <p className="break-all text-xs text-muted">Event {delivery.eventId}</p>
              </div>
              {!delivery.endpointRemoved &&
              (delivery.status === 'delivered' || delivery.status === 'failed' || delivery.status === 'retrying') ? (
                <RowButton
                  form={webhookForms.redeliver}
                  id={delivery.id}
                  name="Redeliver"
                  label={`Send the ${delivery.type} event ${delivery.eventId} again`}
                  tone="border-brand text-brand"
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-muted">No event has been sent yet.</p>
      )}
    </section>
  );
}

export default function ProviderWebhooksPage({ loaderData }: Route.ComponentProps) {
  const { webhooks, refused } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">
        <Link to="/providers/dashboard">Provider dashboard</Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Webhooks</h1>
      {webhooks ? (
        <>
          <p className="mt-2 text-muted">Your integration receives signed events for the orders placed through your clinic.</p>
          <Endpoints webhooks={webhooks} />
          <Deliveries webhooks={webhooks} />
          <WebhookVerification />
        </>
      ) : (
        <p className="mt-3 text-muted">{refused} Webhooks are set up by your clinic’s admins.</p>
      )}
    </section>
  );
}
