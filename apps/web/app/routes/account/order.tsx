import { sampleFreeLinkLabel } from '@shop/core';
import { Form, Link, redirect, useSearchParams } from 'react-router';
import { AddProgramForm } from '../../components/account/add-program-form';
import { CANCEL_ORDER_FORM, CANCEL_ORDER_QUERY, REGISTER_KIT_FORM } from '../../components/account/forms';
import { OrderItems } from '../../components/account/order-items';
import { SampleSent } from '../../components/account/sample-sent';
import { OrderTracker, orderProgressOf } from '../../components/account/order-tracker';
import { Alert, FormRefusal } from '../../components/alert';
import { Button } from '../../components/button';
import { serverApi } from '../../lib/api';
import { isUnauthenticated, notFoundWhen } from '../../lib/errors';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { orderAction } from './order.server';
import type { Route } from './+types/order';
import { shopDay } from '../../lib/dates';
import { webEnv } from '../../lib/web-env';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const api = serverApi(request, context);
    return {
      order: await api.getOrder(params.id),
      requisitionUrl: api.orderRequisitionPdfPath(params.id, webEnv().publicApiBaseUrl),
    };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(`/account/orders/${params.id}`)}`);
    return notFoundWhen(error);
  }
}

/** The page's forms (a kit's code, the program added to the cart) are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return orderAction(args);
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Order #${loaderData.order.number} | Base` : 'Order | Base' },
];

