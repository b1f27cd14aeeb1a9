import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { collectionMethodLabels, giftRedemptionSchema, messages, redemptionEligibility, type CollectionMethod, type RedemptionChoice } from '@shop/core';
import type { GiftView } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { AccountStep, readAccountStep } from '../../components/checkout/account-step';
import { browserApi, serverApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { pagePath } from '../../lib/page-path';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/gift-receiver';
import { formText } from '../../lib/form-text';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const [session, signIn] = await Promise.all([api.session().catch(() => null), api.signInOptions()]);
  const url = new URL(request.url);
  const googleFailed = url.searchParams.get('signInError') === 'google';
  url.searchParams.delete('signInError');
  url.searchParams.delete('_routes');
  return {
    code: url.searchParams.get('code') ?? '',
    user: session?.user ?? null,
    google: signIn.google,
    googleFailed,
    returnTo: pagePath(request) + url.search,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Redeem your gift',
    description: 'Redeem the health test someone gave you: enter your gift code, choose your test and where to send the kit.',
    path: '/checkout-gift-receiver',
    noIndex: true,
  });

type Errors = Partial<Record<'code' | 'email' | 'password' | 'dateOfBirth' | 'collection' | 'choice' | 'form' | ShippingField, string>>;
type ShippingField = 'fullName' | 'shippingEmail' | 'shippingAddress' | 'apartmentNumber' | 'city' | 'zipCode';

const choiceValue = (choice: RedemptionChoice) => (choice.kind === 'area' ? choice.area : 'complete');
const choiceFrom = (value: string): RedemptionChoice | undefined =>
  value === 'complete' ? { kind: 'complete' } : value ? ({ kind: 'area', area: value } as RedemptionChoice) : undefined;

/** The redemption form's errors, each under its field: the shipping form's e-mail is `shippingEmail` here. */
function redemptionErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const [first, second] = issue.path.map(String);
    const field = first === 'shipping' ? (second === 'email' ? 'shippingEmail' : second) : first;
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The gift recipient's checkout (§2 /checkout-gift-receiver): the code from the e-mail (or the
 * link's ?code=), then the account step, the person tested, the test chosen from the gift and
 * the gift shipping form (§3, §5). Redeeming makes a $0 order and leads to its page.
 */
