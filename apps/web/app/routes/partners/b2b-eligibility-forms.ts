/** The forms of the covered test's eligibility page, as its action tells them apart. */
export const ELIGIBILITY_FORM = 'eligibility';
export const NORMAL_PRICE_FORM = 'normal-price';
