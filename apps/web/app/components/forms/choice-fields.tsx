import { useId, type SelectHTMLAttributes } from 'react';

const controlLook =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly string[];
  placeholder: string;
  error?: string | undefined;
}

/** A labelled select; its error is tied to it like Field's. */
export function SelectField({ label, options, placeholder, error, className, id, defaultValue = '', ...select }: SelectFieldProps) {
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
        className={`${controlLook} ${error ? 'border-danger' : 'border-slate-300'}`}
        {...select}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${selectId}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface RadioGroupProps {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  className?: string;
  /** the choice made before, when a page comes back with its form */
  defaultValue?: string | undefined;
}

/** A question answered by one of a few choices: a fieldset whose legend is the question. */
export function RadioGroup({ legend, name, options, error, className = '', defaultValue }: RadioGroupProps) {
  const id = useId();
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-base">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === defaultValue}
              aria-invalid={error ? true : undefined}
              className="h-4 w-4 accent-brand"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
