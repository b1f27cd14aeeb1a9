import { useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { clinicCardMessages } from '@shop/core';
import type { PaymentsConfig, ProviderClinicCard } from '@shop/client';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { BankCheck } from '../../components/payment/bank-check';
import { testPaymentMethod, typedCard, usePaymentController } from '../../components/payment/payment-controller';
import { StripeCardForm } from '../../components/payment/stripe-card-form';
import { TestCardFields, TestCardsNote } from '../../components/payment/test-card-fields';
import { browserApi } from '../../lib/api';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { dashboardActions, dashboardForms } from './dashboard-forms';
import { Answer, card as cardFrame } from './dashboard-ui';

/**
 * The clinic's card, for admins: saved with nothing charged, through the gateway's own card form
 * (the test gateway's fields, or Stripe's), the number going from this script to the gateway only.
 */
export function ClinicCard({ clinicCard, payments }: { clinicCard: ProviderClinicCard; payments: PaymentsConfig }) {
  const revalidator = useRevalidator();
  const remove = useActionForm<FormAnswer>(dashboardForms.removeCard);
  const [saved, setSaved] = useState<string | null>(null);
  const typedForm = useRef<HTMLFormElement>(null);
  // saving charges nothing: the bank's check (when it asks) confirms the card, then the server saves it
  const payment = usePaymentController<null>({
    payments,
    onFailure: () => setSaved(null),
    async onPaid() {
      // the card's details leave the page once saved
      typedForm.current?.reset();
      setSaved(clinicCardMessages.saved);
      payment.setErrors({});
      payment.setPending(false);
      await revalidator.revalidate();
    },
  });
  const { errors } = payment;

  function saveWith(paymentMethod: () => Promise<string>) {
    return payment.pay(async () => {
      const api = browserApi();
      const answer = await api.saveProviderClinicCard(await paymentMethod());
      if (!('clientSecret' in answer)) return { paid: null };
      const confirm = async () => {
        await api.confirmProviderClinicCard();
        return { paid: null };
      };
      return { bankCheck: answer.clientSecret, confirm };
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = typedCard(event.currentTarget, 'clinic-card');
    if (!payment.checked({}, card)) return;
    await saveWith(() => testPaymentMethod(card));
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
          action={dashboardActions.card}
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
      {clinicCard.awaitingBank && !payment.bank.open ? <Alert tone="warning">{clinicCardMessages.awaitingBank}</Alert> : null}
      {payments.testMode ? <TestCardsNote use="save" /> : null}
      <BankCheck bank={payment.bank} amount="$0.00 (saving your clinic’s card charges nothing)" />
      {payments.gateway === 'test' ? (
        <form
          ref={typedForm}
          noValidate
          onSubmit={submit}
          aria-label={card ? 'Replace the clinic card' : 'Add a clinic card'}
          className="space-y-3"
        >
          <TestCardFields idPrefix="clinic-card" errors={errors} className="grid gap-3 sm:grid-cols-4" />
          <Button type="submit" variant="secondary" pending={payment.pending} pendingLabel="Saving card…" className="py-2">
            {card ? 'Replace card' : 'Save card'}
          </Button>
        </form>
      ) : (
        <StripeCardForm
          publishableKey={payments.publishableKey}
          account={payments.account}
          onPaymentMethod={(id) => saveWith(async () => id)}
          disabled={payment.pending}
          submitLabel={card ? 'Replace card' : 'Save card'}
        />
      )}
      <div aria-live="polite" className="empty:hidden">
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : saved ? <Alert tone="info">{saved}</Alert> : null}
      </div>
    </section>
  );
}
