import { useRef, useState, type FormEvent } from 'react';
import { data, useNavigate } from 'react-router';
import { consentsRefused, healthDataConsentTexts, messages, paymentConsentField, type PaymentConsentKind } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { CardPayment } from '../../components/checkout/card-payment';
import { ConsentBox } from '../../components/checkout/consent-box';
import { BankCheck } from '../../components/payment/bank-check';
import {
  orderPaymentStep,
  testPaymentMethod,
  typedCard,
  usePaymentController,
  type PaymentErrors,
} from '../../components/payment/payment-controller';
import { TestCardsNote } from '../../components/payment/test-card-fields';
import { browserApi, serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/seo';
import { PAYING_NEEDS_SCRIPT } from './payment.server';
import { ClinicPaidOrder } from './clinic-paid-order';
import type { Route } from './+types/practitioner-pay';

const heading = 'Checkout for your practitioner’s order';
/** Paying shares the client's results and progress with the clinic: asked here, in core's words (decision 0081). */
const asked = ['share_with_clinic'] as const satisfies readonly PaymentConsentKind[];
const intro = 'Your practitioner recommended these tests. With your consent below, your results are shared with them as well as with you.';

/** The pay link of the client's e-mail (`?token=`): the clinic's order, and whether it can still be paid. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const api = serverApi(request, context);
  if (!token) return { token, link: null, refused: 'Please open the link in the e-mail from your practitioner to pay for your tests.' };
  const [payments, session] = await Promise.all([api.paymentsConfig(), api.session().catch(() => null)]);
  try {
    const link = await api.openPayLink(token);
    return { token, link, payments, user: session?.user ?? null, refused: null };
  } catch (error) {
    if (isApiError(error) && error.status < 500) return data({ token, link: null, refused: error.message }, { status: error.status });
    throw error;
  }
}

/** Sent before the page's script runs: the card needs it. */
export function action() {
  return data({ ok: false, message: PAYING_NEEDS_SCRIPT }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: heading,
    description: 'Pay for the tests your practitioner ordered for you.',
    path: '/checkout-practitioners',
    noIndex: true,
  });

export default function PractitionerCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { link, refused } = loaderData;
  if (link?.paidByClinic && 'user' in loaderData) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-10">
        <h1 className="text-3xl font-extrabold">Your tests from {link.clinicName}</h1>
        <p className="mt-2 text-muted">
          {link.clinicName} ordered these tests for you and paid for them. Your results are shared with them and with you.
        </p>
        <ClinicPaidOrder
          token={loaderData.token}
          link={link}
          signedIn={loaderData.user?.email.toLowerCase() === link.email.toLowerCase()}
        />
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{heading}</h1>
      <p className="mt-2 text-muted">{intro}</p>
      {actionData?.message ? (
        <div className="mt-4">
          <Alert tone="error">{actionData.message}</Alert>
        </div>
      ) : null}
      {link && 'payments' in loaderData && loaderData.payments ? (
        <PayLink token={loaderData.token} link={link} payments={loaderData.payments} user={loaderData.user ?? null} />
      ) : (
        <div className="mt-8">
          <Alert tone="warning">{refused}</Alert>
        </div>
      )}
    </section>
  );
}

type Loaded = Extract<Route.ComponentProps['loaderData'], { payments: unknown }>;

