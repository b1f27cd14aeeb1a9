/** The forms of the console's employer pages, as their actions tell them apart. */
export const GROUP_FORM = 'group';
export const CODES_FORM = 'codes';
export const CENSUS_FORM = 'census';
export const ADMINS_FORM = 'admins';
export const INVOICE_FORM = 'invoice';
export const BILLING_FORM = 'billing';
export const TOP_UP_FORM = 'top-up';
export const CORRECTION_FORM = 'correction';
