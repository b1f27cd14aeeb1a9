import type { SessionUser } from '../auth/auth.ts';
import type { Role } from '../auth/session.ts';

/**
 * Who may do what with lab results, in one place. Clinicians and operators enter them in the
 * console; only the customer whose order it is and clinicians read them (operators and support
 * run orders without seeing health data).
 */
export const resultsEntryRoles = ['clinician', 'operator'] as const satisfies readonly Role[];
const resultsReaderRoles: readonly string[] = ['clinician'] satisfies readonly Role[];

export function mayReadResults(user: SessionUser, order: { userId: string }): boolean {
  return order.userId === user.id || resultsReaderRoles.includes(user.role ?? '');
}
