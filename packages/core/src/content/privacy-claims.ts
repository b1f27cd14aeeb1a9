import { dataArchiveRule } from '../accounts/data-archive.ts';
import { marketingPages } from '../third-party/marketing-pages.ts';

/**
 * Every promise the trust pages make about health data, in one place: /health-data, the privacy
 * policy, the terms and the consumer health data privacy policy compose their words from these, and
 * `privacy-claims.test.ts` (with the browser tests it names) checks each against what the code does.
 *
 * `dependsOn` names work that makes a claim true which is not yet in this tree, built beside it;
 * whoever merges it checks the wording against what was built and removes the mark. A claim
 * without it is true of the code as it stands.
 */
export interface PrivacyClaim {
  text: string;
  /** what must be merged for the words to be true; absent when they are true now */
  dependsOn?: 'sealing' | 'audit-log' | 'retention' | 'data-download' | 'account-deletion';
}

const marketingPageCount = marketingPages.size;
const archiveLargeMb = dataArchiveRule.immediateMaxBytes / (1024 * 1024);

export const privacyClaims = {
  consentToCollect: {
    text: 'We ask for your consent before the quiz saves your answers: its first screen asks it, and without it the quiz saves nothing. We keep a record of your consent: the version of the words you agreed to, when, and the address and browser you agreed from. When you create an account, the consent you gave in that browser moves to it. If you order a test without having taken the quiz, or after withdrawing your consent, the checkout asks the same consent before it takes the order, and keeps the same record.',
  },
  withdrawal: {
    text: 'You can withdraw your consent from your account at any time. From then on the quiz saves nothing of yours and the checkout takes no test order until you agree again, and your account links to the page where you delete it.',
  },
  noSale: {
    text: 'We do not sell your health data, and we never give it to advertisers.',
  },
  thirdPartyScripts: {
    text: `Outside scripts (a tag manager, advertising analytics, error monitoring and an embedded form service, each only where we have configured it) load on ${marketingPageCount} marketing pages, such as the home page and this one, and only after you accept them in the cookie banner. They never load on the quiz, its results, a test’s or a goal’s page, the checkout, your account or your results, and they are told only which marketing page you view and what kind of product you add to your cart. The checkout’s card field comes from our payment processor.`,
  },
  globalPrivacyControl: {
    text: 'If your browser sends the Global Privacy Control signal, we take it as your refusal of advertising and analytics: none of those scripts loads, the cookie banner says the signal was honoured, and no purchase of yours is reported to an advertiser.',
  },
  sealedResults: {
    text: 'Lab results and uploaded lab reports are encrypted by the shop with AES-256-GCM before they reach the database or file storage, each sealed to its own order.',
  },
  sealedEverything: {
    text: 'Your medical profile, quiz answers, support messages, food log, your clinic’s notes, the tests your clinic orders for you and what your order’s items, kits, timeline and test subscriptions say about the tests are encrypted the same way, so a copy of the database or a backup does not show them. What stays readable is what the shop needs to find them: which test an order line is, which kit an order ships, and which goal a quiz result recommends for.',
  },
  whoReads: {
    text: 'Your results open for you, signed in, for the clinicians who review them, and for a clinic that ordered them unless you withdrew your consent to share with it. Another customer asking for your order gets “not found”.',
  },
  sharing: {
    text: 'When you pay a clinic’s link for tests it ordered for you, we ask your consent before we share your results and your order’s progress with that clinic, and when your employer covers your test, we ask your consent before we count you in its figures, which never name you, never show a number below 5 and never hold your answers or results. Each is asked on its own, apart from the consent to collect, and recorded with your order. You can withdraw either from your account: your clinics then see “Consent withdrawn” instead of your results and progress, and results waiting for their review come to you; your employer’s figures stop counting you, while cover you already used stays in the sums it is billed, never by name. Tests a clinic orders and pays for itself are its own orders: their results go to it as the provider who ordered them, unless you have withdrawn a consent to share with clinics.',
  },
  auditLog: {
    text: 'Each time staff open your results, messages, orders or files, an audit log that cannot be rewritten records who did it and when, never the values, and your account shows you who read your results.',
  },
  minors: {
    text: 'Testing is for adults. When a profile shows the person is under 18, or our staff find it out, the account with its orders and results is deleted within 24 hours.',
  },
  passwords: {
    text: 'Passwords are stored only as slow hashes, and password-reset links as hashes of their token, so neither can be read back from the database.',
  },
  retention: {
    text: 'We keep your health data while your account is open. The quiz answers of a visitor without an account are deleted 30 days after the quiz unless a cart still holds them. The records the shop makes as it works are deleted on a written schedule: finished jobs and browser error reports after 30 days, sent e-mails and events after 90 days. The files of a lab report you upload are deleted 30 days after the plan built from them is delivered.',
  },
  download: {
    text: `You can download everything we hold about you, as one archive, from your account. An archive larger than about ${archiveLargeMb} MB is prepared for you and e-mailed as a link that opens only while you are signed in, for ${dataArchiveRule.linkDays} days; then the archive is deleted.`,
  },
  deletion: {
    text: 'You can delete your account from your account, with your password, or, when your account signs in with Google, through a link we e-mail you that works for 30 minutes: your health data goes at once, and orders whose kit has not shipped are cancelled and refunded first; while a kit or a sample is on its way, the deletion waits for its results. Payments, refunds and invoices the law makes us keep stay without health detail, under a pseudonym.',
  },
} as const satisfies Record<string, PrivacyClaim>;

export type PrivacyClaimId = keyof typeof privacyClaims;

/** Where a member withdraws a consent (a section of /account), and the page where they delete their account. */
export const CONSENTS_ANCHOR = 'consents';
export const DELETE_ACCOUNT_PATH = '/account/my-data#delete-account';