export default function CheckoutGiftReceiver({ loaderData }: Route.ComponentProps) {
  const { code: linkCode, user, google, googleFailed, returnTo } = loaderData;
  const navigate = useNavigate();
  const [code, setCode] = useState(linkCode);
  const [gift, setGift] = useState<GiftView | null>(null);
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [signedIn, setSignedIn] = useState(user);
  const [collection, setCollection] = useState<CollectionMethod>('home');
  // one key per redemption: a double click or a retry after a timeout sends the same one
  const attemptKey = useRef<string | null>(null);

  async function check(typed: string) {
    setChecking(true);
    setErrors({});
    try {
      setGift(await browserApi().checkGift(typed));
    } catch (failure) {
      setGift(null);
      setErrors({ code: messageOf(failure, messages.checkoutFailed) });
    } finally {
      setChecking(false);
    }
  }

  // a link from the gift e-mail carries the code: check it once, as the page opens
  const checkedLink = useRef(false);
  useEffect(() => {
    if (checkedLink.current || !linkCode) return;
    checkedLink.current = true;
    void check(linkCode);
  });

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void check(code);
  }

  async function redeem(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!gift) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => formText(form, name);
    const next: Record<string, string> = {};
    const account = readAccountStep(form, signedIn, next);
    const parsed = giftRedemptionSchema.safeParse({
      code,
      choice: choiceFrom(text('choice')),
      dateOfBirth: text('dateOfBirth'),
      collection,
      shipping: {
        fullName: text('fullName'),
        email: text('shippingEmail'),
        shippingAddress: text('shippingAddress'),
        apartmentNumber: text('apartmentNumber'),
        city: text('city'),
        zipCode: text('zipCode'),
      },
    });
    if (!parsed.success) Object.assign(next, redemptionErrors(parsed.error.issues));
    else {
      const eligible = redemptionEligibility({ dateOfBirth: parsed.data.dateOfBirth, collection, zipCode: parsed.data.shipping.zipCode }, new Date());
      if (!eligible.ok) next[eligible.code === 'UNDERAGE' ? 'dateOfBirth' : 'collection'] = eligible.message;
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;

    setPending(true);
    const api = browserApi();
    try {
      if (account) {
        const { user: created } = await api.checkoutAccount(account);
        setSignedIn({ ...created, role: 'customer' });
      }
      attemptKey.current ??= crypto.randomUUID();
      const { order } = await api.redeemGift(parsed.data, attemptKey.current);
      await navigate(`/account/orders/${order.id}`);
    } catch (failure) {
      showFailure(failure);
    }
  }

  function showFailure(failure: unknown) {
    const message = messageOf(failure, messages.checkoutFailed);
    const code = isApiError(failure) ? failure.code : '';
    if (code === 'EMAIL_REJECTED' || code === 'PASSWORD_TOO_SHORT') setErrors({ [code === 'EMAIL_REJECTED' ? 'email' : 'password']: message });
    else if (code === 'UNDERAGE') setErrors({ dateOfBirth: message });
    else if (code === 'LAB_NOT_AVAILABLE') setErrors({ collection: message });
    else if (code === 'GIFT_CHOICE_NOT_IN_GIFT') setErrors({ choice: message });
    else if (code.startsWith('GIFT_')) {
      // the code itself is refused (wrong, redeemed since, withdrawn): back to the first step
      setGift(null);
      setErrors({ code: message });
    } else setErrors({ form: message });
    if (isApiError(failure) && failure.status !== 409) attemptKey.current = null;
    setPending(false);
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Redeem your gift</h1>
      <p className="mt-2 text-muted">Someone gave you a health test. Enter the code from your e-mail, choose your test and tell us where to send it: there is nothing to pay.</p>

      <form method="post" noValidate onSubmit={submitCode} aria-label="Gift code" className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
        <h2 className="text-lg font-bold">1. Your gift code</h2>
        <div className="mt-3 flex flex-wrap items-start gap-3">
          <Field
            className="min-w-56 flex-1"
            label="Gift code"
            name="code"
            autoComplete="off"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
            hint="16 letters and digits, in the e-mail that told you about the gift"
          />
          <Button type="submit" variant="secondary" className="mt-6" pending={checking} pendingLabel="Checking…">
            Check code
          </Button>
        </div>
        {gift ? (
          <div className="mt-4 rounded-xl bg-brand-soft p-4">
            <p className="font-semibold">
              A gift from {gift.from}: {gift.title}
            </p>
            {gift.message ? <blockquote className="mt-2 border-l-4 border-brand pl-3 whitespace-pre-line italic">{gift.message}</blockquote> : null}
            {gift.includesProgram ? (
              <p className="mt-2 text-sm">It includes the 2-month Improvement Program, which starts when your results arrive.</p>
            ) : null}
          </div>
        ) : null}
      </form>

      {gift ? (
        <form method="post" noValidate onSubmit={redeem} aria-label="Redeem your gift" className="mt-8 space-y-8">
          <AccountStep legend="2. Your account" signedIn={signedIn} google={google} googleFailed={googleFailed} returnTo={returnTo} errors={errors} />

          <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
            <legend className="float-left w-full text-lg font-bold">3. The person tested</legend>
            <div className="clear-both space-y-4 pt-3">
              <Field
                label="Date of birth"
                name="dateOfBirth"
                type="date"
                autoComplete="bday"
                error={errors.dateOfBirth}
                hint="We test people who are 18 or older."
              />
              <fieldset>
                <legend className="text-sm font-semibold">How will you give your sample?</legend>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  {(['home', 'lab'] as const).map((value) => (
                    <label
                      key={value}
                      className={`cursor-pointer rounded-xl border-2 p-4 ${collection === value ? 'border-brand bg-brand-soft' : 'border-slate-200'}`}
                    >
                      <input
                        type="radio"
                        name="collection"
                        value={value}
                        checked={collection === value}
                        onChange={() => setCollection(value)}
                        className="mr-2 accent-brand"
                      />
                      <span className="font-semibold">{collectionMethodLabels[value]}</span>
                      <span className="mt-1 block text-sm text-muted">
                        {value === 'home'
                          ? 'We ship the kit to the address below: gift kits arrive in 1–2 business days.'
                          : 'You choose a partner lab near you on the next page. Not available in New York.'}
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
                  <input type="radio" name="choice" value={choiceValue(option.choice)} defaultChecked={index === 0} className="mt-1 accent-brand" />
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
              <Field className="sm:col-span-2" label="Full name" name="fullName" autoComplete="name" error={errors.fullName} />
              <Field
                className="sm:col-span-2"
                label="Email for delivery updates"
                name="shippingEmail"
                type="email"
                autoComplete="email"
                defaultValue={signedIn?.email ?? ''}
                error={errors.shippingEmail}
              />
              <Field className="sm:col-span-2" label="Shipping address" name="shippingAddress" autoComplete="address-line1" error={errors.shippingAddress} />
              <Field label="Apartment number (optional)" name="apartmentNumber" autoComplete="address-line2" error={errors.apartmentNumber} />
              <Field label="City" name="city" autoComplete="address-level2" error={errors.city} />
              <Field label="Zip code" name="zipCode" inputMode="numeric" autoComplete="postal-code" error={errors.zipCode} />
            </div>
          </fieldset>

          {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
          <Button type="submit" className="w-full" pending={pending} pendingLabel="Redeeming your gift…">
            Redeem my gift
          </Button>
        </form>
      ) : null}
    </section>
  );
}
