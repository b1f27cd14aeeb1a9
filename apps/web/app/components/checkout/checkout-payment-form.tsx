import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { asksForSupport, checkoutConsents, consentsNeeded, consentsRefused, messages } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../alert';
import { Button } from '../button';
import { MessageSupportLink } from '../support/message-support-link';
import { OrderSummary } from '../order-summary';
import { OrderSummaryGift } from '../order-summary-gift';
import { GiftDeliveryCard } from '../gifts/gift-delivery-card';
import { BankCheck } from '../payment/bank-check';
import { orderPaymentStep, testPaymentMethod, typedCard, usePaymentController } from '../payment/payment-controller';
import { TestCardsNote } from '../payment/test-card-fields';
import { browserApi } from '../../lib/api';
import { useActionForm } from '../../lib/form-answer';
import type { CheckoutPage, CheckoutSent } from '../../routes/checkout/payment';
import { ACCOUNT_FORM, AccountStep, type AccountAnswer } from './account-step';
import type * as AccountCheck from './account-check';
import { CardPayment } from './card-payment';
import { CheckoutConsents } from './checkout-consents';
import { CouponForm } from './coupon-form';
import { CoverRefusal } from './cover-refusal';
import { CHECKOUT_FORM, NORMAL_PRICE_FORM } from './forms';
import { cartNeedsState, stateVerdict, TESTED_STATE_FORM_ID, TESTED_STATE_REQUIRED, TestedStateStep } from './tested-state';

// Loaded when the customer first touches the form, not before the page's first paint: the account
// step's check brings the schema library (the bank's confirmation, rarely shown, is loaded by `BankCheck`).
let accountCheck: Promise<typeof AccountCheck> | undefined;
function loadAccountCheck() {
  accountCheck ??= import('./account-check').catch((failure: unknown) => {
    accountCheck = undefined; // tried again on the next submit
    throw failure;
  });
  return accountCheck;
}

/** The id of the account step's form, which its fields name (they sit in the checkout's). */
const ACCOUNT_FORM_ID = 'checkout-account';
/** The id of the form that takes a refused cover off the cart, whose button sits in the checkout's. */
const NORMAL_PRICE_FORM_ID = 'checkout-normal-price';

/**
 * The checkout's page, for each of its variants: the account step, where the person tested lives,
 * then the card (or nothing to pay when the employer covers it all) with the consents the cart
 * needs, paid through the payment controller; the order's summary and the discount code beside it.
 * `sent` is the action's answer to the checkout's form sent without the page's script.
 */
