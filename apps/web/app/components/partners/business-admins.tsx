import { Form } from 'react-router';
import { MAX_EMPLOYER_ADMINS } from '@shop/core';
import { Alert } from '../alert';
import { FieldRefusal, PortalSubmit } from './portal-form-parts';
import type { PortalAnswer } from '../../routes/partners/business-portal.server';
import { ADMINS_FORM } from '../../routes/partners/business-portal-forms';
import { EmployerAdminInvitations, type ListedEmployerInvitation } from './employer-admin-invitations';
import { RevokeAdmin } from './business-revoke-admin';

const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal';

/** The group's admins: an admin invites a co-admin, and sees each invitation sent, accepted or expired. */
export function AdminsSection({
  invitations,
  answer,
  sending,
  you = null,
  revokeAnswer,
}: {
  invitations: ListedEmployerInvitation[];
  answer: PortalAnswer | undefined;
  sending: boolean;
  /** the signed-in admin's address: their own row offers no removal */
  you?: string | null;
  /** the answer of the last revocation */
  revokeAnswer?: PortalAnswer;
}) {
  const refused = answer && !answer.ok ? answer : undefined;
  return (
    <section className="mt-10" aria-labelledby="admins-heading">
      <h2 id="admins-heading" className="text-xl font-bold">
        Admins
      </h2>
      <p className="mt-1 text-sm text-muted">
        Invite a colleague to run the portal with you: they get an e-mail with a link to create their account, which works once, for 7 days.
        Up to {MAX_EMPLOYER_ADMINS} admins a group, invitations waiting included.
      </p>
      <Form method="post" className="mt-4 rounded-2xl bg-white p-5 shadow-sm" aria-label="Invite an admin">
        <input type="hidden" name="_form" value={ADMINS_FORM} />
        <label className="flex max-w-md flex-col text-sm font-semibold">
          E-mail of the admin
          <input
            name="email"
            type="email"
            required
            defaultValue={refused?.values?.email ?? ''}
            aria-invalid={refused?.errors.email ? true : undefined}
            aria-describedby={refused?.errors.email ? 'admins-email-error' : undefined}
            className={input}
          />
        </label>
        <FieldRefusal id="admins-email-error" message={refused?.errors.email} />
        <PortalSubmit sending={sending} label="Invite admin" sendingLabel="Inviting…" />
        <div aria-live="polite" className="mt-4">
          {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
        </div>
      </Form>
      <div aria-live="polite" className="mt-4">
        {revokeAnswer?.message ? <Alert tone={revokeAnswer.ok ? 'info' : 'error'}>{revokeAnswer.message}</Alert> : null}
      </div>
      <EmployerAdminInvitations invitations={invitations} action={(invitation) => <RevokeAdmin invitation={invitation} you={you} />} />
    </section>
  );
}
