import type { ComponentProps, ReactNode } from 'react';

const tones = {
  brand: 'bg-brand text-white',
  // what undoes or takes away (a void)
  danger: 'bg-danger text-white',
  // the second choice beside a row's first (discard, refund)
  plain: 'border border-slate-300',
} as const;

/**
 * A console table row's own submit button (retry, void, save, mark shipped). Every row's form
 * shares one fetcher, so the page disables them all while one is on its way (`disabled`) and marks
 * the row's own as busy (`busy`).
 */
export function RowButton({
  tone = 'brand',
  busy,
  ...props
}: Omit<ComponentProps<'button'>, 'type' | 'className' | 'aria-busy'> & { tone?: keyof typeof tones; busy?: boolean }) {
  return (
    <button
      type="submit"
      {...props}
      aria-busy={busy}
      className={`rounded-full ${tones[tone]} px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50`}
    />
  );
}

/** The input of a row form's one field, narrow enough for a table's cell. */
export const rowInput = 'mt-1 w-48 rounded-lg border border-slate-300 px-3 py-2 text-sm font-normal';

/** A row form's error, in the row's small type; its input points to it by `id`. */
export function RowError({ id, error, className }: { id: string; error: string | undefined; className?: string }) {
  return error ? (
    <p id={id} className={`mt-1 ${className ? `${className} ` : ''}text-xs font-medium text-danger`}>
      {error}
    </p>
  ) : null;
}

/** A row form's one field: its label around the input (the children), and its error (of id `errorId`) under them. */
export function RowField({
  label,
  errorId,
  error,
  children,
}: {
  label: ReactNode;
  errorId: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label className="flex flex-col text-xs font-semibold">
        {label}
        {children}
      </label>
      <RowError id={errorId} error={error} />
    </div>
  );
}
