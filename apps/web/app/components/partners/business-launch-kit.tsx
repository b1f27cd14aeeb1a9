import { useState } from 'react';
import { Link } from 'react-router';
import type { BusinessBankNotice, BusinessLaunchKit } from '@shop/client';
import { Alert } from '../alert';
import { useHydrated } from '../../lib/use-hydrated';
import { calendarLongDay } from '../../lib/dates';

const eligibilityNames: Record<BusinessLaunchKit['eligibility'], string> = {
  code: 'Single-use eligibility codes you hand out',
  census: 'Your census of employees',
  domain: 'A work e-mail at your domains',
};

/**
 * A text to copy: shown in a field anyone can select (without the page's script too), with a
 * button that copies it once the script runs, and says whether it did.
 */
function CopyField({
  id,
  label,
  text,
  rows,
  buttonLabel,
}: {
  id: string;
  label: string;
  text: string;
  rows?: number;
  buttonLabel: string;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  const field = 'min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm';
  return (
    <div className="mt-4">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className={`mt-2 flex flex-col gap-2 ${rows ? '' : 'sm:flex-row'}`}>
        {rows ? (
          <textarea id={id} readOnly rows={rows} value={text} className={`${field} whitespace-pre-wrap`} />
        ) : (
          <input id={id} readOnly value={text} onFocus={(event) => event.currentTarget.select()} className={`${field} font-mono`} />
        )}
        {hydrated ? (
          <button type="button" onClick={copy} className="self-start rounded-full bg-brand px-5 py-2 text-sm font-semibold text-white">
            {copied === 'yes' ? 'Copied' : buttonLabel}
          </button>
        ) : null}
      </div>
      <p aria-live="polite" className="mt-1 text-sm text-muted">
        {copied === 'failed' ? 'Your browser did not let the page copy: select the text and copy it.' : copied === 'yes' ? 'Copied.' : ''}
      </p>
    </div>
  );
}

/**
 * The launch kit: the link the benefits team shares with its employees, what the group covers
 * (read from its record, as the cover decides it), and an announcement and a poster to send. It
 * shows nobody of the group: it is what every employee reads on the group's page.
 */
export function LaunchKitSection({ kit }: { kit: BusinessLaunchKit }) {
  return (
    <section className="mt-10" aria-labelledby="launch-kit-heading">
      <h2 id="launch-kit-heading" className="text-xl font-bold">
        Launch kit
      </h2>
      <p className="mt-1 text-sm text-muted">
        Share this link with your employees: on it they choose their goal, prove they are eligible and order their covered test.
      </p>
      <div className="mt-4 rounded-2xl bg-white p-5 shadow-sm">
        <CopyField id="employee-link" label="Your employees’ link" text={kit.link} buttonLabel="Copy link" />
        <h3 className="mt-6 font-semibold">What is covered</h3>
        <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">Cover</dt>
          <dd>
            {kit.cover}, once per employee this plan year
            {kit.fullyCovered ? ': nothing for them to pay' : ', the rest paid by the employee'}.
          </dd>
          <dt className="font-semibold">Goals and their tests</dt>
          <dd>
            <ul>
              {kit.goals.map((goal) => (
                <li key={goal.title}>
                  {goal.title}: {goal.starterTest}
                </li>
              ))}
            </ul>
          </dd>
          <dt className="font-semibold">Caps</dt>
          <dd>{kit.caps ?? 'No cap on employees or spend this plan year.'}</dd>
          <dt className="font-semibold">Plan year</dt>
          <dd>
            {calendarLongDay(kit.planYearStart)} to {calendarLongDay(kit.planYearEnd)}
          </dd>
          <dt className="font-semibold">Eligibility</dt>
          <dd>
            {eligibilityNames[kit.eligibility]}. Employees read: “{kit.eligibilityInstructions}”
          </dd>
        </dl>
        <h3 className="mt-6 font-semibold">Ready to send</h3>
        <CopyField
          id="announcement-subject"
          label="Announcement e-mail: subject"
          text={kit.announcement.subject}
          buttonLabel="Copy subject"
        />
        <CopyField
          id="announcement-body"
          label="Announcement e-mail: text"
          text={kit.announcement.body}
          rows={16}
          buttonLabel="Copy e-mail text"
        />
        <p className="mt-4 text-sm">
          <Link to="/business/portal/poster" className="font-semibold text-brand-dark underline">
            Open the printable poster
          </Link>{' '}
          to put up in the office: it has the link and what is covered.
        </p>
      </div>
    </section>
  );
}

/** A prepaid bank's banner when it is low or empty: its level only, never its balance. */
export function BankNoticeBanner({ notice }: { notice: BusinessBankNotice }) {
  if (!notice.message) return null;
  return (
    <div className="mt-6">
      <Alert tone={notice.level === 'empty' ? 'error' : 'warning'}>
        {notice.message} Top it up so that your employees keep their cover. We e-mail every admin when it runs low, and when an employee is
        refused.
      </Alert>
    </div>
  );
}
