import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { loadForStaff } from '../../lib/staff.server';
import { createCouponAction } from './coupons.server';
import type { Route } from './+types/coupons';
import { shopDay } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminCoupons());
}

/** A new coupon is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return createCouponAction(args);
}

export const meta = () => [{ title: 'Coupons | Operator console | Base' }];

const input = 'mt-1 rounded-lg border border-slate-300 px-3 py-2 font-normal';

/** A field's message, under it. */
function FieldError({ name, error }: { name: string; error: string | undefined }) {
  return error ? (
    <p id={`coupon-${name}-error`} className="mt-1 text-sm font-medium text-danger">
      {error}
    </p>
  ) : null;
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  // sent by script, the created coupon's form is emptied; sent without, the page comes back empty
  const { fetcher, formRef, answer, errors, pending, values } = useActionForm<FormAnswer>(undefined, (_answer, form) => form.reset());
  if (loaderData.forbidden) return <StaffOnly />;
  /** A field's attributes: its name, what was typed when the page came back refused, its message. */
  const field = (name: string) => ({
    name,
    defaultValue: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `coupon-${name}-error` : undefined,
  });
  const fixed = values.kind === 'fixed';

  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Coupons</h1>
        {/* the value's label follows the checked kind by CSS alone, so it does with or without the page's script */}
        <fetcher.Form
          ref={formRef}
          method="post"
          className="group mt-6 grid gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-3 lg:grid-cols-6"
          aria-labelledby="new-coupon"
        >
          <h2 id="new-coupon" className="text-lg font-bold sm:col-span-3 lg:col-span-6">
            New coupon
          </h2>
          <div>
            <label className="flex flex-col text-sm font-semibold">
              Code
              <input {...field('code')} required maxLength={64} className={`${input} uppercase`} />
            </label>
            <FieldError name="code" error={errors.code} />
          </div>
          <fieldset className="text-sm font-semibold">
            <legend>Discount</legend>
            <label className="mt-2 mr-3 inline-flex items-center gap-1 font-normal">
              <input type="radio" name="kind" value="percent" defaultChecked={!fixed} /> Percent
            </label>
            <label className="inline-flex items-center gap-1 font-normal">
              <input type="radio" name="kind" value="fixed" defaultChecked={fixed} /> Fixed amount
            </label>
            <FieldError name="kind" error={errors.kind} />
          </fieldset>
          <div>
            <label className="flex flex-col text-sm font-semibold">
              <span className="group-has-[[name=kind][value=fixed]:checked]:hidden">Percent off (1–100)</span>
              <span className="hidden group-has-[[name=kind][value=fixed]:checked]:inline">Amount off in dollars</span>
              <input {...field('value')} required inputMode="decimal" className={input} />
            </label>
            <FieldError name="value" error={errors.value} />
          </div>
          <div>
            <label className="flex flex-col text-sm font-semibold">
              Usage limit (optional)
              <input {...field('usageLimit')} type="number" min={1} className={input} />
            </label>
            <FieldError name="usageLimit" error={errors.usageLimit} />
          </div>
          <div>
            <label className="flex flex-col text-sm font-semibold">
              Expires after (optional)
              <input {...field('expiresAt')} type="date" className={input} />
            </label>
            <FieldError name="expiresAt" error={errors.expiresAt} />
          </div>
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
            {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
          </div>
        </fetcher.Form>
        <div className="mt-6 relative overflow-x-auto rounded-2xl bg-white shadow-sm">
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
                  <td className="px-4 py-3">{shopDay(coupon.startsAt)}</td>
                  <td className="px-4 py-3">{coupon.expiresAt ? shopDay(coupon.expiresAt) : 'Never'}</td>
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
