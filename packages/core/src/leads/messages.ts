/**
 * The lead forms' messages, apart from their schemas so that a page can show them without loading
 * zod.
 */
export const leadMessages = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  company: 'Please enter your company name',
  benefitsContactEmail: 'Please enter a valid email for your benefits contact, or leave it empty',
  consentToBeNamed: 'Please choose whether we may mention your name',
  providerFirstName: "Please enter the provider's first name",
  providerLastName: "Please enter the provider's last name",
  providerEmail: 'Please enter a valid email for the provider',
  providerType: 'Please choose what kind of provider they are',
  sameEmail: "The provider's email must be different from yours",
  tooLong: (max: number) => `Please use at most ${max} characters`,
  // the specification's texts for the sample nutritional plan, spelled as it spells them
  sampleSubscribed: 'Thanks for subscribing',
  sampleFailed: 'Something when wrong, try again later',
} as const;
