import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { cell, ConsoleTable } from '../../components/console/console-table';
import { RowButton } from '../../components/console/row-form';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { shopDayTime } from '../../lib/dates';
import { useActionForm } from '../../lib/form-answer';
import { formText } from '../../lib/form-text';
import { loadForStaff } from '../../lib/staff.server';
import { jobAction, type JobAnswer } from './jobs.server';
import type { Route } from './+types/jobs';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, async () => {
    const api = serverApi(request, context);
    const [jobs, charges] = await Promise.all([api.adminJobs(), api.adminStuckCharges()]);
    return { ...jobs, charges };
  });
}

/** A failed job's retry or discard, and a stuck charge's retry, are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return jobAction(args);
}

export const meta = () => [{ title: 'Jobs | Operator console | Base' }];

/** "4 min", "2 h 5 min", "3 d 1 h": how long the oldest due job has waited. */
export function waited(seconds: number): string {
  if (seconds <= 0) return '—';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return `${seconds} s`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/**
 * The job queue as an operator watches it: each queue's depth and how long its oldest due job
 * has waited, then the jobs that need a person, a failed one with its retry and discard.
 */
export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const { fetcher, formRef, ...form } = useActionForm<JobAnswer>();
  const pending = fetcher.state !== 'idle' && fetcher.formData ? formText(fetcher.formData, 'jobId') : null;
  const answer = fetcher.state === 'submitting' ? undefined : form.answer;
  if (loaderData.forbidden) return <StaffOnly />;
  const { queues, attention, notices, charges } = loaderData;
  const retryButton = (label: string) => ({ name: 'move', disabled: pending !== null, 'aria-label': label });

  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Jobs</h1>
        <p className="mt-2 text-muted">
          The work the shop does in the background: e-mails, charges, reminders. A job that fails is tried again on its own; one that failed
          every attempt waits here.
        </p>
        <div aria-live="polite" className="mt-4 space-y-2">
          {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
        </div>
        {notices.length > 0 ? (
          <section aria-labelledby="notices-heading" className="mt-6">
            <h2 id="notices-heading" className="text-xl font-bold">
              Notices
            </h2>
            <ul className="mt-2 space-y-2">
              {notices.map((notice) => (
                <li key={notice.id}>
                  <Alert tone="error">
                    {notice.message} Raised {shopDayTime(notice.openedAt)}.
                  </Alert>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <h2 className="mt-8 text-xl font-bold">Queues</h2>
        <ConsoleTable
          caption="Each queue with work not done"
          headings={['Job', 'Queued', 'Due now', 'Oldest due', 'Running', 'Stuck', 'Failed']}
          empty={queues.length === 0}
        >
          {queues.map((queue) => (
            <tr key={queue.name}>
              <td className={`${cell} font-mono`}>{queue.name}</td>
              <td className={cell}>{queue.queued}</td>
              <td className={cell}>{queue.due}</td>
              <td className={cell}>{waited(queue.oldestDueSeconds)}</td>
              <td className={cell}>{queue.running}</td>
              <td className={cell}>{queue.stuck}</td>
              <td className={cell}>{queue.failed}</td>
            </tr>
          ))}
        </ConsoleTable>

        <ConsoleTable
          title="Needing a person"
          explanation="A stuck job's worker stopped while running it: the next worker takes it again, and it shows here until then."
          caption="Failed and stuck jobs, newest first"
          headings={['Job', 'State', 'Attempts', 'Since', 'Last error', 'Action']}
          empty={attention.length === 0}
        >
          {attention.map((job) => (
            <tr key={job.id}>
              <td className={`${cell} font-mono`}>{job.name}</td>
              <td className={cell}>{job.status === 'failed' ? 'Failed' : 'Stuck'}</td>
              <td className={cell}>
                {job.attempts} of {job.maxAttempts}
              </td>
              <td className={`${cell} whitespace-nowrap`}>{shopDayTime(job.since)}</td>
              <td className={`${cell} max-w-xs [overflow-wrap:anywhere]`}>{job.lastError ?? '—'}</td>
              <td className={cell}>
                {job.status === 'failed' ? (
                  <fetcher.Form ref={answer?.jobId === job.id ? formRef : undefined} method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="jobId" value={job.id} />
                    <RowButton
                      name="move"
                      value="retry"
                      disabled={pending !== null}
                      busy={pending === job.id}
                      aria-label={`Retry the ${job.name} job`}
                    >
                      Retry
                    </RowButton>
                    <RowButton
                      tone="plain"
                      name="move"
                      value="discard"
                      disabled={pending !== null}
                      aria-label={`Discard the ${job.name} job`}
                    >
                      Discard
                    </RowButton>
                  </fetcher.Form>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </ConsoleTable>

        <h2 className="mt-10 text-xl font-bold">Charges not taken</h2>
        <p className="mt-1 text-sm text-muted">
          Every automatic try has been made. A retry tries the card once more through the usual billing: it charges at most once.
        </p>
        <h3 className="mt-6 font-bold">Unbilled programs</h3>
        <ConsoleTable
          caption="Unbilled programs"
          headings={['Order', 'Amount', 'Tries', 'Last answer', 'Action']}
          empty={charges.programs.length === 0}
        >
          {charges.programs.map((program) => (
            <tr key={program.orderId}>
              <td className={cell}>
                <a className="underline" href={`/admin/orders/${program.orderId}`}>
                  {program.orderNumber}
                </a>
              </td>
              <td className={cell}>{program.amount}</td>
              <td className={cell}>{program.tries}</td>
              <td className={cell}>
                {program.lastTry
                  ? `${program.lastTry.failureCode ?? program.lastTry.status}, ${shopDayTime(program.lastTry.at)}`
                  : 'No card to charge'}
              </td>
              <td className={cell}>
                <fetcher.Form ref={answer?.jobId === program.orderId ? formRef : undefined} method="post">
                  <input type="hidden" name="jobId" value={program.orderId} />
                  <RowButton
                    {...retryButton(`Retry the program charge of order ${program.orderNumber}`)}
                    value="retry-program"
                    busy={pending === program.orderId}
                  >
                    Retry
                  </RowButton>
                </fetcher.Form>
              </td>
            </tr>
          ))}
        </ConsoleTable>
        <h3 className="mt-6 font-bold">Failed renewals</h3>
        <ConsoleTable
          caption="Failed renewals"
          headings={['Subscription', 'Order', 'Delivery due', 'Amount', 'State', 'Last answer', 'Action']}
          empty={charges.renewals.length === 0}
        >
          {charges.renewals.map((renewal) => (
            <tr key={renewal.deliveryId}>
              <td className={cell}>{renewal.title}</td>
              <td className={cell}>
                <a className="underline" href={`/admin/orders/${renewal.orderId}`}>
                  {renewal.orderNumber}
                </a>
              </td>
              <td className={`${cell} whitespace-nowrap`}>{renewal.dueOn}</td>
              <td className={cell}>{renewal.amount}</td>
              <td className={cell}>{renewal.subscriptionStatus === 'paused' ? 'Paused' : 'Past due'}</td>
              <td className={cell}>{renewal.failureCode ?? 'No card to charge'}</td>
              <td className={cell}>
                <fetcher.Form ref={answer?.jobId === renewal.deliveryId ? formRef : undefined} method="post">
                  <input type="hidden" name="jobId" value={renewal.deliveryId} />
                  <RowButton
                    {...retryButton(`Retry the renewal of ${renewal.title} for order ${renewal.orderNumber}`)}
                    value="retry-renewal"
                    busy={pending === renewal.deliveryId}
                  >
                    Retry
                  </RowButton>
                </fetcher.Form>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      </section>
    </>
  );
}
