import { Alert } from '../../components/alert';
import { buttonClasses } from '../../components/button';
import { consoleFields, FieldError } from '../../components/console/console-field';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable } from '../../components/console/console-table';
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

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  // sent by script, the created coupon's form is emptied; sent without, the page comes back empty
  const { fetcher, formRef, answer, errors, pending, values } = useActionForm<FormAnswer>(undefined, (_answer, form) => form.reset());
  if (loaderData.forbidden) return <StaffOnly />;
  const field = consoleFields('coupon', { errors, values });
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
            <FieldError id="coupon-code" error={errors.code} />
          </div>
          <fieldset className="text-sm font-semibold">
            <legend>Discount</legend>
            <label className="mt-2 mr-3 inline-flex items-center gap-1 font-normal">
              <input type="radio" name="kind" value="percent" defaultChecked={!fixed} /> Percent
            </label>
            <label className="inline-flex items-center gap-1 font-normal">
              <input type="radio" name="kind" value="fixed" defaultChecked={fixed} /> Fixed amount
            </label>
            <FieldError id="coupon-kind" error={errors.kind} />
          </fieldset>
          <div>
            <label className="flex flex-col text-sm font-semibold">
              <span className="group-has-[[name=kind][value=fixed]:checked]:hidden">Percent off (1–100)</span>
              <span className="hidden group-has-[[name=kind][value=fixed]:checked]:inline">Amount off in dollars</span>
              <input {...field('value')} required inputMode="decimal" className={input} />
            </label>
            <FieldError id="coupon-value" error={errors.value} />
          </div>
          <div>
            <label className="flex flex-col text-sm font-semibold">
              Usage limit (optional)
              <input {...field('usageLimit')} type="number" min={1} className={input} />
            </label>
            <FieldError id="coupon-usageLimit" error={errors.usageLimit} />
          </div>
          <div>
            <label className="flex flex-col text-sm font-semibold">
              Expires after (optional)
              <input {...field('expiresAt')} type="date" className={input} />
            </label>
            <FieldError id="coupon-expiresAt" error={errors.expiresAt} />
          </div>
          <div className="flex items-end">
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClasses({ size: 'medium' })}>
              {pending ? 'Creating…' : 'Create coupon'}
            </button>
          </div>
          <div aria-live="polite" className="sm:col-span-3 lg:col-span-6">
            {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
          </div>
        </fetcher.Form>
        <ConsoleTable
          caption="Coupons"
          headings={['Code', 'Discount', 'Limit', 'Starts', 'Expires']}
          empty={loaderData.coupons.length === 0}
          emptyText="No coupons yet."
          className="mt-6"
        >
          {loaderData.coupons.map((coupon) => (
            <tr key={coupon.id}>
              <Cell className="font-mono font-semibold">{coupon.code}</Cell>
              <Cell>{coupon.label}</Cell>
              <Cell>{coupon.usageLimit ?? 'None'}</Cell>
              <Cell>{shopDay(coupon.startsAt)}</Cell>
              <Cell>{coupon.expiresAt ? shopDay(coupon.expiresAt) : 'Never'}</Cell>
            </tr>
          ))}
        </ConsoleTable>
      </section>
    </>
  );
}
