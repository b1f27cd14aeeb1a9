import { useId, type SelectHTMLAttributes } from 'react';

interface LabelledSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  /** value and label of each option */
  options: readonly (readonly [string, string])[];
  placeholder?: string;
  error?: string | undefined;
}

/** A labelled select whose options show words other than their values; its error is tied to it like Field's and read out as it appears. */
export function LabelledSelect({ label, options, placeholder, error, className, id, defaultValue = '', ...select }: LabelledSelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={selectId}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 ${
          error ? 'border-danger' : 'border-slate-300'
        }`}
        {...select}
      >
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <div aria-live="polite">
        {error ? (
          <p id={`${selectId}-error`} className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
