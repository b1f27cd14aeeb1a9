import { useState } from 'react';
import { Link } from 'react-router';
import { dayIn } from '@shop/core';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { GIFT_DELIVERY_FORM } from '../../components/checkout/forms';
import { Field } from '../../components/field';
import { OrderSummaryGift } from '../../components/order-summary-gift';
import { serverApi } from '../../lib/api';
import { useActionForm } from '../../lib/form-answer';
import { pageMeta } from '../../lib/seo';
import { giftDeliveryAction } from './gift-purchaser.server';
import type { Route } from './+types/gift-purchaser';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const [cart, { gift }, session] = await Promise.all([api.getCart(), api.getCartGift(), api.session().catch(() => null)]);
  const user = session?.user;
  // the purchaser is the signed-in customer, unless the form says otherwise already
  const prefill = gift?.delivery ?? {
    purchaserName: user?.name ?? '',
    purchaserEmail: user?.email ?? '',
    recipientName: '',
    recipientEmail: '',
    deliveryDate: '',
    message: '',
  };
  return { cart, gift, prefill, today: dayIn(new Date()) };
}

/** The delivery form is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return giftDeliveryAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Who is the gift for?',
    description: 'Tell us who receives your gift, when, and what you would like to say.',
    path: '/checkout-gift-purchaser',
    noIndex: true,
  });

const areaClass =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30';

/** The gift delivery form (§3, §5): the purchaser, the recipient, the day it arrives, a message. */
export default function CheckoutGiftPurchaser({ loaderData }: Route.ComponentProps) {
  const { cart, gift, prefill } = loaderData;
  const { fetcher, formRef, answer, errors, pending, values } = useActionForm(GIFT_DELIVERY_FORM);
  // what was typed, when the form came back refused without the page's script; else what is saved
  const shown = { ...prefill, ...values };
  const [recipientName, setRecipientName] = useState(shown.recipientName);

  if (!gift) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Your cart holds no gift yet</h1>
        <p className="mt-3 text-muted">Choose a starter test, or a starter test with the Improvement Program, to give.</p>
        <Link to="/gifts" className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark">
          Choose a gift
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Who is the gift for?</h1>
      <p className="mt-2 text-muted">We e-mail them your gift on the day you choose, with your message and a code to redeem it.</p>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-5">
        <fetcher.Form ref={formRef} method="post" noValidate className="space-y-8 lg:col-span-3" aria-label="Gift delivery">
          <input type="hidden" name="_form" value={GIFT_DELIVERY_FORM} />
          <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
            <legend className="float-left w-full text-lg font-bold">1. From you</legend>
            <div className="clear-both grid gap-4 pt-3 sm:grid-cols-2">
              <Field
                label="Your name"
                name="purchaserName"
                autoComplete="name"
                defaultValue={shown.purchaserName}
                error={errors.purchaserName}
              />
              <Field
                label="Your email"
                name="purchaserEmail"
                type="email"
                autoComplete="email"
                defaultValue={shown.purchaserEmail}
                error={errors.purchaserEmail}
              />
            </div>
          </fieldset>
          <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
            <legend className="float-left w-full text-lg font-bold">2. To them</legend>
            <div className="clear-both grid gap-4 pt-3 sm:grid-cols-2">
              <Field
                label="Their name"
                name="recipientName"
                autoComplete="off"
                defaultValue={shown.recipientName}
                onChange={(event) => setRecipientName(event.currentTarget.value)}
                error={errors.recipientName}
              />
              <Field
                label="Their email"
                name="recipientEmail"
                type="email"
                autoComplete="off"
                defaultValue={shown.recipientEmail}
                error={errors.recipientEmail}
              />
              <Field
                label="Delivery date"
                name="deliveryDate"
                type="date"
                min={loaderData.today}
                defaultValue={shown.deliveryDate}
                hint="Today sends it at once. Dates are New York time."
                error={errors.deliveryDate}
              />
              <div className="sm:col-span-2">
                <label htmlFor="gift-message" className="block text-sm font-semibold">
                  Your message (optional)
                </label>
                <textarea
                  id="gift-message"
                  name="message"
                  rows={4}
                  maxLength={500}
                  defaultValue={shown.message}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={errors.message ? 'gift-message-error' : 'gift-message-hint'}
                  className={`${areaClass} ${errors.message ? 'border-danger' : 'border-slate-300'}`}
                />
                <p id="gift-message-hint" className="mt-1 text-sm text-muted">
                  Plain text, up to 500 characters.
                </p>
                {errors.message ? (
                  <p id="gift-message-error" className="mt-1 text-sm font-medium text-danger">
                    {errors.message}
                  </p>
                ) : null}
              </div>
            </div>
          </fieldset>
          {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
          <Button type="submit" className="w-full" pending={pending} pendingLabel="Saving…">
            Continue to payment
          </Button>
        </fetcher.Form>
        <div className="lg:col-span-2">
          <OrderSummaryGift cart={cart} recipientName={recipientName} />
        </div>
      </div>
    </section>
  );
}
