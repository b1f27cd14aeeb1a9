/** The names of the dashboard's forms: the page sends them, each section's action tells its own apart. */
export const dashboardForms = {
  addClient: 'add-client',
  assign: 'assign-practitioner',
  invite: 'invite-member',
  resend: 'resend-invitation',
  revoke: 'revoke-invitation',
  remove: 'remove-member',
  role: 'change-role',
  approve: 'approve-join',
  decline: 'decline-join',
  settings: 'clinic-settings',
  resultsRelease: 'results-release',
  removeCard: 'remove-clinic-card',
  order: 'order-tests',
  orderResend: 'resend-pay-link',
  orderCancel: 'cancel-order',
  orderMarkPaid: 'mark-order-paid',
  orderCharge: 'charge-order-again',
  orderClientEmail: 'resend-client-email',
  draft: 'draft-order',
  draftSend: 'send-draft',
  draftDiscard: 'discard-draft',
} as const;

/**
 * Where each section of the dashboard sends its forms: a route nested under the dashboard, with
 * its own action. Sent without the page's script, the answer comes back with the whole dashboard,
 * which each of these routes shows (routes/providers/dashboard/*.tsx).
 */
export const dashboardActions = {
  clients: '/providers/dashboard/clients',
  orders: '/providers/dashboard/orders',
  team: '/providers/dashboard/team',
  settings: '/providers/dashboard/settings',
  card: '/providers/dashboard/card',
} as const;
