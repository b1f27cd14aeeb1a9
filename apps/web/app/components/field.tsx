import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** The look of a form's input (or text area), red-edged while it is wrong. */
export function inputClasses(error: string | undefined) {
  return `mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 ${
    error ? 'border-danger' : 'border-slate-300'
  }`;
}

/**
 * The label, hint and error around one input, tied to it: `control` gets the input's id and the
 * attributes that point a screen reader to its error and hint. The error comes into a live region
 * that is in the page before it, so it is read out as it appears (WCAG 4.1.3).
 */
export function LabelledControl({
  frame: { label, error, hint, id, className },
  control,
}: {
  frame: { label: string; error: string | undefined; hint: string | undefined; id: string | undefined; className: string | undefined };
  control: (wiring: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-semibold">
        {label}
      </label>
      {control({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint ? (
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div aria-live="polite">
        {error ? (
          <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A labelled input whose error is tied to it for screen readers, and read out as it appears. */
export function Field({ label, error, hint, id, className, ...input }: FieldProps) {
  return (
    <LabelledControl
      frame={{ label, error, hint, id, className }}
      control={(wiring) => <input {...wiring} className={inputClasses(error)} {...input} />}
    />
  );
}
