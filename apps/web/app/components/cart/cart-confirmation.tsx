import { Link } from 'react-router';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { add, cartAction, readCartState, useCartState } from './cart-store';

/**
 * The customer's answer: yes adds the line again, now allowed to replace the starter test; no
 * leaves the cart as it is. Whoever asked is told how it ended.
 */
async function answer(yes: boolean) {
  const pending = readCartState().confirmation;
  if (!pending) return;
  void cartAction({ intent: 'dismiss' });
  if (!yes) return pending.onAnswer?.('cancelled');
  const outcome = await add({ ...pending.request, confirmReplace: true }, pending.details.adding.title, pending.openCart);
  pending.onAnswer?.(outcome === 'added' ? 'added' : 'failed');
}

/**
 * Asked before an area test or the Complete bundle replaces the quiz's starter test
 * (specification §4): confirming replaces it, and it stays available by e-mail; cancelling keeps it.
 */
export function CartChangeConfirmation() {
  const { confirmation } = useCartState();
  const details = confirmation?.details;
  const starter = details?.replaces.find(
    (line) => line.productCode === 'base-quiz' || line.productCode === 'base-improvement-plan-pay-upfront',
  );
  const others = details?.replaces.filter((line) => line !== starter) ?? [];
  return (
    <Dialog open={confirmation !== null} onClose={() => void answer(false)} title="Replace your starter test?">
      {details ? (
        <>
          <p>
            Adding <strong>{details.adding.title}</strong> replaces the starter test from your quiz
            {starter ? (
              <>
                , <strong>{starter.title}</strong>
              </>
            ) : null}
            {others.length > 0 ? <>, and what comes with it ({others.map((line) => line.title).join(', ')})</> : null}.
          </p>
          {details.keptByEmail ? (
            <p className="mt-3 text-muted">It stays available by email: we send you a link back to your quiz results.</p>
          ) : (
            <p className="mt-3 text-muted">
              It stays available by email once you are signed in.{' '}
              <Link to="/sign-in" onClick={() => void answer(false)} className="font-semibold text-brand underline">
                Sign in first
              </Link>{' '}
              and we send you a link back to your quiz results.
            </p>
          )}
          <p className="mt-3 text-muted">Cancelling keeps your starter test in your cart.</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button onClick={() => void answer(true)}>Confirm</Button>
            <Button variant="secondary" onClick={() => void answer(false)}>
              Cancel
            </Button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
