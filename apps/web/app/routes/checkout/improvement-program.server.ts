import type { ActionFunctionArgs } from 'react-router';
import { chargeApprovalAction } from '../../lib/charge-approval.server';

/** Approves the Improvement Program's charge, held back by the bank: with the saved card, through the bank's check when it asks for one. */
export function programChargeAction(args: ActionFunctionArgs) {
  return chargeApprovalAction(args, {
    path: '/checkout-improvement-program',
    param: 'order',
    approve: (api, id) => api.approveProgramCharge(id),
    confirm: (api, id) => api.confirmProgramCharge(id),
  });
}
