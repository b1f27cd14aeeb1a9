import type { ReactNode } from 'react';
import { employerInvitationStateLabels, type EmployerInvitationState } from '@shop/core';
import { Cell, cell, ConsoleTable } from '../console/console-table';
import { shopDay } from '../../lib/dates';

/** An admin's invitation as its sender sees it, in the console's group page and the portal. */
export interface ListedEmployerInvitation {
  email: string;
  state: EmployerInvitationState;
  invitedAt: string;
  expiresAt: string;
  acceptedAt: string | null;
}

/** When the state came or comes about: the day accepted, the day the link expires or expired. */
function stateDay(invitation: ListedEmployerInvitation) {
  if (invitation.state === 'accepted' && invitation.acceptedAt) return `on ${shopDay(invitation.acceptedAt)}`;
  if (invitation.state === 'sent') return `link works until ${shopDay(invitation.expiresAt)}`;
  return `on ${shopDay(invitation.expiresAt)}`;
}

/**
 * A group's admin invitations, newest first, each sent, accepted or expired; with `action`, a last
 * column of what can be done to each (the portal's revocation).
 */
export function EmployerAdminInvitations({
  invitations,
  action,
}: {
  invitations: ListedEmployerInvitation[];
  action?: (invitation: ListedEmployerInvitation) => ReactNode;
}) {
  if (invitations.length === 0) return <p className="mt-3 text-sm text-muted">No admin invited yet.</p>;
  const headings = action ? ['Admin', 'Invited', 'State', 'Access'] : ['Admin', 'Invited', 'State'];
  return (
    <ConsoleTable caption="Admin invitations, newest first" headings={headings} empty={false}>
      {invitations.map((invitation) => (
        <tr key={invitation.email}>
          <th scope="row" className={`${cell} min-w-[11rem] font-semibold [overflow-wrap:anywhere]`}>
            {invitation.email}
          </th>
          <Cell>{shopDay(invitation.invitedAt)}</Cell>
          <Cell>
            <strong>{employerInvitationStateLabels[invitation.state]}</strong> {stateDay(invitation)}
          </Cell>
          {action ? <Cell>{action(invitation)}</Cell> : null}
        </tr>
      ))}
    </ConsoleTable>
  );
}
