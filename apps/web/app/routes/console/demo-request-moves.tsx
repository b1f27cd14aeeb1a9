import { Form } from 'react-router';
import { demoRequestMoves, demoRequestStatusLabels, type DemoRequestStatus } from '@shop/core';
import { MOVE_FORM } from './demo-requests-forms';

/** The buttons that move a request to each status it may reach from where it stands; a form without script. */
export function DemoRequestMoves({ id, status, withNote }: { id: string; status: DemoRequestStatus; withNote?: boolean }) {
  const moves = demoRequestMoves[status];
  if (moves.length === 0) return null;
  return (
    <Form
      method="post"
      className="flex flex-wrap items-end gap-2"
      aria-label={`Move the demo request (${demoRequestStatusLabels[status]})`}
    >
      <input type="hidden" name="_form" value={MOVE_FORM} />
      <input type="hidden" name="id" value={id} />
      {withNote ? (
        <label className="flex w-full flex-col text-sm font-semibold">
          Why (optional)
          <input name="note" maxLength={2000} className="mt-1 rounded-lg border border-slate-300 px-3 py-2 font-normal" />
        </label>
      ) : null}
      {moves.map((to) => (
        <button
          key={to}
          type="submit"
          name="status"
          value={to}
          className="rounded-full border border-brand px-3 py-1 text-sm font-semibold text-brand hover:bg-brand-soft"
        >
          Mark {demoRequestStatusLabels[to].toLowerCase()}
        </button>
      ))}
    </Form>
  );
}
