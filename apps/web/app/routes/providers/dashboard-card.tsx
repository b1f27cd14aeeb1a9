import { useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { clinicCardMessages, messages } from '@shop/core';
import type { PaymentsConfig, ProviderClinicCard } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { handleStripeAction, StripeCardForm } from '../../components/payment/stripe-card-form';
import { TestAuthentication } from '../../components/payment/test-authentication';
import { browserApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { dashboardForms } from './dashboard-forms';
import { Answer, card as cardFrame } from './dashboard-ui';

type CardErrors = Partial<Record<'number' | 'expiry' | 'cvc' | 'form', string>>;

function typed(form: HTMLFormElement, id: string): string {
  const input = form.elements.namedItem(id);
  return input instanceof HTMLInputElement ? input.value : '';
}

/**
 * The clinic's card, for admins: saved with nothing charged, through the gateway's own card form
 * (the test gateway's fields, or Stripe's), the number going from this script to the gateway only.
 */
export function ClinicCard({ clinicCard, payments }: { clinicCard: ProviderClinicCard; payments: PaymentsConfig }) {
  const revalidator = useRevalidator();
  const remove = useActionForm<FormAnswer>(dashboardForms.removeCard);
  const [errors, setErrors] = useState<CardErrors>({});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [bankCheck, setBankCheck] = useState<string | null>(null);
  const typedForm = useRef<HTMLFormElement>(null);

  async function done(message: string) {
    // the card's details leave the page once saved
    typedForm.current?.reset();
    setSaved(message);
    setErrors({});
    setPending(false);
    await revalidator.revalidate();
  }

  function fail(failure: unknown) {
    if (isApiError(failure) && (failure.code === 'INVALID_CARD' || failure.code === 'CARD_EXPIRED')) setErrors({ number: failure.message });
    else setErrors({ form: messageOf(failure, messages.checkoutFailed) });
    setSaved(null);
    setPending(false);
  }

  async function saveWith(paymentMethod: () => Promise<string>) {
    setPending(true);
    try {
      const api = browserApi();
      const answer = await api.saveProviderClinicCard(await paymentMethod());
      if (!('clientSecret' in answer)) return await done(clinicCardMessages.saved);
      if (payments.gateway === 'test') return setBankCheck(answer.clientSecret);
      await handleStripeAction(payments.publishableKey ?? '', payments.account, answer.clientSecret);
      await api.confirmProviderClinicCard();
      await done(clinicCardMessages.saved);
    } catch (failure) {
      fail(failure);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const typedCard = {
      number: typed(form, 'clinic-card-number'),
      expiry: typed(form, 'clinic-card-expiry'),
      cvc: typed(form, 'clinic-card-cvc'),
    };
    const next: CardErrors = {};
    if (typedCard.number.replace(/\D/g, '').length < 12) next.number = 'Please enter a valid card number';
    if (!/^\d{2}\s*\/\s*\d{2}$/.test(typedCard.expiry)) next.expiry = 'Please enter the expiry date as MM/YY';
    if (!/^\d{3,4}$/.test(typedCard.cvc)) next.cvc = 'Please enter the 3 or 4 digit security code';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await saveWith(async () => (await browserApi().createTestPaymentMethod(typedCard)).paymentMethod);
  }

  async function answerBank(approve: boolean) {
    if (!bankCheck) return;
    try {
      const api = browserApi();
      await api.authenticateTestPayment(bankCheck, approve);
      setBankCheck(null);
      await api.confirmProviderClinicCard();
      await done(clinicCardMessages.saved);
    } catch (failure) {
      setBankCheck(null);
      fail(failure);
    }
  }

  const { card } = clinicCard;
  return (
    <section aria-labelledby="clinic-card-heading" className={`${cardFrame} mt-4 space-y-4`}>
      <div>
        <h3 id="clinic-card-heading" className="font-semibold">
          Clinic card
        </h3>
        <p className="text-sm text-muted">
          The card your clinic pays with when it pays for a client’s tests. Saving it charges nothing; each order your clinic pays for is
          charged once.
        </p>
      </div>
      {card ? (
        <remove.fetcher.Form
          method="post"
          onSubmit={() => setSaved(null)}
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 p-3"
        >
          <input type="hidden" name="_form" value={dashboardForms.removeCard} />
          <p className="font-semibold">{card.label}</p>
          <Button type="submit" variant="secondary" pending={remove.pending} pendingLabel="Removing…" className="py-1">
            Remove card
          </Button>
        </remove.fetcher.Form>
      ) : (
        <p className="text-sm">{clinicCardMessages.noCard}</p>
      )}
      <Answer answer={remove.answer} />
      {clinicCard.awaitingBank && !bankCheck ? <Alert tone="warning">{clinicCardMessages.awaitingBank}</Alert> : null}
      {payments.testMode ? (
        <Alert tone="warning">
          Test mode: no real card is saved. Use 4242 4242 4242 4242 to save a card, 4000 0000 0000 0002 to see a decline, or 4000 0025 0000
          3155 to be asked for a bank confirmation.
        </Alert>
      ) : null}
      <TestAuthentication
        open={bankCheck !== null}
        amount="$0.00 (saving your clinic’s card charges nothing)"
        onAnswer={answerBank}
        onClose={() => {
          setBankCheck(null);
          setPending(false);
        }}
      />
      {payments.gateway === 'test' ? (
        <form
          ref={typedForm}
          noValidate
          onSubmit={submit}
          aria-label={card ? 'Replace the clinic card' : 'Add a clinic card'}
          className="space-y-3"
        >
          <div className="grid gap-3 sm:grid-cols-4">
            {/* no name: the card goes from this script to the gateway, never with a form to the page's server */}
            <Field
              className="sm:col-span-4"
              label="Card number"
              id="clinic-card-number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              error={errors.number}
            />
            <Field
              className="sm:col-span-2"
              label="Expiry (MM/YY)"
              id="clinic-card-expiry"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              error={errors.expiry}
            />
            <Field
              className="sm:col-span-2"
              label="Security code"
              id="clinic-card-cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              error={errors.cvc}
            />
          </div>
          <Button type="submit" variant="secondary" pending={pending} pendingLabel="Saving card…" className="py-2">
            {card ? 'Replace card' : 'Save card'}
          </Button>
        </form>
      ) : (
        <StripeCardForm
          publishableKey={payments.publishableKey}
          account={payments.account}
          onPaymentMethod={(id) => saveWith(async () => id)}
          disabled={pending}
          submitLabel={card ? 'Replace card' : 'Save card'}
        />
      )}
      <div aria-live="polite" className="empty:hidden">
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : saved ? <Alert tone="info">{saved}</Alert> : null}
      </div>
    </section>
  );
}
