import { not, type AnyColumn, type SQL } from 'drizzle-orm';
import { withdrawnWithoutRenewal } from '../health-consents/repository.ts';

/**
 * The employer portal's one rule about its employees' consent to share (docs/decisions/0081): an
 * employee whose account withdrew `share_with_employer` (and gave none since) is counted in none
 * of the figures the employer reads (enrolled, codes used, ordered, kits returned, results ready,
 * programs started), for every month, past ones included. `userId` is the employee's account in
 * the caller's query. Billing is not a figure: the cover they used stays in the sums the employer
 * pays (invoices and bank statements, never by name).
 */
export function countedByEmployer(userId: AnyColumn): SQL {
  return not(withdrawnWithoutRenewal(userId, 'share_with_employer'));
}
