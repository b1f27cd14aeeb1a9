import { useState } from 'react';
import { Form } from 'react-router';
import { MAX_CODES_PER_BATCH } from '@shop/core';
import type { BusinessCodeBatch } from '@shop/client';
import { Alert } from '../alert';
import { FieldRefusal, PortalSubmit } from './portal-form-parts';
import { useHydrated } from '../../lib/use-hydrated';
import type { PortalAnswer } from '../../routes/partners/business-portal.server';
import { CODES_FORM } from '../../routes/partners/business-portal-forms';
import { shopDay } from '../../lib/dates';

const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal';

/** A new batch, shown this once: copied (with the page's script) or downloaded as a CSV (with or without). */
function NewCodes({ batch, codes }: { batch: number; codes: string[] }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const csv = `code\n${codes.join('\n')}\n`;
  return (
    <div className="mt-3">
      <textarea
        readOnly
        aria-label="New codes"
        rows={Math.min(12, codes.length)}
        className={`${input} font-mono`}
        value={codes.join('\n')}
      />
      <div className="mt-2 flex flex-wrap gap-3 text-sm">
        {hydrated ? (
          <button
            type="button"
            className="rounded-full border border-ink px-4 py-1 font-semibold"
            onClick={() => void navigator.clipboard.writeText(codes.join('\n')).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy codes'}
          </button>
        ) : null}
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`}
          download={`eligibility-codes-batch-${batch}.csv`}
          className="rounded-full border border-ink px-4 py-1 font-semibold"
        >
          Download as CSV
        </a>
      </div>
    </div>
  );
}

/** The group's eligibility codes: mint a batch of single-use codes, and the batches so far (used counts as the portal shows counts). */
export function CodesSection({
  batches,
  answer,
  sending,
}: {
  batches: BusinessCodeBatch[];
  answer: PortalAnswer | undefined;
  sending: boolean;
}) {
  const refused = answer && !answer.ok ? answer : undefined;
  return (
    <section className="mt-10" aria-labelledby="codes-heading">
      <h2 id="codes-heading" className="text-xl font-bold">
        Eligibility codes
      </h2>
      <p className="mt-1 text-sm text-muted">
        Give each employee their own code: each works once. A batch is shown once, when it is minted; Base keeps only a fingerprint of each
        code.
      </p>
      <Form method="post" className="mt-4 rounded-2xl bg-white p-5 shadow-sm" aria-label="Eligibility codes">
        <input type="hidden" name="_form" value={CODES_FORM} />
        <label className="flex max-w-xs flex-col text-sm font-semibold">
          How many codes
          <input
            name="count"
            type="number"
            min={1}
            max={MAX_CODES_PER_BATCH}
            defaultValue={refused?.values?.count ?? 10}
            aria-invalid={refused?.errors.count ? true : undefined}
            aria-describedby={refused?.errors.count ? 'codes-count-error' : undefined}
            className={input}
          />
        </label>
        <FieldRefusal id="codes-count-error" message={refused?.errors.count} />
        <PortalSubmit sending={sending} label="Mint codes" sendingLabel="Minting…" />
        <div aria-live="polite" className="mt-4">
          {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
          {answer?.ok && 'codes' in answer ? <NewCodes batch={answer.batch} codes={answer.codes} /> : null}
        </div>
      </Form>
      {batches.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No codes yet.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm" aria-label="Batches of codes">
          <thead>
            <tr className="text-muted">
              <th className="py-1 pr-3 font-semibold">Batch</th>
              <th className="py-1 pr-3 font-semibold">Minted</th>
              <th className="py-1 pr-3 font-semibold">Codes</th>
              <th className="py-1 font-semibold">Used</th>
            </tr>
          </thead>
          <tbody>
            {batches.map((batch) => (
              <tr key={batch.batch} className="border-t border-slate-200">
                <td className="py-1 pr-3">{batch.batch}</td>
                <td className="py-1 pr-3">{shopDay(batch.createdAt)}</td>
                <td className="py-1 pr-3">{batch.size}</td>
                <td className="py-1">{batch.used}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
