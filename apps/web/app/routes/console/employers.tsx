import { Link, useActionData, useNavigation } from 'react-router';
import { formatMoney } from '@shop/core';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable } from '../../components/console/console-table';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import type { FormRefusal } from '../../lib/form-answer';
import { notFoundWhen } from '../../lib/errors';
import { loadForStaff } from '../../lib/staff.server';
import { EmployerGroupForm } from './employer-group-form';
import { createGroupAction } from './employers.server';
import type { Route } from './+types/employers';

export async function loader({ request, context }: Route.LoaderArgs) {
  // a won demo request's group: its name and address are filled in, the operator completes the rest
  const demoRequestId = new URL(request.url).searchParams.get('demoRequest');
  const api = serverApi(request, context);
  return loadForStaff(request, async () => {
    const [{ groups }, demoRequest] = await Promise.all([
      api.adminEmployerGroups(),
      demoRequestId ? api.adminDemoRequest(demoRequestId).catch(notFoundWhen) : null,
    ]);
    return { groups, demoRequest: demoRequest && { id: demoRequest.id, company: demoRequest.company, ...demoRequest.suggestedGroup } };
  });
}

/** A new group is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return createGroupAction(args);
}

export const meta = () => [{ title: 'Employers | Operator console | Base' }];

export default function AdminEmployers({ loaderData }: Route.ComponentProps) {
  const refusal = useActionData<FormRefusal>();
  const navigation = useNavigation();
  if (loaderData.forbidden) return <StaffOnly />;
  const values = refusal?.values;
  const { demoRequest } = loaderData;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Employer groups</h1>
        <ConsoleTable
          caption="Employer groups"
          headings={['Group', 'Cover', 'Plan year', 'Eligibility', 'Enrolled', 'Covered orders']}
          empty={loaderData.groups.length === 0}
          emptyText="No employer groups yet."
          className="mt-6"
        >
          {loaderData.groups.map((group) => (
            <tr key={group.id}>
              <Cell>
                <Link to={`/admin/employers/${group.id}`} className="font-semibold text-brand underline">
                  {group.name}
                </Link>
                <span className="block text-muted">/b2b/{group.slug}</span>
              </Cell>
              <Cell>{group.coverCents === null ? 'Whole test' : `Up to ${formatMoney(group.coverCents)}`}</Cell>
              <Cell>
                {group.planYearStart} to {group.planYearEnd}
              </Cell>
              <Cell>
                {group.eligibility === 'code'
                  ? `Codes: ${group.codesUsed} of ${group.codes} used`
                  : group.eligibility === 'census'
                    ? `Census v${group.censusVersion}: ${group.census} employees`
                    : `Work e-mail: ${group.emailDomains.map((domain) => `@${domain}`).join(', ')}`}
              </Cell>
              <Cell>{group.enrolled}</Cell>
              <Cell>{group.covered}</Cell>
            </tr>
          ))}
        </ConsoleTable>
        <h2 className="mt-10 text-xl font-bold">New employer group</h2>
        {demoRequest ? (
          <p className="mt-2 text-sm">
            From the won demo request of{' '}
            <Link to={`/admin/demo-requests/${demoRequest.id}`} className="font-semibold text-brand underline">
              {demoRequest.company}
            </Link>
            : complete the group and create it.
          </p>
        ) : null}
        <EmployerGroupForm
          demoRequestId={demoRequest?.id}
          group={
            values
              ? {
                  ...values,
                  goals: undefined,
                  coverCents: null,
                  capEmployees: null,
                  capSpendCents: null,
                  includesProgram: false,
                  emailDomains: values.emailDomains?.split(/[\s,]+/),
                }
              : demoRequest
                ? { name: demoRequest.name, slug: demoRequest.slug, logoText: demoRequest.name.slice(0, 40) }
                : undefined
          }
          errors={refusal?.errors ?? {}}
          message={refusal?.message}
          ok={false}
          pending={navigation.state === 'submitting'}
          submitLabel="Create group"
        />
      </section>
    </>
  );
}
