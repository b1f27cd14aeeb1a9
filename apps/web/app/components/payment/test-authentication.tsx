import { useState } from 'react';
import { Button } from '../button';
import { Dialog } from '../dialog';

interface TestAuthenticationProps {
  open: boolean;
  amount: string;
  /** approve or refuse as the bank would; resolves when the checkout has the answer */
  onAnswer: (approve: boolean) => Promise<void>;
  onClose: () => void;
}

/**
 * The test gateway's stand-in for the bank's own check (3-D Secure): in test mode the customer
 * plays the bank and approves or refuses. With Stripe, the bank's real screen takes its place.
 */
export function TestAuthentication({ open, amount, onAnswer, onClose }: TestAuthenticationProps) {
  const [pending, setPending] = useState<'approve' | 'refuse' | null>(null);
  async function answer(approve: boolean) {
    setPending(approve ? 'approve' : 'refuse');
    try {
      await onAnswer(approve);
    } finally {
      setPending(null);
    }
  }
  return (
    <Dialog open={open} onClose={onClose} title="Confirm your payment">
      <p>Your bank asks you to confirm the payment of {amount}.</p>
      <p className="mt-2 text-sm text-muted">Test mode: no bank is asked. Choose what the bank would answer.</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          type="button"
          pending={pending === 'approve'}
          pendingLabel="Confirming…"
          disabled={pending !== null}
          onClick={() => void answer(true)}
        >
          Approve payment
        </Button>
        <Button
          type="button"
          variant="secondary"
          pending={pending === 'refuse'}
          pendingLabel="Refusing…"
          disabled={pending !== null}
          onClick={() => void answer(false)}
        >
          Refuse
        </Button>
      </div>
    </Dialog>
  );
}
