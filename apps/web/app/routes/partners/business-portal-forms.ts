/** The forms of the employer portal, as its action tells them apart. */
export const CENSUS_FORM = 'census';
export const CODES_FORM = 'codes';
export const ADMINS_FORM = 'admins';