function PayLink({
  token,
  link,
  payments,
  user,
}: {
  token: string;
  link: NonNullable<Loaded['link']>;
  payments: Loaded['payments'];
  user: Loaded['user'];
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const signedInAsClient = user?.email.toLowerCase() === link.email.toLowerCase();
  const [accountDone, setAccountDone] = useState(signedInAsClient);
  const payable = link.message === null;
  const payment = usePaymentController<{ id: string }>({
    payments,
    fieldOfFailure: (failure) =>
      isApiError(failure) && (failure.code === 'EMAIL_REJECTED' || failure.code === 'PASSWORD_TOO_SHORT') ? 'password' : undefined,
    onPaid: (order) => navigate(`/successful-payment?order=${order.id}`),
  });
  const { errors } = payment;

  function payWith(password: string, paymentMethod: () => Promise<string>) {
    return payment.pay(async () => {
      const api = browserApi();
      if (!accountDone) {
        await api.payLinkAccount(token, password);
        setAccountDone(true);
      }
      const method = await paymentMethod();
      // the consent to share was checked before: the API records it with the order
      return orderPaymentStep(await api.payPayLink(token, method, payment.attemptKey(), asked));
    });
  }

  /** The consent to share and, before the account exists or is signed in to, its password: each refusal at its field. */
  function readPassword(form: FormData, next: PaymentErrors): string {
    Object.assign(
      next,
      consentsRefused(asked, (field) => form.get(field) === 'on'),
    );
    const value = form.get('password');
    const password = typeof value === 'string' ? value : '';
    if (!accountDone && !password) next.password = messages.passwordRequired;
    return password;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (payments.gateway !== 'test') return; // the Stripe card form has its own button
    const fields = event.currentTarget;
    const card = typedCard(fields, 'card');
    const next: PaymentErrors = {};
    const password = readPassword(new FormData(fields), next);
    if (!payment.checked(next, card)) return;
    await payWith(password, () => testPaymentMethod(card));
  }

  async function payWithStripe(paymentMethod: string) {
    const next: PaymentErrors = {};
    const password = readPassword(new FormData(formRef.current ?? undefined), next);
    if (!payment.checked(next)) return;
    await payWith(password, async () => paymentMethod);
  }

  return (
    <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-5">
      <section
        aria-labelledby="pay-link-summary"
        className="space-y-4 self-start rounded-2xl bg-white p-6 shadow-sm lg:order-last lg:col-span-2"
      >
        <h2 id="pay-link-summary" className="text-lg font-bold">
          Ordered by {link.clinicName}
        </h2>
        <ul className="divide-y divide-slate-100">
          {link.items.map((item) => (
            <li key={item.title} className="flex justify-between gap-4 py-2">
              <span>{item.title}</span>
              <span className="font-semibold">{item.price}</span>
            </li>
          ))}
          {link.fee ? (
            <li className="flex justify-between gap-4 py-2">
              <span>{link.fee.label}</span>
              <span className="font-semibold">{link.fee.amount}</span>
            </li>
          ) : null}
        </ul>
        <p className="flex justify-between border-t border-slate-200 pt-3 text-lg font-bold">
          <span>Total</span>
          <span>{link.total}</span>
        </p>
        <p className="text-sm text-muted">Free shipping. HSA/FSA cards are accepted, and your receipt is itemised for reimbursement.</p>
        <p className="rounded-lg bg-slate-50 p-3 text-sm">{link.refundNote}</p>
      </section>
      <div className="lg:col-span-3">
        {!payable ? (
          <Alert tone={link.state === 'paid' ? 'info' : 'warning'}>{link.message}</Alert>
        ) : (
          <form ref={formRef} method="post" noValidate onSubmit={submit} className="space-y-6" aria-label="Pay for your tests">
            {payments.testMode ? <TestCardsNote /> : null}
            <BankCheck bank={payment.bank} amount={link.total ?? ''} />
            <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
              <legend className="float-left w-full text-lg font-bold">1. Your account</legend>
              <div className="clear-both space-y-4 pt-3">
                <p>
                  Your results and your order are in your Base account, <span className="font-semibold break-all">{link.email}</span>.
                </p>
                {accountDone ? (
                  <p className="text-sm text-muted">You are signed in.</p>
                ) : (
                  <Field
                    label="Password"
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    hint="New to Base? Choose a password to create your account. Already have one? Enter its password."
                    error={errors.password}
                  />
                )}
              </div>
            </fieldset>
            <CardPayment
              payments={payments}
              errors={errors}
              onPaymentMethod={payWithStripe}
              disabled={payment.pending}
              total={link.total ?? ''}
            >
              <ConsentBox field={paymentConsentField('share_with_clinic')} error={errors.share_with_clinic}>
                {healthDataConsentTexts.share_with_clinic.text}
              </ConsentBox>
            </CardPayment>
            {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
            {payments.gateway === 'test' ? (
              <Button type="submit" className="w-full" pending={payment.pending} pendingLabel="Processing payment…">
                Pay {link.total}
              </Button>
            ) : null}
          </form>
        )}
      </div>
    </div>
  );
}