const when = (iso: string | null) => (iso ? shopDay(iso) : null);

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order, requisitionUrl } = loaderData;
  const registrable = order.kits.some((kit) => kit.status === 'shipped' || kit.status === 'sample_held');
  // held by the page: once the kit is registered its form goes, and the answer stays
  const kitForm = useActionForm<FormAnswer>(REGISTER_KIT_FORM, (_, form) => form.reset());
  const registered = kitForm.answer?.ok ? kitForm.answer.message : null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/account" className="text-sm font-semibold text-brand underline">
        ← My account
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold">Order #{order.number}</h1>
      <p className="mt-2">
        <span className="rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-brand-dark">{order.statusLabel}</span>
      </p>
      {order.redeemedGift ? (
        <p className="mt-4 text-muted">
          A gift from {order.redeemedGift.from}:{' '}
          {order.redeemedGift.type === 'improvement_program'
            ? 'your starter test and the 2-month Improvement Program'
            : 'your starter test'}
          , with nothing to pay.
        </p>
      ) : null}
      <section aria-labelledby="next-title" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="next-title" className="text-xl font-bold">
          What happens next
        </h2>
        <p className="mt-2">{order.nextStep.text}</p>
        {order.nextStep.href ? (
          <Link to={order.nextStep.href} className="mt-3 inline-block rounded-full bg-brand px-5 py-2 font-semibold text-white">
            {order.nextStep.kind === 'no_sample'
              ? sampleFreeLinkLabel(order.nextStep)
              : (nextStepLabels[order.nextStep.kind] ?? 'Continue')}
          </Link>
        ) : null}
        {registrable ? (
          <RegisterKit form={kitForm} />
        ) : registered ? (
          <div className="mt-5 border-t border-slate-100 pt-5">
            <Alert>{registered}</Alert>
          </div>
        ) : null}
      </section>
      {order.collection?.lab ? (
        <ChosenLab lab={order.collection.lab} requisitionUrl={order.collection.requisitionReady ? requisitionUrl : null} />
      ) : null}
      <OrderTracker steps={orderProgressOf(order)} />
      {order.physician ? (
        <p className="mt-6 rounded-2xl bg-white p-5 text-sm shadow-sm">
          Your tests are ordered by <span className="font-semibold">{order.physician.name}</span>, the physician of record for this order,
          licensed where you live ({order.physician.licence}).
        </p>
      ) : null}
      {order.kits.length > 0 ? (
        <section aria-labelledby="kits-title" className="mt-6">
          <h2 id="kits-title" className="text-xl font-bold">
            Your kits
          </h2>
          <ul className="mt-3 space-y-3">
            {order.kits.map((kit) => (
              <li key={kit.kitSlug} className="rounded-2xl bg-white p-5 shadow-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{kit.title}</h3>
                  <span className="text-sm font-semibold text-brand-dark">{kit.statusLabel}</span>
                </div>
                {kit.notice ? <p className="mt-2 rounded-xl bg-brand-soft p-3 text-sm">{kit.notice}</p> : null}
                <ol className="mt-2 text-sm text-muted">
                  {kit.shippedAt ? (
                    <li>
                      Shipped on {when(kit.shippedAt)}
                      {kit.trackingNumber ? `, tracking number ${kit.trackingNumber}` : ''}
                    </li>
                  ) : null}
                  {kit.registeredAt ? <li>Registered on {when(kit.registeredAt)}</li> : null}
                  {kit.sampleSentAt ? <li>Sample posted on {when(kit.sampleSentAt)}</li> : null}
                  {kit.sampleReceivedAt ? <li>Sample received on {when(kit.sampleReceivedAt)}</li> : null}
                  {kit.resultsAt ? <li>Results ready on {when(kit.resultsAt)}</li> : null}
                </ol>
                {kit.status === 'registered' && !kit.sampleSentAt ? <SampleSent kit={kit} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <OrderItems order={order} />
      {order.redeemedGift?.programLater ? <ProgramLater offer={order.redeemedGift.programLater} /> : null}
      <CancelOrder selfCancel={order.selfCancel} orderPath={`/account/orders/${order.id}`} />
    </section>
  );
}

/**
 * Cancelling before the kit ships, in two clicks: "Cancel order" loads the page at `?cancel=order`
 * (with or without the page's script), which asks; "Yes, cancel and refund" sends the page's
 * action. The answer stays on the page once the order is refunded.
 */
function CancelOrder({ selfCancel, orderPath }: { selfCancel: boolean; orderPath: string }) {
  const [searchParams] = useSearchParams();
  const { fetcher, answer, pending } = useActionForm<FormAnswer>(CANCEL_ORDER_FORM);
  const done = answer?.ok ? answer.message : null;
  const error = answer && !answer.ok ? (answer.message ?? null) : null;
  if (done) {
    return (
      <div aria-live="polite" className="mt-6">
        <Alert>{done}</Alert>
      </div>
    );
  }
  if (!selfCancel) return null;
  if (searchParams.get(CANCEL_ORDER_QUERY) !== 'order') {
    return (
      <Form method="get" className="mt-6">
        <Button type="submit" name={CANCEL_ORDER_QUERY} value="order" variant="secondary" className="px-4 py-2 text-sm">
          Cancel order
        </Button>
      </Form>
    );
  }
  return (
    <section aria-labelledby="cancel-order-title" className="mt-6 rounded-2xl border border-line bg-white p-6">
      <h2 id="cancel-order-title" className="text-xl font-bold">
        Cancel this order?
      </h2>
      <p className="mt-2">
        Nothing has shipped yet, so you get back everything you paid, to the card you paid with. A program or subscription bought with it
        ends too, and nothing more is charged.
      </p>
      <FormRefusal message={error} />
      <fetcher.Form method="post" className="mt-4 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="_form" value={CANCEL_ORDER_FORM} />
        <Link to={orderPath} className="inline-flex items-center px-4 py-2 font-semibold text-brand underline">
          Keep it
        </Link>
        <Button type="submit" pending={pending} pendingLabel="Cancelling…">
          Yes, cancel and refund
        </Button>
      </fetcher.Form>
    </section>
  );
}

type Lab = NonNullable<NonNullable<Route.ComponentProps['loaderData']['order']['collection']>['lab']>;

/** The partner lab the member chose: where and when to go, and, once the order is there, the requisition to bring. */
function ChosenLab({ lab, requisitionUrl }: { lab: Lab; requisitionUrl: string | null }) {
  return (
    <section aria-labelledby="lab-title" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="lab-title" className="text-xl font-bold">
        Your lab
      </h2>
      <p className="mt-2 font-semibold">{lab.name}</p>
      <address className="not-italic text-muted">
        {lab.address}, {lab.city}, {lab.state} {lab.zipCode}
      </address>
      {lab.hours ? <p className="mt-2 text-sm">Open {lab.hours}</p> : null}
      {requisitionUrl ? (
        <p className="mt-4">
          Bring a photo ID and your lab requisition:{' '}
          <a href={requisitionUrl} className="font-semibold text-brand underline" download>
            Download your lab requisition (PDF)
          </a>
        </p>
      ) : null}
    </section>
  );
}

/**
 * A one-off gift's recipient can add the 2-month Improvement Program to their test for its own
 * price (DESIGN.md §3, "Improvement Program later"): it goes in the cart and through checkout.
 */
function ProgramLater({ offer }: { offer: { productCode: string; price: string } }) {
  return (
    <section aria-labelledby="program-title" className="mt-6 rounded-2xl bg-brand-soft p-6">
      <h2 id="program-title" className="text-xl font-bold">
        Add the Improvement Program
      </h2>
      <p className="mt-2">
        Turn your results into change: 2 months of nutrition and lifestyle plan, 2 lab retests, health coaching and shopping lists, for{' '}
        <strong>{offer.price}</strong>.
      </p>
      <AddProgramForm offer={offer} />
    </section>
  );
}

/** A kit registered by the code printed on it, sent to the page's action. */
function RegisterKit({ form }: { form: ReturnType<typeof useActionForm<FormAnswer>> }) {
  const { fetcher, formRef, answer, errors, pending, values } = form;
  const error = errors.code ?? (answer && !answer.ok ? answer.message : undefined);
  const done = answer?.ok ? answer.message : undefined;

  return (
    <fetcher.Form ref={formRef} method="post" noValidate className="mt-5 border-t border-slate-100 pt-5">
      <input type="hidden" name="_form" value={REGISTER_KIT_FORM} />
      <label htmlFor="kit-code" className="block font-semibold">
        Kit code
      </label>
      <p id="kit-code-hint" className="text-sm text-muted">
        The code printed on your kit, like ABCD-2345.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          id="kit-code"
          name="code"
          autoComplete="off"
          defaultValue={values.code}
          aria-describedby="kit-code-hint"
          aria-invalid={error ? true : undefined}
          className="w-48 rounded-lg border border-slate-300 px-3 py-2 font-mono uppercase"
        />
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending}
          className="rounded-full bg-brand px-5 py-2 font-semibold text-white disabled:opacity-60"
        >
          {pending ? 'Registering…' : 'Register my kit'}
        </button>
      </div>
      <div aria-live="polite" className="mt-3">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {done ? <Alert>{done}</Alert> : null}
      </div>
    </fetcher.Form>
  );
}

/** The button for a next step that is done on another page. */
const nextStepLabels: Partial<Record<string, string>> = {
  fill_profile: 'Fill in my medical profile',
  choose_collection: 'Choose home kit or lab',
  see_results: 'See your results',
};
