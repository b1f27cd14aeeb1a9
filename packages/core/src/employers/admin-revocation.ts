import { z } from 'zod';
import { emailField } from '../checkout/schemas.ts';

/**
 * Revoking an employer admin (decision 0086): an admin of the group, or an operator, takes back an
 * invitation still open or removes an admin who accepted. The group always keeps one admin, and an
 * admin never removes themselves from the portal: another admin (or Base) does it.
 */
export const employerRevokeSchema = z.strictObject({ email: emailField });

export const employerRevocationMessages = {
  notFound: 'This address is not an admin of your group, nor invited to be one.',
  lastAdmin: 'This is the group’s only admin: invite another admin and let them accept first, so that someone can still run the portal.',
  self: 'You cannot remove yourself. Ask another admin of your group to do it, so that the portal is never left without you by a slip.',
  revoked: (email: string) => `The invitation to ${email} is revoked: its link no longer works.`,
  removed: (email: string) => `${email} is no longer an admin: their access to the portal ended at once.`,
  removedAccess: 'Your access to this employer portal was removed by an admin of your group.',
} as const;

export type EmployerRevocation = 'invitation_revoked' | 'admin_removed';

/**
 * Whether an admin row may be revoked by the actor: an open invitation always, an accepted admin
 * only when it is not the actor and another accepted admin stays.
 */
export function revocationRefusal(
  target: { accepted: boolean; userId: string | null },
  actorUserId: string | null,
  acceptedAdmins: number,
): 'self' | 'lastAdmin' | null {
  if (!target.accepted) return null;
  if (actorUserId !== null && target.userId === actorUserId) return 'self';
  if (acceptedAdmins <= 1) return 'lastAdmin';
  return null;
}
