/** What an employee, an operator and an employer admin are told about cover and eligibility. */
export const employerMessages = {
  groupNotFound: 'There is no employer group at this address.',
  slugTaken: 'Another employer group already has this address.',
  codeMissing: 'Please enter the eligibility code your employer gave you.',
  codeInvalid: 'This code is not one of your employer’s eligibility codes. Please check it and try again.',
  codeUsed: 'This eligibility code has already been used. Each code works once: ask your employer for another.',
  censusNoMatch:
    'We could not find you on your employer’s list of eligible employees. Check that your name, date of birth and work e-mail or employee ID are as your employer has them.',
  censusTaken: 'This employee’s cover is already in use by another account.',
  alreadyCovered: 'You have already used your covered test for this plan year.',
  outsidePlanYear: 'Your employer’s plan year is not running today, so no test is covered now.',
  capReached: 'Your employer’s cover for this plan year is used up.',
  bankEmpty:
    'Your employer’s prepaid testing budget cannot cover this test right now, so nothing was ordered or charged. We have told your employer’s benefits team that it needs topping up; until then you can buy the test at its normal price.',
  topUpAmount: 'Please enter a top-up of at least $1.00.',
  topUpReference: 'Please enter the payment’s reference, as it appears on the employer’s transfer.',
  topUpRecorded: 'A top-up with this reference is already recorded, so nothing was added. Each transfer is recorded once.',
  correctionAmount: 'Please enter the amount to take off the bank, at least $0.01.',
  correctionReference: 'Please enter the reference the correction is filed under (the top-up it corrects, or the refund to the employer).',
  correctionReason: 'Please say why the balance is corrected.',
  correctionTooLarge: (balance: string) => `The bank holds ${balance}: a correction cannot take more than that, so nothing was changed.`,
  notEligibleMethod: 'Your employer does not check eligibility this way.',
  goalNotOffered: 'Your employer does not offer this goal.',
  workEmailMissing: 'Please enter your work e-mail.',
  workEmailDomain: (domains: readonly string[]) =>
    `This is not a work e-mail of your employer. Please use your address at ${domains.map((domain) => `@${domain}`).join(' or ')}.`,
  workEmailTaken: 'This work e-mail has already confirmed the cover of another account this plan year.',
  workEmailSent: (email: string) =>
    `We have e-mailed a link to ${email}. Open it within 24 hours, signed in as you are now, to confirm your cover.`,
  linkInvalid: 'This link is not valid. Please ask for a new one on your employer’s page.',
  linkUsed: 'This link has already been used. Each link works once: ask for a new one on your employer’s page.',
  linkExpired: 'This link has expired: links work for 24 hours. Please ask for a new one on your employer’s page.',
  linkOtherAccount: 'This link was asked for by another account. Sign in as that account, or ask for a new link.',
  normalPrice: 'You can still buy the test at its normal price.',
} as const;

/** The line of the order summary that names who pays. */
export const coveredByLabel = (employer: string) => `Covered by ${employer}`;
