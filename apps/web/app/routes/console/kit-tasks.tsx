import { Link } from 'react-router';
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
import { kitTaskAction, type KitTaskAnswer } from './kit-tasks.server';
import type { Route } from './+types/kit-tasks';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminKitTasks());
}

/** A task's "another kit" or "refund" is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return kitTaskAction(args);
}

export const meta = () => [{ title: 'Kit tasks | Operator console | Base' }];

const age = (hours: number) => (hours < 24 ? `${hours} h` : `${Math.floor(hours / 24)} d ${hours % 24} h`);

/**
 * Kits that failed twice, or were lost while other samples of their order are in: a clinician
 * reaches the member, then sends another kit at no charge or refunds the order (decision 0066).
 */
export default function KitTasks({ loaderData }: Route.ComponentProps) {
  const { fetcher, formRef, ...form } = useActionForm<KitTaskAnswer>();
  const pending = fetcher.state !== 'idle' && fetcher.formData ? formText(fetcher.formData, 'taskId') : null;
  const answer = fetcher.state === 'submitting' ? undefined : form.answer;
  if (loaderData.forbidden) return <StaffOnly />;
  const { tasks } = loaderData;

  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Kit tasks</h1>
        <p className="mt-2 text-muted">
          A kit gets one replacement at no charge. When it fails again, a clinician contacts the member and decides: another kit, or a full
          refund.
        </p>
        <div aria-live="polite" className="mt-4 space-y-2">
          {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
        </div>
        <ConsoleTable
          caption="Open kit tasks, oldest first"
          headings={['Order', 'Kit', 'What happened', 'Waiting', 'Decision']}
          empty={tasks.length === 0}
        >
          {tasks.map((task) => (
            <tr key={task.id}>
              <td className={cell}>
                <Link to={`/admin/orders/${task.orderId}`} className="font-semibold text-brand-dark underline">
                  #{task.orderNumber}
                </Link>
              </td>
              <td className={cell}>{task.kitTitle}</td>
              <td className={`${cell} max-w-sm`}>
                {task.cause}
                {task.note ? <span className="block text-sm text-muted">Lab: {task.note}</span> : null}
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={task.createdAt} title={shopDayTime(task.createdAt)}>
                  {age(task.ageHours)}
                </time>
              </td>
              <td className={cell}>
                <fetcher.Form ref={answer?.taskId === task.id ? formRef : undefined} method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="taskId" value={task.id} />
                  <RowButton
                    name="move"
                    value="replace"
                    disabled={pending !== null}
                    busy={pending === task.id}
                    aria-label={`Send another ${task.kitTitle} for order #${task.orderNumber}`}
                  >
                    Another kit
                  </RowButton>
                  <RowButton
                    name="move"
                    value="refund"
                    disabled={pending !== null}
                    aria-label={`Refund order #${task.orderNumber}`}
                    tone="plain"
                  >
                    Refund
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
