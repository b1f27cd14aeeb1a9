import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { data, Form, Link, redirect, useActionData, useNavigate, useNavigation } from 'react-router';
import {
  asksForSupport,
  consentsNeeded,
  consentTexts,
  healthDataConsentTexts,
  messages,
  shareConsentFields,
  type ConsentKind,
} from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { MessageSupportLink } from '../../components/support/message-support-link';
import { Button } from '../../components/button';
import { ACCOUNT_FORM, AccountStep, type AccountAnswer } from '../../components/checkout/account-step';
import { ConsentBox } from '../../components/checkout/consent-box';
import { CouponForm } from '../../components/checkout/coupon-form';
import { CoverRefusal } from '../../components/checkout/cover-refusal';
import { CHECKOUT_FORM, NORMAL_PRICE_FORM } from '../../components/checkout/forms';
import { OrderSummary } from '../../components/order-summary';
import { OrderSummaryGift } from '../../components/order-summary-gift';
import { GiftDeliveryCard } from '../../components/gifts/gift-delivery-card';
import { checkoutVariant, employerOfCheckout } from '../../components/checkout/variants';
import { experimentVariant } from '../../lib/experiments.server';
import { pagePath } from '../../lib/page-path';
import { pageMeta } from '../../lib/seo';
import { handleStripeAction } from '../../components/payment/stripe-card-form';
import { browserApi, serverApi } from '../../lib/api';
import { useActionForm } from '../../lib/form-answer';
import { messageOf, notFoundWhen, pageNotFound } from '../../lib/errors';
import { paymentAction, recurringTerms } from './payment.server';
import { CardPayment } from '../../components/checkout/card-payment';
import type * as AccountCheck from '../../components/checkout/account-check';
import {
  asUsState,
  cartNeedsState,
  stateVerdict,
  TESTED_STATE_FORM_ID,
  TESTED_STATE_REQUIRED,
  TestedStateStep,
} from '../../components/checkout/tested-state';
import type { Route } from './+types/payment';

const collectText = healthDataConsentTexts.collect_health_data;
const COLLECT_FIELD = 'collectHealthData';
/** A covered order counts the employee in their employer's figures: asked with it (decision 0081). */
const employerText = healthDataConsentTexts.share_with_employer;
const EMPLOYER_FIELD = shareConsentFields.share_with_employer;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const [cart, payments, session, signIn, inForce] = await Promise.all([
    api.getCart(),
    api.paymentsConfig(),
    api.session().catch(() => null),
    api.signInOptions(),
    api.healthConsentsInForce(),
  ]);
  const url = new URL(request.url);
  const path = pagePath(request);
  const employerSlug = employerOfCheckout(path, url.searchParams);
  const employer = employerSlug ? await api.employerGroup(employerSlug).catch(notFoundWhen) : null;
  // the plain checkout takes part in the checkout experiment once there is something to pay for;
  // the named variants are fixed
  const shown =
    path === '/checkout-payment' && cart.items.length > 0 && !cart.giftType ? await experimentVariant(request, context, 'checkout') : null;
  const found = checkoutVariant(shown?.variant ?? path, url.searchParams, employer);
  if (!found) pageNotFound();
  const variant = shown ? { ...found, path } : found;
  // a gift is paid for after its delivery form, on the gift checkout; anything else on the others
  const gift = variant.gift && cart.giftType ? (await api.getCartGift()).gift : null;
  if (cart.giftType && !gift?.delivery) throw redirect('/checkout-gift-purchaser');
  if (variant.gift && cart.items.length > 0 && !cart.giftType) throw redirect('/checkout-payment');
  const googleFailed = url.searchParams.get('signInError') === 'google';
  // where Google brings the customer back: this page, as the browser's address bar shows it
  url.searchParams.delete('signInError');
  url.searchParams.delete('_routes');
  const page = {
    cart,
    payments,
    user: session?.user ?? null,
    // the quiz's consent to collect health data, given by this account or browser: not asked again
    collectConsentHeld: inForce.kinds.includes('collect_health_data'),
    google: signIn.google,
    googleFailed,
    variant,
    gift,
    returnTo: path + url.search,
    // where the person tested lives, when the page was sent again without its script
    testedState: asUsState(url.searchParams.get('testedState')) ?? null,
    // the rest of the address's query, kept when the state's form sends the page again
    query: [...url.searchParams].filter(([name]) => name !== 'testedState'),
    // written by the server: the frequencies come with the catalog, which the checkout's first
    // load does without
    recurring: recurringTerms(cart.items),
  };
  return shown ? data(page, { headers: shown.headers }) : page;
}