export function CheckoutPaymentForm({ page, sent }: { page: CheckoutPage; sent: CheckoutSent }) {
  const { cart, payments, user, google, googleFailed, variant, gift, returnTo, recurring, query } = page;
  // the employer's cover would refuse this order (its prepaid bank is short, the cover is used):
  // said before anything is typed, and nothing offered to pay that placing would refuse
  const coverRefusal = cart.coverRefusal;
  // the consents this cart needs (core's rule, the API requires the same and records each): a test's
  // results are health data, asked to be collected when the quiz's consent was not given; the
  // employer's cover tells the employer the employee used it (decision 0081)
  const asked = checkoutConsents({
    needed: consentsNeeded({ lines: cart.items, deferredCents: cart.deferredCents }),
    collectHeld: page.collectConsentHeld,
    covered: cart.cover !== null && !coverRefusal,
  });
  // a test is sold only where the person tested lives allows it: asked before the card
  const needsState = cartNeedsState(cart.items);
  const [testedState, setTestedState] = useState(page.testedState ?? undefined);
  const stateRefusal = needsState ? stateVerdict(testedState, cart.items).refusal : undefined;
  const navigate = useNavigate();
  const payment = usePaymentController<{ id: string }>({
    payments,
    fieldOfFailure: (failure) => (isApiError(failure) && failure.code === 'EMAIL_REJECTED' ? 'email' : undefined),
    onPaid: (order) => navigate(`/successful-payment?order=${order.id}`),
  });
  const { errors, pending } = payment;
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
  const formRef = useRef<HTMLFormElement>(null);
  // a refusal takes the person to the first field to fix, in the page's order (WCAG 3.3.1); each
  // field's error is read out as it appears
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const sentWithoutScript = sent && !sent.ok && sent.form === CHECKOUT_FORM ? sent.message : undefined;
  // the account step sent without the script comes back with the page: what to fix, with the e-mail typed
  const accountRefused = account.sentWithoutScript && account.answer && !account.answer.ok ? account.answer : undefined;
  // an order the employer covers whole asks for no card: nothing is charged now or later
  const noCard = cart.cover !== null && cart.totalCents === 0 && cart.deferredCents === 0 && !recurring;
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

  /** The checkout's fields with the account step's, which belong to its own form outside the checkout's. */
  function fieldsOf(form: HTMLFormElement | null): FormData {
    const fields = new FormData(form ?? undefined);
    for (const [name, value] of new FormData(account.formRef.current ?? undefined)) fields.set(name, value);
    return fields;
  }

  /** The account, state and consent parts of the form: checked the same way whichever gateway takes the card. */
  async function readAccount(form: FormData, next: Record<string, string>): Promise<{ email: string; password: string } | undefined> {
    if (needsState && !testedState) next.testedState = TESTED_STATE_REQUIRED;
    Object.assign(
      next,
      consentsRefused(asked, (field) => form.get(field) === 'on'),
    );
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
  function payWith(fields: { email: string; password: string } | undefined, paymentMethod: () => Promise<string>) {
    return payment.pay(async () => {
      if (fields) {
        const answer = await sendAccount(fields);
        if (!answer?.ok) {
          payment.setErrors(
            answer ? { ...answer.errors, ...(answer.message ? { form: answer.message } : {}) } : { form: messages.checkoutFailed },
          );
          payment.setPending(false);
          return undefined;
        }
        setSignedIn(answer.signedIn ?? { email: fields.email });
      }
      const method = await paymentMethod();
      // every consent asked was checked above: the API records each with its words' version
      const placed = await browserApi().placeOrder(method, payment.attemptKey(), needsState ? { testedState } : {}, asked);
      return orderPaymentStep(placed);
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await check(event.currentTarget);
    } catch (failure) {
      // the account step's check could not be loaded (the connection dropped): nothing was sent
      payment.fail(failure);
    }
  }

  async function check(fields: HTMLFormElement) {
    if (!noCard && payments.gateway !== 'test') return; // the Stripe card form has its own button
    const next: Record<string, string> = {};
    const accountFields = await readAccount(fieldsOf(fields), next);
    if (noCard) {
      if (!payment.checked(next)) return;
      // nothing to charge: the order is placed without a card, and the API checks that it is so
      await payWith(accountFields, async () => 'covered');
      return;
    }
    const card = typedCard(fields, 'card');
    if (!payment.checked(next, card)) return;
    await payWith(accountFields, () => testPaymentMethod(card));
  }

  async function payWithStripe(paymentMethod: string) {
    const next: Record<string, string> = {};
    let accountFields: { email: string; password: string } | undefined;
    try {
      accountFields = await readAccount(fieldsOf(formRef.current), next);
    } catch (failure) {
      payment.fail(failure);
      return;
    }
    if (!payment.checked(next)) return;
    await payWith(accountFields, async () => paymentMethod);
  }

  const consentBoxes = (
    <CheckoutConsents
      asked={asked}
      errors={errors}
      terms={{ deferred: cart.display.deferred, recurring: recurring ?? undefined, membershipTerms: cart.display.membershipTerms }}
    />
  );

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{variant.heading}</h1>
      {variant.intro ? <p className="mt-2 text-muted">{variant.intro}</p> : null}
      {payments.testMode && !noCard && !coverRefusal ? (
        <div className="mt-4">
          <TestCardsNote />
        </div>
      ) : null}
      <BankCheck bank={payment.bank} amount={cart.display.total} />
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
                payment.setErrors(({ testedState: _answered, ...rest }) => rest);
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
