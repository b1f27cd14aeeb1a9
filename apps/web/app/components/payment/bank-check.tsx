import { lazy, Suspense } from 'react';
import type { PaymentController } from './payment-controller';

// loaded the first time the bank asks (test mode only), not with the page
const TestAuthentication = lazy(async () => ({ default: (await import('./test-authentication')).TestAuthentication }));

/** The test gateway's stand-in for the bank's confirmation, for a payment controller's payment of `amount`. */
export function BankCheck({ bank, amount }: { bank: PaymentController<unknown>['bank']; amount: string }) {
  if (!bank.asked) return null;
  return (
    <Suspense fallback={null}>
      <TestAuthentication open={bank.open} amount={amount} onAnswer={bank.answer} onClose={bank.close} />
    </Suspense>
  );
}
