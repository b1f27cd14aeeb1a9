import type { ActionFunctionArgs } from 'react-router';
import { chargeApprovalAction } from '../../lib/charge-approval.server';

/**
 * Approves a subscription delivery's charge, held back by the bank: with the saved card, through
 * the bank's check when it asks for one; a membership's declined renewal with another card.
 */
export function deliveryChargeAction(args: ActionFunctionArgs) {
  return chargeApprovalAction(args, {
    path: '/checkout-subscription-delivery',
    param: 'delivery',
    approve: (api, id, paymentMethod) => api.approveSubscriptionDelivery(id, paymentMethod),
    confirm: (api, id) => api.confirmSubscriptionDelivery(id),
  });
}