/**
 * The discount code and the account step are sent here, with or without the page's script; the
 * checkout's own form is answered with why it needs its script (the card goes from it to the gateway).
 */
export function action(args: Route.ActionArgs) {
  return paymentAction(args);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    matches,
    title: loaderData?.variant.heading ?? 'Checkout',
    description: 'Pay for your tests: free shipping, HSA/FSA accepted.',
    path: loaderData?.variant.path ?? '/checkout-payment',
    noIndex: true,
  });

// Loaded when the customer first touches the form, not before the page's first paint: the account
// step's check brings the schema library, and the bank's confirmation (test mode) is rarely shown.
let accountCheck: Promise<typeof AccountCheck> | undefined;
function loadAccountCheck() {
  accountCheck ??= import('../../components/checkout/account-check').catch((failure: unknown) => {
    accountCheck = undefined; // tried again on the next submit
    throw failure;
  });
  return accountCheck;
}
const TestAuthentication = lazy(async () => ({
  default: (await import('../../components/payment/test-authentication')).TestAuthentication,
}));

/** The id of the account step's form, which its fields name (they sit in the checkout's). */
const ACCOUNT_FORM_ID = 'checkout-account';
/** The id of the form that takes a refused cover off the cart, whose button sits in the checkout's. */
const NORMAL_PRICE_FORM_ID = 'checkout-normal-price';

/** A field's refusal, by its name; a consent's by its kind (core's `consentTexts` name its checkbox). */
type Errors = Partial<
  Record<
    | 'email'
    | 'password'
    | 'testedState'
    | 'number'
    | 'expiry'
    | 'cvc'
    | 'form'
    | ConsentKind
    | 'collect_health_data'
    | 'share_with_employer',
    string
  >
>;

/** A card field of the built-in test gateway's form, read by its id: the card fields have no name. */
function cardField(form: HTMLFormElement, id: 'card-number' | 'card-expiry' | 'card-cvc'): string {
  const input = form.elements.namedItem(id);
  return input instanceof HTMLInputElement ? input.value : '';
}

