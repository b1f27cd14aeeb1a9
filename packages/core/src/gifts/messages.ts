/** The gift forms' messages: the specification's words where it has them (§5), ours otherwise. */
export const giftMessages = {
  // gifting form (§5)
  email: 'This should be an email',
  date: 'Please select a date',
  // gift shipping (§5)
  shippingEmail: 'Please enter a valid email',
  shippingZip: 'Please enter a valid zip code',
  shippingFields: 'Please fill all the fields',
  // ours
  pastDate: 'Please select today or a later date',
  farDate: 'Please select a date within the next 12 months',
  name: 'Please enter a name',
  messageMarkup: 'Please write the message as plain text, without HTML tags',
  messageLength: (max: number) => `Please keep the message under ${max} characters`,
  tooManyAreas: (max: number) => `A gift can include up to ${max} areas`,
  areasWithComplete: 'A gift is either up to five areas or one Complete bundle, not both',
  oneGiftPerTransaction: 'One gift can be bought per transaction. Please check out this gift first',
  emptyGift: 'Please choose an area or the Complete bundle for the gift',
  unknownArea: 'Please choose areas from the list',
  repeatedArea: 'Each area can be chosen once',
  code: 'Please enter the gift code from your e-mail',
  codeInvalid: 'This is not a gift code. Please check the code in your e-mail: it has 16 letters and digits.',
  codeNotFound: 'We could not find a gift with this code. Please check the code in your e-mail.',
  codeRedeemed: 'This gift has already been redeemed.',
  giftWithdrawn: 'This gift was cancelled and can no longer be redeemed. Please ask the person who gave it to you.',
  chooseTest: 'Please choose the test you want',
  choiceNotInGift: 'This gift does not include that test. Please choose one of the tests it offers.',
  dateOfBirth: 'Please enter a valid date of birth',
} as const;
