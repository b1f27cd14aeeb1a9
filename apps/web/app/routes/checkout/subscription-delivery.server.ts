import type { ActionFunctionArgs } from 'react-router';
import { chargeApprovalAction } from '../../lib/charge-approval.server';

/** Approves a subscription delivery's charge, held back by the bank: with the saved card, through the bank's check when it asks for one. */
export function deliveryChargeAction(args: ActionFunctionArgs) {
  return chargeApprovalAction(args, {
    path: '/checkout-subscription-delivery',
    param: 'delivery',
    approve: (api, id) => api.approveSubscriptionDelivery(id),
    confirm: (api, id) => api.confirmSubscriptionDelivery(id),
  });
}
