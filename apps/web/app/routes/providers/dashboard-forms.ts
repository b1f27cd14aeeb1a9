/** The names of the dashboard's forms: the page sends them, its action tells them apart. */
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
} as const;
