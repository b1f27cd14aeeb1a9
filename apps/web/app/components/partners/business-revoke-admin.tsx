import { Form } from 'react-router';
import { REVOKE_ADMIN_FORM } from '../../routes/partners/business-portal-launch-forms';
import type { ListedEmployerInvitation } from './employer-admin-invitations';

const button = 'rounded-full border border-danger/50 px-3 py-1 text-sm font-semibold text-danger';

/**
 * A row's revocation in an admins list: an open invitation is revoked, an accepted admin removed
 * (their access ends at once). The signed-in admin's own row offers nothing: another admin removes
 * them. An expired invitation needs nothing. Works without the page's script: a form of its own,
 * or, where the list sits inside another form (the console's), a button that sends the form
 * `formId` (see `RevokeAdminForm`) with the row's address.
 */
export function RevokeAdmin({ invitation, you, formId }: { invitation: ListedEmployerInvitation; you: string | null; formId?: string }) {
  if (invitation.state === 'expired') return null;
  if (you !== null && invitation.email === you.toLowerCase()) return <span className="text-sm text-muted">You</span>;
  const label = invitation.state === 'accepted' ? 'Remove admin' : 'Revoke invitation';
  const content = (
    <>
      {label}
      <span className="sr-only"> {invitation.email}</span>
    </>
  );
  if (formId) {
    return (
      <button type="submit" form={formId} name="email" value={invitation.email} className={button}>
        {content}
      </button>
    );
  }
  return (
    <Form method="post" aria-label={`${label} ${invitation.email}`}>
      <input type="hidden" name="_form" value={REVOKE_ADMIN_FORM} />
      <input type="hidden" name="email" value={invitation.email} />
      <button type="submit" className={button}>
        {content}
      </button>
    </Form>
  );
}

/** The empty form the buttons of `RevokeAdmin` with `formId` send, placed outside any other form. */
export function RevokeAdminForm({ id }: { id: string }) {
  return (
    <Form id={id} method="post" hidden>
      <input type="hidden" name="_form" value={REVOKE_ADMIN_FORM} />
    </Form>
  );
}
