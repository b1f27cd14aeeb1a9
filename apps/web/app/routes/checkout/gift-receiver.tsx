import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { collectionMethodLabels, consentTexts, type RedemptionChoice } from '@shop/core';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConsentBox } from '../../components/checkout/consent-box';
import { Field } from '../../components/field';
import { AccountStep } from '../../components/checkout/account-step';
import { GIFT_CODE_FORM, GIFT_REDEEM_FORM, type GiftAnswer } from '../../components/checkout/forms';
import { serverApi } from '../../lib/api';
import { useActionForm } from '../../lib/form-answer';
import { pagePath } from '../../lib/page-path';
import { pageMeta } from '../../lib/seo';
import { giftOfCode, giftReceiverAction } from './gift-receiver.server';
import type { Route } from './+types/gift-receiver';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const url = new URL(request.url);
  const code = url.searchParams.get('code') ?? '';
  // a link from the gift e-mail carries the code: it is checked as the page opens, script or not
  const [session, signIn, link] = await Promise.all([
    api.session().catch(() => null),
    api.signInOptions(),
    code ? giftOfCode(api, code) : null,
  ]);
  const googleFailed = url.searchParams.get('signInError') === 'google';
  url.searchParams.delete('signInError');
  url.searchParams.delete('_routes');
  return {
    code,
    link,
    user: session?.user ?? null,
    google: signIn.google,
    googleFailed,
    returnTo: pagePath(request) + url.search,
  };
}

/** The code and the redemption are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return giftReceiverAction(args);
}

/** A checked code changes nothing the loader reads: checking the link's code again would only spend a try. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('_form') === GIFT_CODE_FORM ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Redeem your gift',
    description: 'Redeem the health test someone gave you: enter your gift code, choose your test and where to send the kit.',
    path: '/checkout-gift-receiver',
    noIndex: true,
  });

const choiceValue = (choice: RedemptionChoice) => (choice.kind === 'area' ? choice.area : 'complete');

/**
 * The gift recipient's checkout (§2 /checkout-gift-receiver): the code from the e-mail (or the
 * link's ?code=), then the account step, the person tested, the test chosen from the gift and
 * the gift shipping form (§3, §5). Redeeming makes a $0 order and leads to its page. The two
 * forms share one fetcher: the last answer says which gift is open.
 */
