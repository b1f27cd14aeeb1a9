/** The launch kit's forms of the employer portal, as its action tells them apart. */
export const REVOKE_ADMIN_FORM = 'revoke-admin';
