import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/outbox';
import { shopDayTime } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  const to = new URL(request.url).searchParams.get('to') ?? '';
  return loadForStaff(request, async () => ({
    ...(await serverApi(request, context).adminOutbox(to || undefined)),
    to,
  }));
}

export const meta = () => [{ title: 'E-mail outbox | Base' }];

const statusLabels: Record<string, string> = { stored: 'stored (no SMTP)', sent: 'sent', failed: 'not sent' };

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <StaffOnly />;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-4xl px-4 py-10">
        <h1 className="text-3xl font-extrabold">E-mail outbox</h1>
        <form method="get" className="mt-6 flex flex-wrap items-end gap-3">
          <label className="text-sm font-semibold">
            Recipient
            <input
              name="to"
              type="email"
              defaultValue={loaderData.to}
              className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 font-normal"
            />
          </label>
          <button type="submit" className="rounded-full border border-ink bg-white px-5 py-2 font-semibold">
            Filter
          </button>
        </form>
        {loaderData.emails.length === 0 ? <p className="mt-8 text-muted">No e-mails yet.</p> : null}
        <ul className="mt-6 space-y-4">
          {loaderData.emails.map((email) => (
            <li key={email.id}>
              <article aria-label={`${email.subject} to ${email.to}`} className="rounded-2xl bg-white p-5 shadow-sm">
                <p className="text-sm text-muted [overflow-wrap:anywhere]">
                  {shopDayTime(email.createdAt)} · to {email.to} · {statusLabels[email.status] ?? email.status}
                  {email.attempts > 1 ? ` · ${email.attempts} attempts since ${shopDayTime(email.firstAttemptAt)}` : ''}
                </p>
                <h2 className="mt-1 text-lg font-bold">{email.subject}</h2>
                {email.status === 'failed' ? (
                  <p className="mt-3 text-sm text-muted">
                    Not sent: the mail server refused it or could not be reached. Its job tries again on its own; the Jobs page shows it
                    once every attempt has failed.
                  </p>
                ) : email.text === null ? (
                  <p className="mt-3 text-sm text-muted">Sent by SMTP: the shop keeps who it went to and when, not what it said.</p>
                ) : (
                  <pre className="mt-3 whitespace-pre-wrap font-sans text-sm [overflow-wrap:anywhere]">{email.text}</pre>
                )}
              </article>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
