import { whereTestsAreSold } from '../eligibility/states.ts';
import type { TextSection } from './types.ts';
import { privacyClaims } from './privacy-claims.ts';
import { notADiagnosis } from './shared-text.ts';

// Plain-language terms and privacy notice. They state how the shop works; counsel reviews them
// before launch, and the "last updated" date changes with every edit.
export const LEGAL_LAST_UPDATED = '2026-12-07';

export const termsSections: readonly TextSection[] = [
  {
    heading: 'Who may use the service',
    paragraphs: [
      'The shop serves adults aged 18 or older who live in the United States. We do not test anyone under 18; an account that holds a minor’s results is removed, with the results, within 24 hours.',
    ],
  },
  {
    heading: 'What the tests are and are not',
    paragraphs: [notADiagnosis, 'In an emergency, call 911 or go to the nearest emergency room.'],
  },
  {
    heading: 'Orders and clinician review',
    paragraphs: [
      'A clinician reviews each order before a kit is shipped or a lab order is sent, using the medical profile you fill in the app. An order is not processed until that profile is complete. If a clinician declines an order, we refund it in full.',
      whereTestsAreSold(),
    ],
  },
  {
    heading: 'Prices and payment',
    paragraphs: [
      'Prices are in US dollars. Shipping is free. The Improvement Program that comes with a starter test is charged once, when your starter test results arrive, with the card you saved and agreed to at checkout.',
      'Subscriptions renew at the interval shown until you cancel; you can cancel Base Daily at any time in the app.',
    ],
  },
  {
    heading: 'Gifts and codes',
    paragraphs: [
      'One gift card purchase per transaction, to one shipping address. A gift card and a discount code can each be used once, before the date they expire.',
    ],
  },
  {
    heading: 'Our guarantee',
    paragraphs: ['If no health optimization is found within 3 tests, we refund those tests.'],
  },
  {
    heading: 'Contact',
    paragraphs: ['Questions about these terms: write to us through the contact options in the app or at the foot of every page.'],
  },
];

export const privacySections: readonly TextSection[] = [
  {
    heading: 'What we collect',
    paragraphs: [
      'Your account details (name, e-mail, shipping address), your quiz answers, your medical profile, your samples’ results and your orders. Payments are handled by our card processor; we never see or store your full card number.',
      privacyClaims.consentToCollect.text,
    ],
  },
  {
    heading: 'Why we use it',
    paragraphs: [
      `To run your tests and send your results, to have a clinician review your order, to build and adjust your plan, to bill you, and to keep the service safe. ${privacyClaims.noSale.text}`,
    ],
  },
  {
    heading: 'Who we share it with',
    paragraphs: [
      'The partner lab that analyses your sample, the clinicians who review it, and the services that deliver kits, send e-mail and process payments, each only with what they need.',
      privacyClaims.sharing.text,
    ],
  },
  {
    heading: 'Cookies and outside scripts',
    paragraphs: [
      'We use cookies to keep you signed in, to remember your cart, quiz and language, and to test changes to our pages.',
      privacyClaims.thirdPartyScripts.text,
      privacyClaims.globalPrivacyControl.text,
    ],
  },
  {
    heading: 'How we protect it',
    paragraphs: [`${privacyClaims.sealedResults.text} ${privacyClaims.sealedEverything.text}`, privacyClaims.auditLog.text],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [privacyClaims.retention.text, 'Data of anyone under 18 is removed within 24 hours of our learning of it.'],
  },
  {
    heading: 'Your choices',
    paragraphs: [
      'You can see and correct your medical profile in your account.',
      privacyClaims.withdrawal.text,
      privacyClaims.download.text,
      privacyClaims.deletion.text,
    ],
  },
];
