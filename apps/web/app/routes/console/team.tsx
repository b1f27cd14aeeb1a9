import { staffInviteRoles, staffRoleLabels } from '@shop/core';
import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { loadForStaff } from '../../lib/staff.server';
import { INVITE_STAFF_FORM, RESEND_INVITATION_FORM, REVOKE_INVITATION_FORM } from '../support/support-forms';
import { teamAction } from './team.server';
import type { Route } from './+types/team';
import { shopDay } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminStaffInvitations());
}

export function action(args: Route.ActionArgs) {
  return teamAction(args);
}

export const meta = () => [{ title: 'Team | Operator console | Base' }];

const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal';
const statusLabels = { pending: 'Waiting', accepted: 'Accepted', revoked: 'Revoked', expired: 'Expired' } as const;
const day = shopDay;

function FieldError({ name, error }: { name: string; error: string | undefined }) {
  return error ? (
    <p id={`invite-${name}-error`} className="mt-1 text-sm font-medium text-danger">
      {error}
    </p>
  ) : null;
}

export default function AdminTeam({ loaderData }: Route.ComponentProps) {
  const inviteForm = useActionForm<FormAnswer>(INVITE_STAFF_FORM, (_answer, form) => form.reset());
  const row = useActionForm<FormAnswer>([RESEND_INVITATION_FORM, REVOKE_INVITATION_FORM]);
  if (loaderData.forbidden) return <StaffOnly />;
  const { errors, values } = inviteForm;
  const field = (name: string) => ({
    id: `invite-${name}`,
    name,
    defaultValue: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `invite-${name}-error` : undefined,
  });

  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Team</h1>
        <p className="mt-2 text-muted">
          Invite clinicians, support, health coaches and operators. They get an e-mail with a link that works once, for 7 days, to choose
          their password.
        </p>
        <inviteForm.fetcher.Form
          ref={inviteForm.formRef}
          method="post"
          noValidate
          aria-labelledby="invite-heading"
          className="mt-6 grid gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-4"
        >
          <h2 id="invite-heading" className="text-lg font-bold sm:col-span-4">
            Invite a person
          </h2>
          <input type="hidden" name="_form" value={INVITE_STAFF_FORM} />
          <div>
            <label htmlFor="invite-name" className="block text-sm font-semibold">
              Name
            </label>
            <input {...field('name')} autoComplete="off" required className={input} />
            <FieldError name="name" error={errors.name} />
          </div>
          <div>
            <label htmlFor="invite-email" className="block text-sm font-semibold">
              E-mail address
            </label>
            <input {...field('email')} type="email" autoComplete="off" required className={input} />
            <FieldError name="email" error={errors.email} />
          </div>
          <div>
            <label htmlFor="invite-role" className="block text-sm font-semibold">
              Role
            </label>
            <select {...field('role')} defaultValue={values.role ?? 'clinician'} className={input}>
              {staffInviteRoles.map((role) => (
                <option key={role} value={role}>
                  {staffRoleLabels[role]}
                </option>
              ))}
            </select>
            <FieldError name="role" error={errors.role} />
          </div>
          <div className="flex items-end">
            <button
              type="submit"
              disabled={inviteForm.pending}
              aria-busy={inviteForm.pending || undefined}
              className="rounded-full bg-brand px-5 py-2 font-semibold text-white disabled:opacity-60"
            >
              {inviteForm.pending ? 'Sending…' : 'Send invitation'}
            </button>
          </div>
          <div aria-live="polite" className="empty:hidden sm:col-span-4">
            {inviteForm.answer?.message ? <Alert tone={inviteForm.answer.ok ? 'info' : 'error'}>{inviteForm.answer.message}</Alert> : null}
          </div>
        </inviteForm.fetcher.Form>

        <h2 className="mt-8 text-xl font-bold">Invitations</h2>
        <div aria-live="polite" className="mt-3 empty:hidden">
          {row.answer?.message ? <Alert tone={row.answer.ok ? 'info' : 'error'}>{row.answer.message}</Alert> : null}
        </div>
        <div className="mt-3 relative overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Person
                </th>
                <th scope="col" className="px-4 py-3">
                  Role
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  Invited
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <td className="px-4 py-3">
                    <span className="font-semibold">{invitation.name}</span>
                    <br />
                    <span className="text-muted">{invitation.email}</span>
                  </td>
                  <td className="px-4 py-3">{staffRoleLabels[invitation.role]}</td>
                  <td className="px-4 py-3">
                    {statusLabels[invitation.status]}
                    {invitation.status === 'pending' ? <span className="text-muted"> until {day(invitation.expiresAt)}</span> : null}
                  </td>
                  <td className="px-4 py-3">
                    {day(invitation.createdAt)}
                    {invitation.invitedBy ? <span className="text-muted"> by {invitation.invitedBy}</span> : null}
                  </td>
                  <td className="px-4 py-3">
                    {invitation.status === 'pending' || invitation.status === 'expired' ? (
                      <div className="flex flex-wrap justify-end gap-2">
                        <row.fetcher.Form method="post">
                          <input type="hidden" name="_form" value={RESEND_INVITATION_FORM} />
                          <input type="hidden" name="invitationId" value={invitation.id} />
                          <button
                            type="submit"
                            disabled={row.pending}
                            aria-label={`Resend the invitation of ${invitation.email}`}
                            className="rounded-full border border-brand px-4 py-1 font-semibold text-brand disabled:opacity-60"
                          >
                            Resend
                          </button>
                        </row.fetcher.Form>
                        <row.fetcher.Form method="post">
                          <input type="hidden" name="_form" value={REVOKE_INVITATION_FORM} />
                          <input type="hidden" name="invitationId" value={invitation.id} />
                          <button
                            type="submit"
                            disabled={row.pending}
                            aria-label={`Revoke the invitation of ${invitation.email}`}
                            className="rounded-full border border-danger px-4 py-1 font-semibold text-danger disabled:opacity-60"
                          >
                            Revoke
                          </button>
                        </row.fetcher.Form>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {loaderData.invitations.length === 0 ? <p className="px-4 py-6 text-center text-muted">No invitations yet.</p> : null}
        </div>
      </section>
    </>
  );
}
