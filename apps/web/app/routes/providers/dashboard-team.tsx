import { clinicRoleLabels, clinicRoles } from '@shop/core';
import type { ProviderDashboard, ProviderTeam } from '@shop/client';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { LabelledSelect } from '../../components/providers/labelled-select';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { dashboardActions, dashboardForms } from './dashboard-forms';
import { Answer, card, day, panel, smallButton } from './dashboard-ui';

const roleOptions = clinicRoles.map((role) => [role, clinicRoleLabels[role]] as const);

/** The members; for admins also the requests to join, the invitation form and the invitations waiting. */
export function Team({ dashboard, team }: { dashboard: ProviderDashboard; team: ProviderTeam }) {
  const invite = useActionForm<FormAnswer>(dashboardForms.invite, (_answer, form) => form.reset());
  const rows = useActionForm<FormAnswer>([
    dashboardForms.resend,
    dashboardForms.revoke,
    dashboardForms.remove,
    dashboardForms.role,
    dashboardForms.approve,
    dashboardForms.decline,
  ]);
  const admin = dashboard.me.role === 'admin';
  const { errors, values } = invite;
  const rowForm = (form: string, id: string, label: string, tone: string, accessibleName: string) => (
    <rows.fetcher.Form method="post" action={dashboardActions.team}>
      <input type="hidden" name="_form" value={form} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" disabled={rows.pending} aria-label={accessibleName} className={`${smallButton} ${tone}`}>
        {label}
      </button>
    </rows.fetcher.Form>
  );
  return (
    <section aria-labelledby="team-heading" className="mt-12">
      <h2 id="team-heading" className="text-2xl font-bold">
        Team
      </h2>
      <div className="mt-3">
        <Answer answer={rows.answer} />
      </div>
      <ul aria-label="Members" className={`${panel} mt-4 divide-y divide-slate-100`}>
        {team.members.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <div>
              <p className="font-semibold">
                {member.name}
                {member.you ? <span className="text-muted"> (you)</span> : null}
              </p>
              <p className="text-sm text-muted">
                {member.email} · {clinicRoleLabels[member.role]} · since {day(member.since)}
              </p>
            </div>
            {admin ? (
              <div className="flex flex-wrap items-end gap-2">
                <rows.fetcher.Form method="post" action={dashboardActions.team} className="flex items-end gap-2">
                  <input type="hidden" name="_form" value={dashboardForms.role} />
                  <input type="hidden" name="id" value={member.id} />
                  <LabelledSelect label={`Role of ${member.name}`} name="role" options={roleOptions} defaultValue={member.role} />
                  <button
                    type="submit"
                    disabled={rows.pending}
                    aria-label={`Change the role of ${member.name}`}
                    className={`${smallButton} border-brand text-brand`}
                  >
                    Change role
                  </button>
                </rows.fetcher.Form>
                {member.you
                  ? null
                  : rowForm(
                      dashboardForms.remove,
                      member.id,
                      'Remove',
                      'border-danger text-danger',
                      `Remove ${member.name} from the clinic`,
                    )}
              </div>
            ) : null}
          </li>
        ))}
      </ul>

      {admin ? (
        <>
          {team.joinRequests.length > 0 ? (
            <>
              <h3 className="mt-8 text-lg font-bold">Requests to join</h3>
              <ul aria-label="Requests to join" className={`${panel} mt-3 divide-y divide-slate-100`}>
                {team.joinRequests.map((request) => (
                  <li key={request.id} className="flex flex-wrap items-end justify-between gap-3 px-4 py-3">
                    <div>
                      <p className="font-semibold">{request.name}</p>
                      <p className="text-sm text-muted">
                        {request.email} · asked {day(request.createdAt)}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-end gap-2">
                      <rows.fetcher.Form method="post" action={dashboardActions.team} className="flex items-end gap-2">
                        <input type="hidden" name="_form" value={dashboardForms.approve} />
                        <input type="hidden" name="id" value={request.id} />
                        <LabelledSelect
                          label={`Role of ${request.name}`}
                          name="role"
                          options={roleOptions}
                          defaultValue="practitioner"
                          className="min-w-40 text-sm"
                        />
                        <button type="submit" disabled={rows.pending} className={`${smallButton} mb-1 border-brand text-brand`}>
                          Approve
                        </button>
                      </rows.fetcher.Form>
                      {rowForm(
                        dashboardForms.decline,
                        request.id,
                        'Decline',
                        'mb-1 border-danger text-danger',
                        `Decline the request of ${request.name}`,
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </>
          ) : null}

          <invite.fetcher.Form
            ref={invite.formRef}
            method="post"
            action={dashboardActions.team}
            noValidate
            aria-labelledby="invite-heading"
            className={`${card} mt-8 grid gap-4 sm:grid-cols-4`}
          >
            <h3 id="invite-heading" className="text-lg font-bold sm:col-span-4">
              Invite a person
            </h3>
            <p className="-mt-2 text-sm text-muted sm:col-span-4">
              Admins run the team and see every client; practitioners order for their clients; staff add clients and draft orders. The
              e-mailed link works once, for 7 days.
            </p>
            <input type="hidden" name="_form" value={dashboardForms.invite} />
            <Field label="Name" name="name" autoComplete="off" defaultValue={values.name} error={errors.name} />
            <Field label="E-mail address" name="email" type="email" autoComplete="off" defaultValue={values.email} error={errors.email} />
            <LabelledSelect label="Role" name="role" options={roleOptions} defaultValue={values.role ?? 'staff'} error={errors.role} />
            <div className="flex items-end">
              <Button type="submit" pending={invite.pending} pendingLabel="Sending…">
                Send invitation
              </Button>
            </div>
            <div className="sm:col-span-4">
              <Answer answer={invite.answer} />
            </div>
          </invite.fetcher.Form>

          <h3 className="mt-8 text-lg font-bold">Invitations waiting</h3>
          {team.invitations.length > 0 ? (
            <ul aria-label="Invitations waiting" className={`${panel} mt-3 divide-y divide-slate-100`}>
              {team.invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <div>
                    <p className="font-semibold">{invitation.name}</p>
                    <p className="text-sm text-muted">
                      {invitation.email} · {clinicRoleLabels[invitation.role]} ·{' '}
                      {invitation.status === 'expired' ? 'expired' : `until ${day(invitation.expiresAt)}`}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    {rowForm(
                      dashboardForms.resend,
                      invitation.id,
                      'Resend',
                      'border-brand text-brand',
                      `Resend the invitation of ${invitation.email}`,
                    )}
                    {rowForm(
                      dashboardForms.revoke,
                      invitation.id,
                      'Revoke',
                      'border-danger text-danger',
                      `Revoke the invitation of ${invitation.email}`,
                    )}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-muted">No invitation is waiting.</p>
          )}
        </>
      ) : null}
    </section>
  );
}
