/** The names of the dashboard's forms: the page sends them, its action tells them apart. */
export const dashboardForms = {
  addClient: 'add-client',
  assign: 'assign-practitioner',
  invite: 'invite-member',
  resend: 'resend-invitation',
  revoke: 'revoke-invitation',
  remove: 'remove-member',
  approve: 'approve-join',
  decline: 'decline-join',
  settings: 'clinic-settings',
} as const;
