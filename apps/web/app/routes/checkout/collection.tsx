import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { collectionChoiceSchema, collectionMethodLabels, labPickUpAvailable, LAB_NOT_AVAILABLE_IN_NY } from '@shop/core';
import type { Lab } from '@shop/client';
import { Alert } from '../../components/alert';
import { fieldErrors } from '../../lib/field-errors';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { browserApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { loadOrderFromQuery } from '../../lib/order-loader';
import type { Route } from './+types/collection';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { order: await loadOrderFromQuery(request, context) };
}

export const meta = () => [{ title: 'Home kit or lab | Base' }];

type Method = 'home' | 'lab';
type Errors = Record<string, string | undefined>;

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const navigate = useNavigate();
  const [method, setMethod] = useState<Method>('home');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [locked, setLocked] = useState<string | null>(
    order.collection
      ? `You have selected: ${order.collection.label}. This choice can only be changed by messaging support.`
      : null,
  );
  const [labs, setLabs] = useState<Lab[] | null>(null);
  const [labZip, setLabZip] = useState('');
  const [searching, setSearching] = useState(false);

  async function searchLabs() {
    setErrors({});
    if (!/^\d{5}$/.test(labZip)) return setErrors({ zipCode: 'Enter a valid zipcode or send us a message' });
    if (!labPickUpAvailable(labZip)) return setErrors({ zipCode: LAB_NOT_AVAILABLE_IN_NY });
    setSearching(true);
    try {
      setLabs((await browserApi().findLabs(labZip)).labs);
    } catch (failure) {
      setErrors({ zipCode: messageOf(failure) });
    } finally {
      setSearching(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = collectionChoiceSchema.safeParse(
      method === 'home'
        ? { method, fullName: form.fullName, shippingAddress: form.shippingAddress, apartmentNumber: form.apartmentNumber, city: form.city, zipCode: form.zipCode, phone: form.phone }
        : { method, zipCode: labZip, labLocationId: form.labLocationId ?? '' },
    );
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      return setErrors(next);
    }
    setErrors({});
    setPending(true);
    try {
      await browserApi().chooseCollection(order.id, parsed.data);
      await navigate(`/thanks?order=${order.id}`);
    } catch (failure) {
      const message = messageOf(failure);
      if (message.startsWith('You have selected')) setLocked(message);
      else setErrors({ form: message });
      setPending(false);
    }
  }

  if (locked) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16">
        <h1 className="text-3xl font-extrabold">Home kit or lab</h1>
        <div className="mt-6">
          <Alert tone="info">{locked}</Alert>
        </div>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-extrabold">How would you like to give your sample?</h1>
      <p className="mt-2 text-muted">Order #{order.number}. You choose once; to change it later, message support.</p>
      <form method="post" noValidate onSubmit={submit} className="mt-8 space-y-6" aria-label="Collection choice">
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="sr-only">Collection method</legend>
          {(['home', 'lab'] as const).map((value) => (
            <label
              key={value}
              className={`cursor-pointer rounded-xl border-2 bg-white p-4 ${method === value ? 'border-brand bg-brand-soft' : 'border-slate-200'}`}
            >
              <input type="radio" name="method" value={value} checked={method === value} onChange={() => setMethod(value)} className="mr-2 accent-brand" />
              <span className="font-semibold">{collectionMethodLabels[value]}</span>
              <span className="mt-1 block text-sm text-muted">
                {value === 'home' ? 'A kit arrives in 2–5 business days.' : 'A 15–20 minute visit to a partner lab. Not available in New York.'}
              </span>
            </label>
          ))}
        </fieldset>
        {method === 'home' ? (
          <div className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2">
            <Field className="sm:col-span-2" label="Full name" name="fullName" autoComplete="name" error={errors.fullName} />
            <Field className="sm:col-span-2" label="Shipping address" name="shippingAddress" autoComplete="address-line1" error={errors.shippingAddress} />
            <Field label="Apartment number (optional)" name="apartmentNumber" autoComplete="address-line2" error={errors.apartmentNumber} />
            <Field label="City" name="city" autoComplete="address-level2" error={errors.city} />
            <Field label="Zip code" name="zipCode" inputMode="numeric" autoComplete="postal-code" error={errors.zipCode} />
            <Field label="Phone (optional, for updates)" name="phone" type="tel" autoComplete="tel" error={errors.phone} />
          </div>
        ) : (
          <div className="rounded-2xl bg-white p-6 shadow-sm">
            <div className="flex items-end gap-3">
              <Field className="flex-1" label="Your zip code" name="labZip" inputMode="numeric" value={labZip} onChange={(event) => setLabZip(event.target.value.trim())} error={errors.zipCode} />
              <Button type="button" variant="secondary" onClick={searchLabs} pending={searching} pendingLabel="Searching…">
                Find labs
              </Button>
            </div>
            {labs ? (
              labs.length === 0 ? (
                <p className="mt-4 text-muted">No partner lab near this zip code yet. Please choose At-home Delivery.</p>
              ) : (
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
              )
            ) : null}
            {errors.labLocationId ? <p className="mt-2 text-sm text-danger">{errors.labLocationId}</p> : null}
          </div>
        )}
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Saving…" disabled={method === 'lab' && !labs?.length}>
          Confirm {collectionMethodLabels[method]}
        </Button>
      </form>
    </section>
  );
}