export default function CheckoutPayment({ loaderData }: Route.ComponentProps) {
  const { cart, payments, user, google, googleFailed, variant, gift, returnTo, recurring, query } = loaderData;
  // the consents this cart needs: the API requires the same ones (core's rule), and records each
  const consents = consentsNeeded({ lines: cart.items, deferredCents: cart.deferredCents });
  // a test's results are health data: asked here when the quiz's consent to collect them was not given (the API asks the same)
  const asksCollectConsent = consents.includes('hipaa_authorization') && !loaderData.collectConsentHeld;
  // a test is sold only where the person tested lives allows it: asked before the card
  const needsState = cartNeedsState(cart.items);
  const [testedState, setTestedState] = useState(loaderData.testedState ?? undefined);
  const stateRefusal = needsState ? stateVerdict(testedState, cart.items).refusal : undefined;
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const account = useActionForm<AccountAnswer>(ACCOUNT_FORM);
  const [signedIn, setSignedIn] = useState<{ email: string } | null>(user);
  // the account step sent by the page's script, before the payment: its answer, once it is in
  const accountWaiting = useRef<((answer: AccountAnswer | undefined) => void) | null>(null);
  const accountState = account.fetcher.state;
  const accountData = account.fetcher.data as AccountAnswer | undefined;
  useEffect(() => {
    if (accountState !== 'idle' || !accountWaiting.current) return;
    accountWaiting.current(accountData);
    accountWaiting.current = null;
  }, [accountState, accountData]);
  // one key per attempt: a double click or a retry after a timeout reuses it; a new card gets a new one
  const attemptKey = useRef<string | null>(null);
  const [authentication, setAuthentication] = useState<{ orderId: string; clientSecret: string } | null>(null);
  // the bank's confirmation is loaded the first time the bank asks, then stays on the page
  const [authenticationAsked, setAuthenticationAsked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // a refusal takes the person to the first field to fix, in the page's order (WCAG 3.3.1); each
  // field's error is read out as it appears
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const sent = useActionData<typeof action>();
  const sentWithoutScript = sent && !sent.ok && sent.form === CHECKOUT_FORM ? sent.message : undefined;
  // the account step sent without the script comes back with the page: what to fix, with the e-mail typed
  const accountRefused = account.sentWithoutScript && account.answer && !account.answer.ok ? account.answer : undefined;
  // an order the employer covers whole asks for no card: nothing is charged now or later
  const noCard = cart.cover !== null && cart.totalCents === 0 && cart.deferredCents === 0 && !recurring;
  // the employer's cover would refuse this order (its prepaid bank is short, the cover is used):
  // said before anything is typed, and nothing offered to pay that placing would refuse
  const coverRefusal = cart.coverRefusal;
  // the employer's cover tells the employer the employee used it: asked with the order (the API asks the same)
  const asksEmployerConsent = cart.cover !== null && !coverRefusal;
  const navigation = useNavigation();
  const leavingCover = navigation.state !== 'idle' && navigation.formData?.get('_form') === NORMAL_PRICE_FORM;

  if (cart.items.length === 0) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Your cart is empty</h1>
        <p className="mt-3 text-muted">
          {variant.gift ? 'Choose a health test to give.' : 'Take the quiz to find the starter test for your goal.'}
        </p>
        <Link
          to={variant.gift ? '/gifts' : '/quiz'}
          className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
        >
          Continue shopping
        </Link>
      </section>
    );
  }

  /** The account and consent parts of the form: checked the same way whichever gateway takes the card. */
  async function readAccount(form: FormData, next: Errors): Promise<{ email: string; password: string } | undefined> {
    if (needsState && !testedState) next.testedState = TESTED_STATE_REQUIRED;
    for (const kind of consents) if (form.get(consentTexts[kind].field) !== 'on') next[kind] = consentTexts[kind].missing;
    if (asksCollectConsent && form.get(COLLECT_FIELD) !== 'on') next.collect_health_data = collectText.missingAtCheckout;
    if (asksEmployerConsent && form.get(EMPLOYER_FIELD) !== 'on') next.share_with_employer = employerText.missingAtCheckout;
    const { readAccountStep } = await loadAccountCheck();
    return readAccountStep(form, signedIn, next);
  }

  /** The account step, sent to the page's action by its fetcher: its answer (the session's cookie comes with it). */
  function sendAccount(fields: { email: string; password: string }): Promise<AccountAnswer | undefined> {
    return new Promise((resolve) => {
      accountWaiting.current = resolve;
      void account.fetcher.submit({ _form: ACCOUNT_FORM, ...fields }, { method: 'post' });
    });
  }

  /** Signs up or in when needed, then places the order with a payment method from the gateway's card form. */
  async function payWith(fields: { email: string; password: string } | undefined, paymentMethod: () => Promise<string>) {
    setPending(true);
    const api = browserApi();
    try {
      if (fields) {
        const answer = await sendAccount(fields);
        if (!answer?.ok) {
          setErrors(answer ? { ...answer.errors, ...(answer.message ? { form: answer.message } : {}) } : { form: messages.checkoutFailed });
          setPending(false);
          return;
        }
        setSignedIn(answer.signedIn ?? { email: fields.email });
      }
      const method = await paymentMethod();
      attemptKey.current ??= crypto.randomUUID();
      // every consent the cart needs was checked above: the API records each with its words' version
      const given = [...consents, ...(asksCollectConsent ? [collectText.kind] : []), ...(asksEmployerConsent ? [employerText.kind] : [])];
      const placed = await api.placeOrder(method, attemptKey.current, needsState ? { testedState } : {}, given);
      const { order } = placed;
      // 201: paid; 202: the bank asks the customer to authenticate first
      if (!('requiresAction' in placed)) {
        await navigate(`/successful-payment?order=${order.id}`);
        return;
      }
      const { requiresAction } = placed;
      if (payments.gateway === 'test') {
        setAuthenticationAsked(true);
        setAuthentication({ orderId: order.id, clientSecret: requiresAction.clientSecret });
        return;
      }
      await handleStripeAction(payments.publishableKey ?? '', payments.account, requiresAction.clientSecret);
      const confirmed = await api.confirmOrderPayment(order.id);
      if ('requiresAction' in confirmed) throw new Error('Your bank still asks for a confirmation. Please try again.');
      await navigate(`/successful-payment?order=${confirmed.order.id}`);
    } catch (failure) {
      showFailure(failure);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await check(event.currentTarget);
    } catch (failure) {
      // the account step's check could not be loaded (the connection dropped): nothing was sent
      showFailure(failure);
    }
  }

  async function check(fields: HTMLFormElement) {
    if (noCard) {
      const form = new FormData(fields);
      for (const [name, value] of new FormData(account.formRef.current ?? undefined)) form.set(name, value);
      const next: Errors = {};
      const accountFields = await readAccount(form, next);
      setErrors(next);
      if (Object.keys(next).length > 0) return;
      // nothing to charge: the order is placed without a card, and the API checks that it is so
      await payWith(accountFields, async () => 'covered');
      return;
    }
    if (payments.gateway !== 'test') return; // the Stripe card form has its own button
    const form = new FormData(fields);
    // the account step's fields belong to its own form, outside the checkout's
    for (const [name, value] of new FormData(account.formRef.current ?? undefined)) form.set(name, value);
    const card = { number: cardField(fields, 'card-number'), expiry: cardField(fields, 'card-expiry'), cvc: cardField(fields, 'card-cvc') };
    const next: Errors = {};
    const accountFields = await readAccount(form, next);
    if (card.number.replace(/\D/g, '').length < 12) next.number = 'Please enter a valid card number';
    if (!/^\d{2}\s*\/\s*\d{2}$/.test(card.expiry)) next.expiry = 'Please enter the expiry date as MM/YY';
    if (!/^\d{3,4}$/.test(card.cvc)) next.cvc = 'Please enter the 3 or 4 digit security code';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await payWith(accountFields, async () => (await browserApi().createTestPaymentMethod(card)).paymentMethod);
  }

  async function payWithStripe(paymentMethod: string) {
    const next: Errors = {};
    const form = new FormData(formRef.current ?? undefined);
    for (const [name, value] of new FormData(account.formRef.current ?? undefined)) form.set(name, value);
    let accountFields: { email: string; password: string } | undefined;
    try {
      accountFields = await readAccount(form, next);
    } catch (failure) {
      showFailure(failure);
      return;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await payWith(accountFields, async () => paymentMethod);
  }

  function showFailure(failure: unknown) {
    if (isApiError(failure) && failure.code === 'EMAIL_REJECTED') setErrors({ email: failure.message });
    else if (isApiError(failure) && (failure.code === 'INVALID_CARD' || failure.code === 'CARD_EXPIRED'))
      setErrors({ number: failure.message });
    else setErrors({ form: messageOf(failure, messages.checkoutFailed) });
    if (isApiError(failure) && failure.status === 402) attemptKey.current = null;
    setPending(false);
  }

  async function answerAuthentication(approve: boolean) {
    if (!authentication) return;
    const api = browserApi();
    try {
      await api.authenticateTestPayment(authentication.clientSecret, approve);
      const confirmed = await api.confirmOrderPayment(authentication.orderId);
      setAuthentication(null);
      if ('requiresAction' in confirmed) showFailure(new Error('Your bank still asks for a confirmation. Please try again.'));
      else await navigate(`/successful-payment?order=${confirmed.order.id}`);
    } catch (failure) {
      setAuthentication(null);
      showFailure(failure);
    }
  }

  // the consents beside the card (or beside "nothing to pay"), each in core's words
  const consentBoxes = (
    <>
      {consents.includes('keep_card') ? (
        <ConsentBox kind="keep_card" error={errors.keep_card}>
          {consentTexts.keep_card.text({ deferred: cart.display.deferred })}
        </ConsentBox>
      ) : null}
      {consents.includes('charge_per_delivery') ? (
        <ConsentBox kind="charge_per_delivery" error={errors.charge_per_delivery}>
          {consentTexts.charge_per_delivery.text({ recurring: recurring ?? undefined })}
        </ConsentBox>
      ) : null}
      {consents.includes('monthly_renewal') && cart.display.membershipTerms ? (
        <div className="mt-4 rounded-lg border border-line p-4">
          <p className="text-sm">{cart.display.membershipTerms}</p>
          <p className="mt-2 text-sm">
            <Link to="/terms" className="font-semibold text-brand underline">
              Terms of service
            </Link>
          </p>
          <ConsentBox kind="monthly_renewal" error={errors.monthly_renewal}>
            {consentTexts.monthly_renewal.text({})}
          </ConsentBox>
        </div>
      ) : null}
      {asksCollectConsent ? (
        <ConsentBox field={COLLECT_FIELD} error={errors.collect_health_data}>
          {collectText.text}{' '}
          <Link to="/consumer-health-data-privacy" className="font-semibold text-brand underline">
            Consumer health data privacy policy
          </Link>
        </ConsentBox>
      ) : null}
      {consents.includes('hipaa_authorization') ? (
        <ConsentBox kind="hipaa_authorization" error={errors.hipaa_authorization}>
          {consentTexts.hipaa_authorization.text({})}
        </ConsentBox>
      ) : null}
      {asksEmployerConsent ? (
        <ConsentBox field={EMPLOYER_FIELD} error={errors.share_with_employer}>
          {employerText.text}
        </ConsentBox>
      ) : null}
    </>
  );

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{variant.heading}</h1>
      {variant.intro ? <p className="mt-2 text-muted">{variant.intro}</p> : null}
      {payments.testMode && !noCard && !coverRefusal ? (
        <div className="mt-4">
          <Alert tone="warning">
            Test mode: no real card is charged. Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline, or 4000 0025 0000 3155
            to be asked for a bank confirmation.
          </Alert>
        </div>
      ) : null}
      {authenticationAsked ? (
        <Suspense fallback={null}>
          <TestAuthentication
            open={authentication !== null}
            amount={cart.display.total}
            onAnswer={answerAuthentication}
            onClose={() => {
              setAuthentication(null);
              setPending(false);
            }}
          />
        </Suspense>
      ) : null}
      {/* one column below large screens, as narrow as the screen whatever its content (WCAG 1.4.10) */}
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-5">
        <form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={submit}
          onFocus={() => void loadAccountCheck().catch(() => undefined)}
          className="lg:col-span-3 space-y-8"
          aria-label="Checkout"
        >
          <input type="hidden" name="_form" value={CHECKOUT_FORM} />
          <AccountStep
            legend="1. Your account"
            signedIn={signedIn}
            google={google}
            googleFailed={googleFailed}
            returnTo={returnTo}
            errors={{ ...accountRefused?.errors, ...errors }}
            values={account.values}
            form={ACCOUNT_FORM_ID}
            submitLabel="Continue"
          />
          {needsState ? (
            <TestedStateStep
              state={testedState}
              onChange={(state) => {
                setTestedState(state);
                setErrors(({ testedState: _answered, ...rest }) => rest);
              }}
              items={cart.items}
              error={errors.testedState}
            />
          ) : null}
          {stateRefusal ? null : coverRefusal ? (
            <CoverRefusal cart={cart} formId={NORMAL_PRICE_FORM_ID} pending={leavingCover} />
          ) : noCard && cart.cover ? (
            <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
              <legend className="float-left w-full text-lg font-bold">2. Payment</legend>
              <p className="clear-both pt-3">
                {cart.cover.employer} covers this order in full: there is nothing to pay and no card to enter.
              </p>
              {consentBoxes}
            </fieldset>
          ) : (
            <CardPayment payments={payments} errors={errors} onPaymentMethod={payWithStripe} disabled={pending} total={cart.display.total}>
              <p className="mt-4 text-sm text-muted">HSA/FSA cards are accepted, and your receipt is itemised for reimbursement.</p>
              {consentBoxes}
            </CardPayment>
          )}
          {errors.form ? (
            <Alert tone="error">
              {errors.form}
              {asksForSupport(errors.form) ? (
                <>
                  {' '}
                  <MessageSupportLink />
                </>
              ) : null}
            </Alert>
          ) : null}
          {sentWithoutScript && !errors.form ? <Alert tone="error">{sentWithoutScript}</Alert> : null}
          {accountRefused?.message && !errors.form ? <Alert tone="error">{accountRefused.message}</Alert> : null}
          {coverRefusal || stateRefusal ? null : noCard ? (
            <Button type="submit" className="w-full" pending={pending} pendingLabel="Placing your order…">
              Place covered order
            </Button>
          ) : payments.gateway === 'test' ? (
            <Button type="submit" className="w-full" pending={pending} pendingLabel="Processing payment…">
              Pay {cart.display.total}
            </Button>
          ) : null}
        </form>
        {/* the account step's own form: its fields sit in the checkout's, and name it */}
        <account.fetcher.Form id={ACCOUNT_FORM_ID} ref={account.formRef} method="post" noValidate hidden>
          <input type="hidden" name="_form" value={ACCOUNT_FORM} />
        </account.fetcher.Form>
        <Form id={TESTED_STATE_FORM_ID} method="get" hidden>
          {query.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </Form>
        <Form id={NORMAL_PRICE_FORM_ID} method="post" hidden>
          <input type="hidden" name="_form" value={NORMAL_PRICE_FORM} />
        </Form>
        <div className={`space-y-4 lg:col-span-2 ${variant.summaryFirst ? 'order-first lg:order-none' : ''}`}>
          {gift?.delivery ? (
            <>
              <OrderSummaryGift cart={cart} recipientName={gift.delivery.recipientName} />
              <GiftDeliveryCard delivery={gift.delivery} />
            </>
          ) : (
            <OrderSummary cart={cart} totalLabel={coverRefusal ? 'Total at the normal price' : undefined} />
          )}
          <CouponForm couponCode={cart.display.couponCode} />
        </div>
      </div>
    </section>
  );
}
