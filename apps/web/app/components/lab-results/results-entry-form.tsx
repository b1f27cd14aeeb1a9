import { useState, type FormEvent } from 'react';
import { acceptedUnits, biomarkers, resultSetSchema, testsInKit, type BiomarkerSlug, type KitSlug } from '@shop/core';
import { useHydrated } from '../../lib/use-hydrated';
import { Alert } from '../alert';
import { Button } from '../button';
import { browserApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { formText } from '../../lib/form-text';

const inputClass = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base';

/** Reads the form: a biomarker left blank was not measured and is left out. */
function entriesOf(form: FormData, slugs: readonly BiomarkerSlug[]) {
  const number = (name: string) => {
    const raw = formText(form, name).trim();
    return raw === '' ? undefined : Number(raw);
  };
  return slugs.flatMap((slug) => {
    const value = number(`${slug}.value`);
    if (value === undefined) return [];
    const low = number(`${slug}.low`);
    const high = number(`${slug}.high`);
    const range =
      low !== undefined || high !== undefined
        ? { referenceRange: { ...(low !== undefined ? { low } : {}), ...(high !== undefined ? { high } : {}) } }
        : {};
    return [{ biomarker: slug, value, unit: formText(form, `${slug}.unit`), ...range }];
  });
}

/**
 * The console's entry of one kit's results: a value and unit per biomarker the kit measures, and
 * the lab's own range when it printed one. Checked with the server's schema before sending; a kit
 * takes its results once.
 */
export function ResultsEntryForm({ orderId, kitSlug }: { orderId: string; kitSlug: KitSlug }) {
  const slugs = [...new Set(testsInKit(kitSlug).flatMap((test) => test.biomarkers.map((biomarker) => biomarker.slug as BiomarkerSlug)))];
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string }>();
  const [pending, setPending] = useState(false);
  // a script-only form: its button waits for the script, so an early click sends nothing
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { results: entriesOf(new FormData(event.currentTarget), slugs) };
    const parsed = resultSetSchema.safeParse(input);
    if (!parsed.success) return setOutcome({ tone: 'error', text: parsed.error.issues[0]?.message ?? 'Please check the results.' });
    setPending(true);
    try {
      const saved = await browserApi().enterResults(orderId, kitSlug, input);
      setOutcome({ tone: 'info', text: `Results saved. Order #${saved.order.number} is now ${saved.order.status.replaceAll('_', ' ')}.` });
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error, 'The results could not be saved. Please try again.') });
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="mt-6 space-y-4">
      {slugs.map((slug) => (
        <fieldset key={slug} className="rounded-xl bg-white p-4 shadow-sm">
          <legend className="px-1 font-semibold">{biomarkers[slug].title}</legend>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <label className="text-sm font-semibold">
              Value
              <input name={`${slug}.value`} inputMode="decimal" className={inputClass} />
            </label>
            <label className="text-sm font-semibold">
              Unit
              <select name={`${slug}.unit`} className={inputClass}>
                {acceptedUnits(slug).map((unit) => (
                  <option key={unit}>{unit}</option>
                ))}
              </select>
            </label>
            <label className="text-sm font-semibold">
              Range low (optional)
              <input name={`${slug}.low`} inputMode="decimal" className={inputClass} />
            </label>
            <label className="text-sm font-semibold">
              Range high (optional)
              <input name={`${slug}.high`} inputMode="decimal" className={inputClass} />
            </label>
          </div>
        </fieldset>
      ))}
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      <Button type="submit" disabled={!hydrated} pending={pending} pendingLabel="Saving…">
        Save the results
      </Button>
    </form>
  );
}
