import { useState } from 'react';
import { Link } from 'react-router';
import { asksForSupport, collectionMethodLabels } from '@shop/core';
import { Alert } from '../../components/alert';
import { MessageSupportLink } from '../../components/support/message-support-link';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { useActionForm } from '../../lib/form-answer';
import { loadOrderFromQuery } from '../../lib/order-loader';
import { COLLECTION_FORM, LAB_SEARCH_FORM, type CollectionAnswer } from '../../components/checkout/forms';
import { collectionAction } from './collection.server';
import type { Route } from './+types/collection';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { order: await loadOrderFromQuery(request, context) };
}

/** The lab search and the choice are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return collectionAction(args);
}

export const meta = () => [{ title: 'Home kit or lab | Base' }];

type Method = 'home' | 'lab';

function labsFoundText(count: number, zip: string | undefined): string {
  if (count === 0) return 'No partner lab near this zip code yet. Please choose At-home Delivery.';
  return `${count} partner ${count === 1 ? 'lab' : 'labs'} near ${zip ?? 'this zip code'}, nearest first.`;
}

/**
 * Home kit or partner lab, chosen once for a paid order. What shows follows the checked method by
 * CSS alone, so it does before the page's script runs (or without it) as well as after: the form
 * holds both methods' fields and the action reads the checked one's (the classes are written out
 * whole, for Tailwind to find them). The lab search is a form of its own, after the choice's.
 */
