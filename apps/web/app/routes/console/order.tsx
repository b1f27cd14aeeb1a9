import { Link } from 'react-router';
import { ConsoleNav } from '../../components/console/console-nav';
import { GuaranteePanel } from '../../components/console/guarantee-panel';
import { OrderActions } from '../../components/console/order-actions';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { notFoundWhen } from '../../lib/errors';
import { loadForStaff } from '../../lib/staff.server';
import { orderAction } from './order.server';
import type { Route } from './+types/order';
import { shopDayTime } from '../../lib/dates';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminOrder(params.id).catch(notFoundWhen));
}

/** The order's actions are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return orderAction(args);
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData && !loaderData.forbidden ? `Order #${loaderData.number} | Operator console | Base` : 'Order | Base' },
];

const when = (iso: string | null) => (iso ? shopDayTime(iso) : '—');

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <StaffOnly />;
  const order = loaderData;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <Link to="/admin" className="text-sm font-semibold text-brand underline">
          ← All orders
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-4">
          <h1 className="text-3xl font-extrabold">Order #{order.number}</h1>
          <span className="rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-brand-dark">{order.statusLabel}</span>
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            {order.gift ? (
              <Panel title="Gift">
                <dl className="grid gap-3 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="text-muted">Recipient</dt>
                    <dd className="font-semibold">
                      {order.gift.recipientName} ({order.gift.recipientEmail})
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted">Delivery date</dt>
                    <dd className="font-semibold">{order.gift.deliveryDate}</dd>
                  </div>
                  <div>
                    <dt className="text-muted">Gift status</dt>
                    <dd className="font-semibold">{order.gift.statusLabel}</dd>
                  </div>
                  <div>
                    <dt className="text-muted">Delivered at</dt>
                    <dd className="font-semibold">{when(order.gift.deliveredAt)}</dd>
                  </div>
                </dl>
              </Panel>
            ) : null}
            <Panel title="Kits">
              {order.kits.length === 0 ? (
                <p className="text-sm text-muted">Kits are created when a clinician approves the order.</p>
              ) : (
                // a table wider than a phone scrolls inside its panel instead of widening the page
                <div className="relative overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <thead className="text-muted">
                      <tr>
                        <th scope="col" className="py-2 pr-3">
                          Kit
                        </th>
                        <th scope="col" className="py-2 pr-3">
                          Code
                        </th>
                        <th scope="col" className="py-2 pr-3">
                          State
                        </th>
                        <th scope="col" className="py-2 pr-3">
                          Tracking
                        </th>
                        <th scope="col" className="py-2 pr-3">
                          Shipped · registered · sample
                        </th>
                        <th scope="col" className="py-2">
                          Results
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {order.kits.map((kit) => (
                        <tr key={kit.kitSlug}>
                          <td className="py-2 pr-3 font-semibold">{kit.title}</td>
                          <td className="py-2 pr-3 font-mono">{kit.code ?? '—'}</td>
                          <td className="py-2 pr-3">{kit.statusLabel}</td>
                          <td className="py-2 pr-3">{kit.trackingNumber ?? '—'}</td>
                          <td className="py-2">
                            {when(kit.shippedAt)} · {when(kit.registeredAt)} · {when(kit.sampleReceivedAt)}
                          </td>
                          <td className="py-2">
                            {kit.status === 'sample_received' ? (
                              <Link
                                to={`/admin/orders/${order.id}/results/${kit.kitSlug}`}
                                className="font-semibold text-brand-dark underline"
                              >
                                Enter results<span className="sr-only"> for the {kit.title}</span>
                              </Link>
                            ) : (
                              when(kit.resultsAt)
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Panel>
            <Panel title="Items">
              <ul className="divide-y divide-slate-100 text-sm">
                {order.items.map((item, index) => (
                  <li key={index} className="flex justify-between py-2">
                    <span>
                      {item.quantity} × {item.title}{' '}
                      {item.charge === 'on_results' ? <span className="text-muted">(billed when results arrive)</span> : null}
                    </span>
                    <span>{item.unitPrice}</span>
                  </li>
                ))}
                {order.fee ? (
                  <li className="flex justify-between py-2">
                    <span>{order.fee.label}</span>
                    <span>{order.fee.amount}</span>
                  </li>
                ) : null}
              </ul>
              <p className="mt-3 text-right font-semibold">Total {order.total}</p>
              <ul className="mt-3 text-sm text-muted">
                {order.payments.map((payment, index) => (
                  <li key={index}>
                    {payment.status} · {payment.amount} · {payment.card ?? 'no card'} · {when(payment.createdAt)}
                  </li>
                ))}
              </ul>
            </Panel>
            <Panel title="Timeline">
              <ol className="space-y-2 text-sm">
                {order.timeline.map((step, index) => (
                  <li key={index} className="flex flex-wrap gap-x-3">
                    <time dateTime={step.at} className="text-muted">
                      {when(step.at)}
                    </time>
                    <span className="font-semibold">{step.event.replaceAll('_', ' ')}</span>
                    {step.reason ? <span>— {step.reason}</span> : null}
                  </li>
                ))}
              </ol>
            </Panel>
          </div>
          <div className="min-w-0 space-y-6">
            <OrderActions order={order} />
            <GuaranteePanel order={order} />
            <Panel title="Customer">
              {order.customer ? (
                <p className="text-sm [overflow-wrap:anywhere]">
                  {order.customer.name}
                  <br />
                  <a href={`mailto:${order.customer.email}`} className="text-brand underline">
                    {order.customer.email}
                  </a>
                </p>
              ) : (
                <p className="text-sm [overflow-wrap:anywhere]">{order.email}</p>
              )}
              {order.employerGroup ? (
                <p className="mt-2 text-sm">
                  Covered by{' '}
                  <Link to={`/admin/employers/${order.employerGroup.id}`} className="font-semibold text-brand underline">
                    {order.employerGroup.name}
                  </Link>
                </p>
              ) : null}
              {order.clinic ? (
                <p className="mt-2 text-sm">
                  Clinic:{' '}
                  <Link to={`/admin/clinics/${order.clinic.id}`} className="font-semibold text-brand underline">
                    {order.clinic.name}
                  </Link>
                  {order.clinic.paid ? ' (the clinic paid)' : ''}
                </p>
              ) : null}
            </Panel>
            {order.attribution ? <AttributionPanel attribution={order.attribution} /> : null}
            {order.physician ? (
              <Panel title="Physician of record">
                <p className="text-sm">
                  <span className="font-semibold">{order.physician.name}</span>
                  <br />
                  {order.physician.licence} · approved {when(order.physician.approvedAt)}
                </p>
              </Panel>
            ) : null}
            <Panel title="Collection">
              {order.collection ? (
                <p className="text-sm">
                  {order.collection.label} · {order.collection.city ? `${order.collection.city}, ` : ''}
                  {order.collection.zipCode}
                </p>
              ) : (
                <p className="text-sm text-muted">Not chosen yet.</p>
              )}
            </Panel>
          </div>
        </div>
      </section>
    </>
  );
}

const rewardKinds: Record<string, string> = {
  affiliate_commission: 'Affiliate commission',
  member_referral: 'Referral reward',
  provider_referral: 'Provider referral reward',
  clinic_fee: 'Clinic fee',
};

/** Who sent the customer, and what the order earned them in the reward ledger. */
function AttributionPanel({
  attribution,
}: {
  attribution: NonNullable<Extract<Route.ComponentProps['loaderData'], { forbidden: false }>['attribution']>;
}) {
  return (
    <Panel title="Referred by">
      <dl className="space-y-2 text-sm">
        {attribution.affiliateCode ? (
          <div>
            <dt className="text-muted">Affiliate</dt>
            <dd className="font-semibold">
              {attribution.affiliateName ?? 'Unknown affiliate'} · <span className="font-mono">{attribution.affiliateCode}</span>
            </dd>
          </div>
        ) : null}
        {attribution.referralCode ? (
          <div>
            <dt className="text-muted">{attribution.affiliateCode ? 'Campaign' : 'Member referral code'}</dt>
            <dd className="font-mono font-semibold">{attribution.referralCode}</dd>
          </div>
        ) : null}
      </dl>
      {attribution.selfReferral ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-2 text-sm font-semibold text-amber-900">Self-referral: earns nothing.</p>
      ) : null}
      {attribution.rewards.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {attribution.rewards.map((reward, index) => (
            <li key={index} className="py-2">
              <span className="font-semibold">
                {rewardKinds[reward.kind] ?? reward.kind}
                {reward.entry === 'clawback' ? ' (clawed back)' : ''}
              </span>{' '}
              {reward.amount} · {reward.status}
              <br />
              <span className="text-muted">{reward.reason}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted">No reward recorded for this order.</p>
      )}
    </Panel>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `panel-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
