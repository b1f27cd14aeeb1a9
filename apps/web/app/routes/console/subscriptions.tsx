import type { AdminSubscriptionDelivery, AdminSubscriptionLine } from '@shop/client';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { RowButton, RowField, rowInput } from '../../components/console/row-form';
import { cell, ConsoleTable } from '../../components/console/console-table';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { useActionForm } from '../../lib/form-answer';
import { formText } from '../../lib/form-text';
import { loadForStaff } from '../../lib/staff.server';
import { shipDeliveryAction, type ShipDeliveryAnswer } from './subscriptions.server';
import type { Route } from './+types/subscriptions';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminSubscriptions());
}

/** A delivery's shipment is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return shipDeliveryAction(args);
}

export const meta = () => [{ title: 'Test subscriptions | Operator console | Base' }];

const dateCell = 'whitespace-nowrap px-4 py-3';

function Customer({ line }: { line: { customer: { name: string; email: string } } }) {
  return (
    <>
      {line.customer.name}
      <span className="block text-muted">{line.customer.email}</span>
    </>
  );
}

/** What a delivery row of either table starts with: when, who, what, which one, how much. */
function DeliveryCells({ delivery }: { delivery: AdminSubscriptionDelivery }) {
  return (
    <>
      <td className={dateCell}>{delivery.dueOn}</td>
      <td className={cell}>
        <Customer line={delivery} />
      </td>
      <td className={cell}>{delivery.title}</td>
      <td className={cell}>{delivery.sequence}</td>
      <td className={cell}>{delivery.amount}</td>
    </>
  );
}

function SubscriptionRow({ line }: { line: AdminSubscriptionLine }) {
  return (
    <tr>
      <td className={dateCell}>{line.nextDeliveryOn ?? '—'}</td>
      <td className={cell}>
        <Customer line={line} />
      </td>
      <td className={cell}>{line.title}</td>
      <td className={cell}>
        {line.price}, {line.frequencyLabel}
      </td>
      <td className={cell}>
        <Link to={`/admin/orders/${line.orderId}`} className="text-brand underline">
          #{line.orderNumber}
        </Link>
      </td>
      <td className={cell}>{line.statusLabel}</td>
    </tr>
  );
}

/**
 * The test subscriptions console: deliveries due this week, those held back (a bank that wants the
 * customer, a declined card), the paid ones to ship with their tracking number, and every
 * subscription. Operators ship; support sees the same and may not.
 */
export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  // one fetcher for every delivery's form: the answer stays when its delivery leaves the list
  const { fetcher, formRef, values, ...form } = useActionForm<ShipDeliveryAnswer>();
  const pending = fetcher.state !== 'idle' && fetcher.formData ? formText(fetcher.formData, 'deliveryId') : null;
  // the last answer goes while the next delivery is sent
  const answer = fetcher.state === 'submitting' ? undefined : form.answer;
  if (loaderData.forbidden) return <StaffOnly />;
  const { due, attention, toShip, shipped, subscriptions, canShip } = loaderData;

  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Test subscriptions</h1>
        <p className="mt-2 text-muted">Each delivery is charged on its day by the job queue; paid deliveries wait here to ship.</p>
        <div aria-live="polite" className="mt-4 space-y-2">
          {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
        </div>

        <h2 className="mt-8 text-xl font-bold">Paid, to ship</h2>
        <ConsoleTable
          caption="Paid deliveries waiting to ship, oldest first"
          headings={['Due', 'Customer', 'Test', 'Delivery', 'Amount', 'Ship']}
          empty={toShip.length === 0}
        >
          {toShip.map((delivery) => {
            const answered = answer?.deliveryId === delivery.id;
            const error = answered && !answer.ok ? answer.errors.trackingNumber : undefined;
            const errorId = `tracking-error-${delivery.id}`;
            return (
              <tr key={delivery.id}>
                <DeliveryCells delivery={delivery} />
                <td className={cell}>
                  <fetcher.Form ref={answered ? formRef : undefined} method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="deliveryId" value={delivery.id} />
                    <RowField
                      label={`Tracking number for delivery ${delivery.sequence} to ${delivery.customer.email}`}
                      errorId={errorId}
                      error={error}
                    >
                      <input
                        name="trackingNumber"
                        required
                        minLength={4}
                        maxLength={64}
                        disabled={!canShip}
                        defaultValue={answered ? values.trackingNumber : undefined}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        className={rowInput}
                      />
                    </RowField>
                    <RowButton disabled={!canShip || pending !== null} busy={pending === delivery.id}>
                      {pending === delivery.id ? 'Working…' : 'Mark shipped'}
                    </RowButton>
                  </fetcher.Form>
                </td>
              </tr>
            );
          })}
        </ConsoleTable>
        {!canShip && toShip.length > 0 ? <p className="mt-2 text-sm text-muted">Shipping belongs to operators.</p> : null}

        <ConsoleTable
          title="Due in the next 7 days"
          caption="Subscriptions whose next delivery is due within a week"
          headings={['Next delivery', 'Customer', 'Test', 'Price', 'Order', 'Status']}
          empty={due.length === 0}
        >
          {due.map((line) => (
            <SubscriptionRow key={line.id} line={line} />
          ))}
        </ConsoleTable>

        <ConsoleTable
          title="Held back"
          explanation="The customer’s bank wants their approval (they were e-mailed a link), or the card was declined and is tried again."
          caption="Deliveries waiting for the customer or a card"
          headings={['Due', 'Customer', 'Test', 'Delivery', 'Amount', 'Status']}
          empty={attention.length === 0}
        >
          {attention.map((delivery) => (
            <tr key={delivery.id}>
              <DeliveryCells delivery={delivery} />
              <td className={cell}>{delivery.statusLabel}</td>
            </tr>
          ))}
        </ConsoleTable>

        <ConsoleTable
          title="Shipped lately"
          caption="Deliveries shipped lately"
          headings={['Due', 'Customer', 'Test', 'Delivery', 'Tracking number']}
          empty={shipped.length === 0}
        >
          {shipped.map((delivery) => (
            <tr key={delivery.id}>
              <td className={dateCell}>{delivery.dueOn}</td>
              <td className={cell}>
                <Customer line={delivery} />
              </td>
              <td className={cell}>{delivery.title}</td>
              <td className={cell}>{delivery.sequence}</td>
              <td className={`${cell} font-mono`}>{delivery.trackingNumber}</td>
            </tr>
          ))}
        </ConsoleTable>

        <ConsoleTable
          title="All subscriptions"
          caption="Every test subscription, newest first"
          headings={['Next delivery', 'Customer', 'Test', 'Price', 'Order', 'Status']}
          empty={subscriptions.length === 0}
        >
          {subscriptions.map((line) => (
            <SubscriptionRow key={line.id} line={line} />
          ))}
        </ConsoleTable>
      </section>
    </>
  );
}