export default function Collection({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const choice = useActionForm<CollectionAnswer>(COLLECTION_FORM);
  const search = useActionForm<CollectionAnswer>(LAB_SEARCH_FORM);
  const [method, setMethod] = useState<Method>(choice.values.method === 'lab' || search.sentWithoutScript ? 'lab' : 'home');
  // the labs of the last search, or those a refused lab choice came back with
  const found = search.answer?.ok ? search.answer : choice.answer?.labs ? choice.answer : undefined;
  const labs = found?.labs ?? null;
  const errors = { ...search.errors, ...choice.errors };
  const typed = (name: string) => choice.values[name];

  // nothing in the order needs a sample (a gift's recipient chooses when they redeem it)
  if (order.nextStep.kind === 'no_sample' || (order.gift && order.status === 'paid')) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16">
        <h1 className="text-3xl font-extrabold">No sample needed</h1>
        <p className="mt-2 text-muted">Order #{order.number} has no test to take, so there is no home kit or lab to choose.</p>
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
          <h2 className="text-lg font-bold">What happens next</h2>
          <p className="mt-2">{order.nextStep.text}</p>
        </div>
        <Link to={`/account/orders/${order.id}`} className="mt-6 inline-block font-semibold text-brand underline">
          See your order
        </Link>
      </section>
    );
  }

  if (order.collection) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16">
        <h1 className="text-3xl font-extrabold">Home kit or lab</h1>
        <div className="mt-6">
          <Alert tone="info">You have selected: {order.collection.label}. This choice can only be changed by messaging support.</Alert>
          <p className="mt-4">
            <MessageSupportLink orderId={order.id} topic="collection_change">
              Message support to change it
            </MessageSupportLink>
          </p>
        </div>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-extrabold">How would you like to give your sample?</h1>
      <p className="mt-2 text-muted">
        Order #{order.number}. You choose once; to change it later,{' '}
        <MessageSupportLink orderId={order.id} topic="collection_change">
          message support
        </MessageSupportLink>
        .
      </p>
      <choice.fetcher.Form ref={choice.formRef} method="post" noValidate className="group mt-8 space-y-6" aria-label="Collection choice">
        <input type="hidden" name="_form" value={COLLECTION_FORM} />
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="sr-only">Collection method</legend>
          {(['home', 'lab'] as const).map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-xl border-2 border-slate-200 bg-white p-4 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
            >
              <input
                type="radio"
                name="method"
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
                className="mr-2 accent-brand"
              />
              <span className="font-semibold">{collectionMethodLabels[value]}</span>
              <span className="mt-1 block text-sm text-muted">
                {value === 'home'
                  ? 'A kit arrives in 2–5 business days.'
                  : 'A 15–20 minute visit to a partner lab. Not available in New York.'}
              </span>
            </label>
          ))}
        </fieldset>
        {errors.method ? <p className="text-sm font-medium text-danger">{errors.method}</p> : null}
        <div className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2 group-has-[[name=method][value=lab]:checked]:hidden">
          <Field
            className="sm:col-span-2"
            label="Full name"
            name="fullName"
            autoComplete="name"
            defaultValue={typed('fullName')}
            error={errors.fullName}
          />
          <Field
            className="sm:col-span-2"
            label="Shipping address"
            name="shippingAddress"
            autoComplete="address-line1"
            defaultValue={typed('shippingAddress')}
            error={errors.shippingAddress}
          />
          <Field
            label="Apartment number (optional)"
            name="apartmentNumber"
            autoComplete="address-line2"
            defaultValue={typed('apartmentNumber')}
            error={errors.apartmentNumber}
          />
          <Field label="City" name="city" autoComplete="address-level2" defaultValue={typed('city')} error={errors.city} />
          <Field
            label="Zip code"
            name="zipCode"
            inputMode="numeric"
            autoComplete="postal-code"
            defaultValue={typed('zipCode')}
            error={errors.zipCode}
          />
          <Field
            label="Phone (optional, for updates)"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={typed('phone')}
            error={errors.phone}
          />
        </div>
        <div className="hidden rounded-2xl bg-white p-6 shadow-sm group-has-[[name=method][value=lab]:checked]:block">
          {/* the zip code and its button belong to the search form below: Enter in the zip code searches, Enter in the address confirms */}
          <div className="flex items-end gap-3">
            <Field
              className="flex-1"
              label="Your zip code"
              name="labZip"
              form="lab-search"
              inputMode="numeric"
              defaultValue={search.values.labZip ?? found?.labZip}
              error={errors.labZip}
            />
            <Button type="submit" form="lab-search" variant="secondary" pending={search.pending} pendingLabel="Searching…">
              Find labs
            </Button>
          </div>
          {/* the zip code the labs below were found for is the one the choice is sent with */}
          <input type="hidden" name="labZip" value={found?.labZip ?? ''} />
          {/* what a search found is read out where the focus stays, on its button (a status message) */}
          <p role="status" className="mt-4 text-muted empty:hidden">
            {labs ? labsFoundText(labs.length, found?.labZip) : null}
          </p>
          {labs && labs.length > 0 ? (
            <fieldset className="mt-4 space-y-2">
              <legend className="font-semibold">Choose a lab</legend>
              {labs.map((lab, index) => (
                <label key={lab.id} className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3">
                  <input type="radio" name="labLocationId" value={lab.id} defaultChecked={index === 0} className="accent-brand" />
                  <span className="flex-1">
                    <span className="font-medium">{lab.name}</span>
                    <span className="block text-sm text-muted">
                      {lab.address}, {lab.city}, {lab.state} {lab.zipCode}
                    </span>
                  </span>
                  <span className="shrink-0 text-sm font-medium text-muted">
                    {/* read as a separate phrase, not run into the zip code */}
                    <span className="sr-only">, </span>
                    {lab.distanceMiles.toFixed(1)} mi
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <div aria-live="polite">{errors.labLocationId ? <p className="mt-2 text-sm text-danger">{errors.labLocationId}</p> : null}</div>
        </div>
        {choice.answer && !choice.answer.ok && choice.answer.message ? <Alert tone="error">{choice.answer.message}</Alert> : null}
        {Object.values(errors).some(asksForSupport) ? (
          <p className="text-sm">
            Your address does not fit the form? <MessageSupportLink orderId={order.id} />
          </p>
        ) : null}
        <Button
          type="submit"
          className="w-full"
          pending={choice.pending}
          pendingLabel="Saving…"
          disabled={method === 'lab' && !labs?.length}
        >
          <span className="group-has-[[name=method][value=lab]:checked]:hidden">Confirm {collectionMethodLabels.home}</span>
          <span className="hidden group-has-[[name=method][value=lab]:checked]:inline">Confirm {collectionMethodLabels.lab}</span>
        </Button>
      </choice.fetcher.Form>
      <search.fetcher.Form id="lab-search" ref={search.formRef} method="post" noValidate>
        <input type="hidden" name="_form" value={LAB_SEARCH_FORM} />
      </search.fetcher.Form>
    </section>
  );
}
