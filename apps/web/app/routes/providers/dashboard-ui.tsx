import type { FormAnswer } from '../../lib/form-answer';
import { Alert } from '../../components/alert';
import { shopDay } from '../../lib/dates';

// What the dashboard's panels share: their frames, their small buttons and the answer of a form.
export const panel = 'rounded-2xl bg-white shadow-sm';
export const card = `${panel} p-5`;
export const smallButton = 'rounded-full border px-4 py-1 text-sm font-semibold disabled:opacity-60';
export const day = shopDay;

export function Answer({ answer }: { answer: FormAnswer | undefined }) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
    </div>
  );
}
