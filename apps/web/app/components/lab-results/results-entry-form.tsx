import { acceptedUnits, biomarkers, type BiomarkerSlug } from '@shop/core';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { Alert } from '../alert';
import { Button } from '../button';

const inputClass = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base';

/**
 * The console's entry of one kit's results: a value and unit per biomarker the order bought in
 * the kit (no other), and the lab's own range when it printed one. Sent to the page's action (with or without the page's
 * script), which checks it with the server's schema; a kit takes its results once.
 */
export function ResultsEntryForm({ biomarkers: slugs }: { biomarkers: readonly BiomarkerSlug[] }) {
  const { fetcher, formRef, answer, errors, pending, values } = useActionForm<FormAnswer>();
  /** A field's attributes: its name, what was typed when the page came back refused, whether it is the one to fix. */
  const field = (name: string) => ({ name, defaultValue: values[name], 'aria-invalid': errors[name] ? true : undefined });

  return (
    <fetcher.Form ref={formRef} method="post" noValidate className="mt-6 space-y-4">
      {slugs.map((slug) => (
        <fieldset key={slug} className="rounded-xl bg-white p-4 shadow-sm">
          <legend className="px-1 font-semibold">{biomarkers[slug].title}</legend>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <label className="text-sm font-semibold">
              Value
              <input {...field(`${slug}.value`)} inputMode="decimal" className={inputClass} />
            </label>
            <label className="text-sm font-semibold">
              Unit
              <select {...field(`${slug}.unit`)} className={inputClass}>
                {acceptedUnits(slug).map((unit) => (
                  <option key={unit}>{unit}</option>
                ))}
              </select>
            </label>
            <label className="text-sm font-semibold">
              Range low (optional)
              <input {...field(`${slug}.low`)} inputMode="decimal" className={inputClass} />
            </label>
            <label className="text-sm font-semibold">
              Range high (optional)
              <input {...field(`${slug}.high`)} inputMode="decimal" className={inputClass} />
            </label>
          </div>
        </fieldset>
      ))}
      {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
      <Button type="submit" pending={pending} pendingLabel="Saving…">
        Save the results
      </Button>
    </fetcher.Form>
  );
}
