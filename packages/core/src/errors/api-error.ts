/**
 * The error body every API error answers with: a stable code a program can switch on and a
 * message a person can read. Codes the specification names are used as written.
 */
export interface ApiErrorBody {
  code: string;
  message: string;
}

export const messages = {
  invalidEmail: 'Please enter a valid email',
  passwordRequired: 'Please enter password',
  emailRejected: 'The email provided is not correct, please change it and try again.',
  checkoutFailed: 'We are sorry something happened. Please try again or send us a message.',
  pageNotFound: 'This page could not be found',
  notFoundPage: "Whoops - we couldn't find what you're looking for.",
  goBackHome: 'Go back to home',
  collectionName: 'Enter a valid name or send us a message',
  collectionCity: 'Enter a valid city or send us a message',
  collectionAddress: 'Enter a valid shipping address',
  collectionZip: 'Enter a valid zipcode or send us a message',
  cardDeclined: 'Your card was declined. Please try another card or contact your bank.',
  googleSignInFailed:
    'We could not sign you in with Google. Disabled third-party cookies in your browser often block it: please enable them and try again, or use the form with your e-mail and a password instead.',
  underage: 'We are sorry, but we can only test people who are 18 or older.',
} as const;
