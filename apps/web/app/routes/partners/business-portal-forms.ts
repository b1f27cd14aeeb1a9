/** The forms of the employer portal, as its action tells them apart. */
export const CENSUS_FORM = 'census';
export const CODES_FORM = 'codes';
export const ADMINS_FORM = 'admins';
/** The billing page's form that asks for a bank top-up's invoice (its other form, the billing details, names none). */
export const TOP_UP_INVOICE_FORM = 'top-up-invoice';
