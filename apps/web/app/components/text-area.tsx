import { useId, type TextareaHTMLAttributes } from 'react';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** A labelled text area, its error tied to it and read out as it appears, like `Field`'s. */
export function TextArea({ label, error, hint, id, className, ...input }: TextAreaProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 ${
          error ? 'border-danger' : 'border-slate-300'
        }`}
        {...input}
      />
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
