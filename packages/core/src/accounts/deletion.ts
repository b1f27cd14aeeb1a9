/**
 * How long the e-mailed link that confirms an account's deletion works (an account without a
 * password confirms by it): the API mints and checks the link, and the page and the e-mail say it.
 */
export const DELETION_LINK_MINUTES = 30;
