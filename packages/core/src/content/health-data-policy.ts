import { healthDataLaws } from '../consents/health-data.ts';
import { privacyClaims } from './privacy-claims.ts';
import type { TextSection } from './types.ts';

/**
 * The consumer health data privacy policy (/consumer-health-data-privacy), the page Washington's
 * My Health My Data Act (RCW 19.373.020) and Nevada's SB 370 ask for: what health data the shop
 * collects, where from, why, with whom it shares it, and how a person uses their rights. Each
 * promise comes from `privacyClaims`, so it says what the software does.
 */
export const CONSUMER_HEALTH_DATA_PATH = '/consumer-health-data-privacy';

export const consumerHealthDataPolicy = {
  headline: 'Consumer health data privacy policy',
  intro:
    'This policy is about your consumer health data: anything we hold that says something about your health. It is part of our privacy policy and tells you what we collect, why, whom we share it with and how you exercise your rights.',
  sections: [
    {
      heading: 'The health data we collect',
      paragraphs: [
        'Your quiz answers (your goal, sex, date of birth and the areas you want to improve), your medical profile (conditions, medications, state), your test results and the lab reports you upload, what you write to our support and coaches, your food log, and which tests you order.',
      ],
    },
    {
      heading: 'Where it comes from',
      paragraphs: [
        'From you, through our pages; from the partner laboratory that tests your sample; from the clinicians who review your order and results; and from a clinic that orders a test for you.',
      ],
    },
    {
      heading: 'Why we collect and use it',
      paragraphs: [
        `To recommend a test, have a clinician review your order, run your tests, show you your results, build your plan, answer you, and keep the service safe. ${privacyClaims.noSale.text}`,
      ],
    },
    {
      heading: 'Your consent',
      paragraphs: [privacyClaims.consentToCollect.text, privacyClaims.withdrawal.text],
    },
    {
      heading: 'Whom we share it with',
      paragraphs: [
        'The partner laboratory that tests your sample, the clinicians who review it, and the services that deliver kits, send e-mail and process payments, each only with what it needs.',
        privacyClaims.sharing.text,
        privacyClaims.thirdPartyScripts.text,
        privacyClaims.globalPrivacyControl.text,
      ],
    },
    {
      heading: 'How we protect and keep it',
      paragraphs: [
        `${privacyClaims.sealedResults.text} ${privacyClaims.sealedEverything.text}`,
        privacyClaims.auditLog.text,
        privacyClaims.retention.text,
      ],
    },
    {
      heading: 'Your rights and how to use them',
      paragraphs: [
        'In your account you can see your consent and withdraw it, see and correct your medical profile, download your data and delete your account. You can also ask us through the contact options at the foot of every page.',
        privacyClaims.download.text,
        privacyClaims.deletion.text,
      ],
    },
    {
      heading: 'The laws this policy answers',
      paragraphs: [healthDataLaws.map((law) => `${law.name} (${law.citation})`).join('; ') + '.'],
    },
  ] satisfies TextSection[],
} as const;