export default function CheckoutGiftReceiver({ loaderData }: Route.ComponentProps) {
  const { code: linkCode, link, user, google, googleFailed, returnTo } = loaderData;
  const { fetcher, formRef, answer, errors, values } = useActionForm<GiftAnswer>([GIFT_CODE_FORM, GIFT_REDEEM_FORM]);
  const sending = fetcher.state === 'idle' ? undefined : fetcher.formData?.get('_form');
  const gift = answer ? answer.gift : link && 'gift' in link ? link.gift : undefined;
  const codeError = answer ? errors.code : link && 'refusal' in link ? link.refusal : undefined;
  const code = answer?.code ?? linkCode;
  const signedIn = answer?.signedIn ?? user;

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Redeem your gift</h1>
      <p className="mt-2 text-muted">
        Someone gave you a health test. Enter the code from your e-mail, choose your test and tell us where to send it: there is nothing to
        pay.
      </p>

      {/* the first field to fix takes the focus: in the code's form until the code opens a gift */}
      <fetcher.Form
        ref={gift ? undefined : formRef}
        method="post"
        noValidate
        aria-label="Gift code"
        className="mt-8 rounded-2xl bg-white p-6 shadow-sm"
      >
        <input type="hidden" name="_form" value={GIFT_CODE_FORM} />
        <h2 className="text-lg font-bold">1. Your gift code</h2>
        <div className="mt-3 flex flex-wrap items-start gap-3">
          <Field
            className="min-w-56 flex-1"
            label="Gift code"
            name="code"
            autoComplete="off"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            defaultValue={code}
            error={codeError}
            hint="16 letters and digits, in the e-mail that told you about the gift"
          />
          <Button type="submit" variant="secondary" className="mt-6" pending={sending === GIFT_CODE_FORM} pendingLabel="Checking…">
            Check code
          </Button>
        </div>
        {gift ? (
          <div className="mt-4 rounded-xl bg-brand-soft p-4">
            <p className="font-semibold">
              A gift from {gift.from}: {gift.title}
            </p>
            {gift.message ? (
              <blockquote className="mt-2 border-l-4 border-brand pl-3 whitespace-pre-line italic">{gift.message}</blockquote>
            ) : null}
            {gift.includesProgram ? (
              <p className="mt-2 text-sm">It includes the 2-month Improvement Program, which starts when your results arrive.</p>
            ) : null}
          </div>
        ) : null}
      </fetcher.Form>

      {gift ? (
        <fetcher.Form ref={formRef} method="post" noValidate aria-label="Redeem your gift" className="mt-8 space-y-8">
          <input type="hidden" name="_form" value={GIFT_REDEEM_FORM} />
          {/* the code that opened this gift, whatever the code's field holds since */}
          <input type="hidden" name="code" value={code} />
          <AccountStep
            legend="2. Your account"
            signedIn={signedIn}
            google={google}
            googleFailed={googleFailed}
            returnTo={returnTo}
            errors={errors}
            values={values}
          />

          <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
            <legend className="float-left w-full text-lg font-bold">3. The person tested</legend>
            <div className="clear-both space-y-4 pt-3">
              <Field
                label="Date of birth"
                name="dateOfBirth"
                type="date"
                autoComplete="bday"
                defaultValue={values.dateOfBirth}
                error={errors.dateOfBirth}
                hint="We test people who are 18 or older."
              />
              <fieldset>
                <legend className="text-sm font-semibold">How will you give your sample?</legend>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  {(['home', 'lab'] as const).map((value) => (
                    <label
                      key={value}
                      className="cursor-pointer rounded-xl border-2 border-slate-200 p-4 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                    >
                      <input
                        type="radio"
                        name="collection"
                        value={value}
                        defaultChecked={(values.collection ?? 'home') === value}
                        className="mr-2 accent-brand"
                      />
                      <span className="font-semibold">{collectionMethodLabels[value]}</span>
                      <span className="mt-1 block text-sm text-muted">
                        {value === 'home'
                          ? 'We ship the kit to the address below: gift kits arrive in 1–2 business days.'
                          : 'You choose a partner lab near you on the next page. Not available in New York, New Jersey or Rhode Island.'}
                      </span>
                    </label>
                  ))}
                </div>
                {errors.collection ? (
                  <p role="alert" className="mt-2 text-sm font-medium text-danger">
                    {errors.collection}
                  </p>
                ) : null}
              </fieldset>
            </div>
          </fieldset>

          <fieldset className="rounded-2xl bg-white p-6 shadow-sm" aria-describedby={errors.choice ? 'choice-error' : undefined}>
            <legend className="float-left w-full text-lg font-bold">4. Choose your test</legend>
            <div className="clear-both space-y-3 pt-3">
              {gift.options.map((option, index) => (
                <label key={choiceValue(option.choice)} className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-4">
                  <input
                    type="radio"
                    name="choice"
                    value={choiceValue(option.choice)}
                    defaultChecked={values.choice ? values.choice === choiceValue(option.choice) : index === 0}
                    className="mt-1 accent-brand"
                  />
                  <span>
                    <span className="font-semibold">
                      {option.label}: {option.testTitle}
                    </span>
                    <span className="block text-sm text-muted">{option.description}</span>
                  </span>
                </label>
              ))}
              {errors.choice ? (
                <p id="choice-error" className="text-sm font-medium text-danger">
                  {errors.choice}
                </p>
              ) : null}
            </div>
          </fieldset>

          <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
            <legend className="float-left w-full text-lg font-bold">5. Where we send your kit</legend>
            <div className="clear-both grid gap-4 pt-3 sm:grid-cols-2">
              <Field
                className="sm:col-span-2"
                label="Full name"
                name="fullName"
                autoComplete="name"
                defaultValue={values.fullName}
                error={errors.fullName}
              />
              <Field
                className="sm:col-span-2"
                label="Email for delivery updates"
                name="shippingEmail"
                type="email"
                autoComplete="email"
                defaultValue={values.shippingEmail ?? signedIn?.email ?? ''}
                error={errors.shippingEmail}
              />
              <Field
                className="sm:col-span-2"
                label="Shipping address"
                name="shippingAddress"
                autoComplete="address-line1"
                defaultValue={values.shippingAddress}
                error={errors.shippingAddress}
              />
              <Field
                label="Apartment number (optional)"
                name="apartmentNumber"
                autoComplete="address-line2"
                defaultValue={values.apartmentNumber}
                error={errors.apartmentNumber}
              />
              <Field label="City" name="city" autoComplete="address-level2" defaultValue={values.city} error={errors.city} />
              <Field
                label="Zip code"
                name="zipCode"
                inputMode="numeric"
                autoComplete="postal-code"
                defaultValue={values.zipCode}
                error={errors.zipCode}
              />
            </div>
          </fieldset>

          <ConsentBox kind="hipaa_authorization" error={errors[consentTexts.hipaa_authorization.field]}>
            {consentTexts.hipaa_authorization.text({})}
          </ConsentBox>
          {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
          <Button type="submit" className="w-full" pending={sending === GIFT_REDEEM_FORM} pendingLabel="Redeeming your gift…">
            Redeem my gift
          </Button>
        </fetcher.Form>
      ) : null}
    </section>
  );
}
