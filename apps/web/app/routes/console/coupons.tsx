import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { browserApi, serverApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/coupons';
import { formText } from '../../lib/form-text';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminCoupons());
}

export const meta = () => [{ title: 'Coupons | Operator console | Base' }];

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const input = 'mt-1 rounded-lg border border-slate-300 px-3 py-2 font-normal';

/** Dollars typed by a person to cents, without floating-point surprises. */
function dollarsToCents(text: string): number {
  const [whole = '0', fraction = ''] = text.trim().replace(/^\$/, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [kind, setKind] = useState<'percent' | 'fixed'>('percent');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (loaderData.forbidden) return <StaffOnly />;

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const valueText = formText(data, 'value');
    const limit = formText(data, 'usageLimit').trim();
    const expiry = formText(data, 'expiresAt').trim();
    setPending(true);
    setError(null);
    setDone(null);
    try {
      const coupon = await browserApi().createCoupon({
        code: formText(data, 'code').trim(),
        kind,
        value: kind === 'percent' ? Number(valueText) : dollarsToCents(valueText),
        ...(limit ? { usageLimit: Number(limit) } : {}),
        ...(expiry ? { expiresAt: new Date(`${expiry}T23:59:59Z`).toISOString() } : {}),
      });
      setDone(`Coupon ${coupon.code} created: ${coupon.label}.`);
      form.reset();
      await revalidator.revalidate();
    } catch (caught) {
      setError(messageOf(caught, 'The coupon could not be created. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Coupons</h1>
        <form
          onSubmit={create}
          className="mt-6 grid gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-3 lg:grid-cols-6"
          aria-labelledby="new-coupon"
        >
          <h2 id="new-coupon" className="text-lg font-bold sm:col-span-3 lg:col-span-6">
            New coupon
          </h2>
          <label className="flex flex-col text-sm font-semibold">
            Code
            <input name="code" required maxLength={64} className={`${input} uppercase`} />
          </label>
          <fieldset className="text-sm font-semibold">
            <legend>Discount</legend>
            <label className="mt-2 mr-3 inline-flex items-center gap-1 font-normal">
              <input type="radio" name="kind" value="percent" checked={kind === 'percent'} onChange={() => setKind('percent')} /> Percent
            </label>
            <label className="inline-flex items-center gap-1 font-normal">
              <input type="radio" name="kind" value="fixed" checked={kind === 'fixed'} onChange={() => setKind('fixed')} /> Fixed amount
            </label>
          </fieldset>
          <label className="flex flex-col text-sm font-semibold">
            {kind === 'percent' ? 'Percent off (1–100)' : 'Amount off in dollars'}
            <input name="value" required inputMode="decimal" className={input} />
          </label>
          <label className="flex flex-col text-sm font-semibold">
            Usage limit (optional)
            <input name="usageLimit" type="number" min={1} className={input} />
          </label>
          <label className="flex flex-col text-sm font-semibold">
            Expires after (optional)
            <input name="expiresAt" type="date" className={input} />
          </label>
          <div className="flex items-end">
            <button
              type="submit"
              disabled={pending}
              aria-busy={pending}
              className="rounded-full bg-brand px-5 py-2 font-semibold text-white disabled:opacity-60"
            >
              {pending ? 'Creating…' : 'Create coupon'}
            </button>
          </div>
          <div aria-live="polite" className="sm:col-span-3 lg:col-span-6">
            {error ? <Alert tone="error">{error}</Alert> : null}
            {done ? <Alert>{done}</Alert> : null}
          </div>
        </form>
        <div className="mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Code
                </th>
                <th scope="col" className="px-4 py-3">
                  Discount
                </th>
                <th scope="col" className="px-4 py-3">
                  Limit
                </th>
                <th scope="col" className="px-4 py-3">
                  Starts
                </th>
                <th scope="col" className="px-4 py-3">
                  Expires
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.coupons.map((coupon) => (
                <tr key={coupon.id}>
                  <td className="px-4 py-3 font-mono font-semibold">{coupon.code}</td>
                  <td className="px-4 py-3">{coupon.label}</td>
                  <td className="px-4 py-3">{coupon.usageLimit ?? 'None'}</td>
                  <td className="px-4 py-3">{dateFormat.format(new Date(coupon.startsAt))}</td>
                  <td className="px-4 py-3">{coupon.expiresAt ? dateFormat.format(new Date(coupon.expiresAt)) : 'Never'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {loaderData.coupons.length === 0 ? <p className="px-4 py-6 text-center text-muted">No coupons yet.</p> : null}
        </div>
      </section>
    </>
  );
}
