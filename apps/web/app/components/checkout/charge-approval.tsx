import { useState, type FormEvent } from 'react';
import { cardEntryProblems, messages } from '@shop/core';
import { Alert } from '../alert';
import { Button } from '../button';
import { handleStripeAction, StripeCardForm } from '../payment/stripe-card-form';
import { testPaymentMethod, typedCard } from '../payment/payment-controller';
import { TestCardFields } from '../payment/test-card-fields';
import { TestAuthentication } from '../payment/test-authentication';
import { messageOf } from '../../lib/errors';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';

// The forms of a page where a held-back charge is approved with the saved card, in `_form`.
export const APPROVE_FORM = 'approve';
/** the test gateway's stand-in for the bank's check: approve or refuse */
export const BANK_FORM = 'bank';
/** the charge confirmed once the bank's own screen (Stripe's) has answered */
export const CONFIRM_FORM = 'confirm';
/** An answer of the approval: when the bank wants to check first, the check's secret. */
export type ApprovalAnswer = FormAnswer & { clientSecret?: string };

/** What the bank's check needs to know of the shop's payments. */
interface Payments {
  gateway: string;
  publishableKey?: string | null;
  account: string | null;
}

/** Without the page's script, the bank's check is asked for on the page, not in a dialog (test mode), or said to need the script. */
const CHECK_NEEDS_SCRIPT =
  'Your bank asks you to confirm this payment on its own screen, which needs this page’s JavaScript. Please turn JavaScript on, or reload the page, and approve again.';

/**
 * The approval of a held-back charge ("Approve $…"), sent to the page's action with or without
 * its script. When the bank asks to check first, the test gateway's stand-in asks the customer
 * (a dialog with the script, the page itself without), or the bank's own screen does (Stripe,
 * with the script only); the charge is then confirmed by the action, which sends the customer
 * back to the page.
 */
export function ChargeApproval({ amount, payments, newCard = false }: { amount: string; payments: Payments; newCard?: boolean }) {
  const [testSecret, setTestSecret] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const approval = useActionForm<ApprovalAnswer>([APPROVE_FORM, BANK_FORM, CONFIRM_FORM], (answer) => {
    const secret = answer.clientSecret;
    if (!secret) return;
    if (payments.gateway === 'test') {
      setTestSecret(secret);
      return;
    }
    setChecking(true);
    handleStripeAction(payments.publishableKey ?? '', payments.account, secret)
      .then(
        () => approval.fetcher.submit({ _form: CONFIRM_FORM }, { method: 'post' }),
        (error: unknown) => setFailure(messageOf(error, messages.checkoutFailed)),
      )
      .finally(() => setChecking(false));
  });
  const { fetcher, answer, pending } = approval;
  const refused = answer && !answer.ok ? (answer.message ?? messages.checkoutFailed) : null;
  const error = pending ? null : (failure ?? refused);
  // sent without the script, the bank's check comes back with the page
  const checkWithoutScript = approval.sentWithoutScript && answer?.ok ? answer.clientSecret : undefined;

  /** Pays with a card typed here (the membership's card update): the card goes to the gateway, its reference to the action. */
  function payWith(paymentMethod: string) {
    setFailure(null);
    void fetcher.submit({ _form: APPROVE_FORM, paymentMethod }, { method: 'post' });
  }

  async function payWithTestCard(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = typedCard(event.currentTarget, 'new-card');
    // the first field to fix, in the fields' order
    const problems = cardEntryProblems(card);
    const problem = problems.number ?? problems.expiry ?? problems.cvc;
    if (problem) return setFailure(problem);
    try {
      payWith(await testPaymentMethod(card));
    } catch (error) {
      setFailure(messageOf(error, messages.checkoutFailed));
    }
  }

  async function answerBank(approve: boolean) {
    if (!testSecret) return;
    await fetcher.submit({ _form: BANK_FORM, secret: testSecret, approve: approve ? 'yes' : 'no' }, { method: 'post' });
    setTestSecret(null);
  }

  return (
    <>
      {error ? (
        <div className="mt-4">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      {checkWithoutScript ? (
        <div className="mt-6">
          {payments.gateway === 'test' ? (
            <fetcher.Form method="post" aria-label="Confirm your payment">
              <input type="hidden" name="_form" value={BANK_FORM} />
              <input type="hidden" name="secret" value={checkWithoutScript} />
              <h2 className="text-xl font-bold">Confirm your payment</h2>
              <p className="mt-2">Your bank asks you to confirm the payment of {amount}.</p>
              <p className="mt-2 text-sm text-muted">Test mode: no bank is asked. Choose what the bank would answer.</p>
              <div className="mt-6 flex flex-wrap gap-3">
                <Button type="submit" name="approve" value="yes">
                  Approve payment
                </Button>
                <Button type="submit" name="approve" value="no" variant="secondary">
                  Refuse
                </Button>
              </div>
            </fetcher.Form>
          ) : (
            <Alert tone="error">{CHECK_NEEDS_SCRIPT}</Alert>
          )}
        </div>
      ) : newCard && payments.gateway === 'test' ? (
        // no name on the card fields: the card goes from the script to the gateway, never to the page's server
        <form ref={approval.formRef} onSubmit={(event) => void payWithTestCard(event)} aria-label="Pay with another card" noValidate>
          <TestCardFields idPrefix="new-card" className="mt-6 grid gap-4 sm:grid-cols-4" placeholders={false} />
          <Button type="submit" className="mt-6 w-full" pending={pending || testSecret !== null} pendingLabel="Paying…">
            Pay {amount} with this card
          </Button>
        </form>
      ) : newCard ? (
        <div className="mt-6">
          <StripeCardForm
            publishableKey={payments.publishableKey ?? null}
            account={payments.account}
            onPaymentMethod={payWith}
            disabled={pending || checking}
            submitLabel={`Pay ${amount} with this card`}
          />
        </div>
      ) : (
        <fetcher.Form ref={approval.formRef} method="post" aria-label="Approve the charge">
          <input type="hidden" name="_form" value={APPROVE_FORM} />
          <Button
            type="submit"
            className="mt-6 w-full"
            pending={pending || checking || testSecret !== null}
            pendingLabel="Waiting for your bank…"
            onClick={() => setFailure(null)}
          >
            Approve {amount}
          </Button>
        </fetcher.Form>
      )}
      <TestAuthentication open={testSecret !== null} amount={amount} onAnswer={answerBank} onClose={() => setTestSecret(null)} />
    </>
  );
}
