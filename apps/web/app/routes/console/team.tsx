import { staffInviteRoles, staffRoleLabels } from '@shop/core';
import { Alert } from '../../components/alert';
import { buttonClasses } from '../../components/button';
import { ConsoleField, consoleFields, consoleInput as input } from '../../components/console/console-field';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable, Unseen } from '../../components/console/console-table';
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

const statusLabels = { pending: 'Waiting', accepted: 'Accepted', revoked: 'Revoked', expired: 'Expired' } as const;
const day = shopDay;

export default function AdminTeam({ loaderData }: Route.ComponentProps) {
  const inviteForm = useActionForm<FormAnswer>(INVITE_STAFF_FORM, (_answer, form) => form.reset());
  const row = useActionForm<FormAnswer>([RESEND_INVITATION_FORM, REVOKE_INVITATION_FORM]);
  if (loaderData.forbidden) return <StaffOnly />;
  const { errors, values } = inviteForm;
  const field = consoleFields('invite', inviteForm);

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
          <ConsoleField id="invite-name" label="Name" error={errors.name}>
            <input {...field('name')} autoComplete="off" required className={input} />
          </ConsoleField>
          <ConsoleField id="invite-email" label="E-mail address" error={errors.email}>
            <input {...field('email')} type="email" autoComplete="off" required className={input} />
          </ConsoleField>
          <ConsoleField id="invite-role" label="Role" error={errors.role}>
            <select {...field('role')} defaultValue={values.role ?? 'clinician'} className={input}>
              {staffInviteRoles.map((role) => (
                <option key={role} value={role}>
                  {staffRoleLabels[role]}
                </option>
              ))}
            </select>
          </ConsoleField>
          <div className="flex items-end">
            <button
              type="submit"
              disabled={inviteForm.pending}
              aria-busy={inviteForm.pending || undefined}
              className={buttonClasses({ size: 'medium' })}
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
        <ConsoleTable
          caption="Invitations, newest first"
          headings={['Person', 'Role', 'Status', 'Invited', <Unseen key="actions">Actions</Unseen>]}
          empty={loaderData.invitations.length === 0}
          emptyText="No invitations yet."
          className="mt-3"
        >
          {loaderData.invitations.map((invitation) => (
            <tr key={invitation.id}>
              <Cell>
                <span className="font-semibold">{invitation.name}</span>
                <br />
                <span className="text-muted">{invitation.email}</span>
              </Cell>
              <Cell>{staffRoleLabels[invitation.role]}</Cell>
              <Cell>
                {statusLabels[invitation.status]}
                {invitation.status === 'pending' ? <span className="text-muted"> until {day(invitation.expiresAt)}</span> : null}
              </Cell>
              <Cell>
                {day(invitation.createdAt)}
                {invitation.invitedBy ? <span className="text-muted"> by {invitation.invitedBy}</span> : null}
              </Cell>
              <Cell>
                {invitation.status === 'pending' || invitation.status === 'expired' ? (
                  <div className="flex flex-wrap justify-end gap-2">
                    <row.fetcher.Form method="post">
                      <input type="hidden" name="_form" value={RESEND_INVITATION_FORM} />
                      <input type="hidden" name="invitationId" value={invitation.id} />
                      <button
                        type="submit"
                        disabled={row.pending}
                        aria-label={`Resend the invitation of ${invitation.email}`}
                        className={buttonClasses({ variant: 'outline', size: 'small' })}
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
                        className={buttonClasses({ variant: 'danger', size: 'small' })}
                      >
                        Revoke
                      </button>
                    </row.fetcher.Form>
                  </div>
                ) : null}
              </Cell>
            </tr>
          ))}
        </ConsoleTable>
      </section>
    </>
  );
}
