import type { ReactNode } from 'react';

/** The look of a console form's input or select. */
export const consoleInput = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal';

interface Answered {
  errors: Record<string, string | undefined>;
  values: Record<string, string | undefined>;
}

/**
 * The attributes of a console form's inputs, by name: an id under `prefix`, the value typed before
 * the page came back, and the error tied to it for screen readers.
 */
export function consoleFields(prefix: string, { errors, values }: Answered) {
  return (name: string) => ({
    id: `${prefix}-${name}`,
    name,
    defaultValue: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${prefix}-${name}-error` : undefined,
  });
}

/** A console form's field: its label, its input (the children, of id `id`) and its error under it. */
export function ConsoleField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The error of the console form's input of id `id`, which points to it by `${id}-error`. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
      {error}
    </p>
  ) : null;
}
