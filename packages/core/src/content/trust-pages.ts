import { whereTestsAreSold } from '../eligibility/states.ts';
import type { Point } from './offer-pages.ts';
import { privacyClaims } from './privacy-claims.ts';
import { timings } from './shared-text.ts';

/**
 * The two trust pages, /how-testing-works and /health-data. Each sentence says what the shop does
 * (the order's clinician approval, the partner labs, the sealed results, the audit log, the
 * removal of a minor's account), so a change to one of those is a change to this text.
 */
export const testingText = {
  headline: 'How testing works',
  intro:
    'Every test goes through a licensed clinician and a certified partner laboratory. Here is who does what between your order and your results.',
  steps: [
    {
      title: 'You tell us about yourself',
      text: 'After paying you fill in a short medical profile: date of birth, sex, state, conditions and medications. Testing is for adults: the person tested must be 18 or over.',
    },
    {
      title: 'A clinician reviews your order',
      text: 'A licensed clinician reads your profile and approves the order before anything is shipped or booked. An order a clinician declines is refunded.',
    },
    {
      title: 'You give your sample',
      text: `At home with a kit that arrives in ${timings.kitDelivery}, or at a partner lab near your ZIP code: we send the lab order within ${timings.labOrder} and the visit takes ${timings.labVisit}. ${whereTestsAreSold()}`,
    },
    {
      title: 'A certified lab analyses it',
      text: `Our partner laboratories run the analysis. Results are ready ${timings.resultsAfterLab} after the lab receives your sample, ${timings.resultsAtHome} for an at-home kit.`,
    },
    {
      title: 'Results are checked before you see them',
      text: 'Each value is checked against the range the test allows: a value no lab could report for that marker is refused, not shown to you. Each result is marked low, normal or high against the lab’s reference range.',
    },
    {
      title: 'You read them with a plan',
      text: 'Your results come with what each marker means, and the Improvement Program turns them into meals, habits, coaching and 2 retests.',
    },
  ] satisfies Point[],
  clinicianNote:
    'Our tests and plans support a healthier lifestyle; they do not diagnose or treat a disease. If a result is far outside its range, our clinicians tell you to see your doctor.',
} as const;

export const healthDataText = {
  headline: 'How we protect your health data',
  intro:
    'Your quiz answers, your medical profile, your results and the lab reports you send are health data. This is what the shop does with them, and what it does not.',
  points: [
    { title: 'Asked before it is collected', text: privacyClaims.consentToCollect.text },
    { title: 'Encrypted before they are stored', text: `${privacyClaims.sealedResults.text} ${privacyClaims.sealedEverything.text}` },
    { title: 'Read only by you, our clinicians and your clinic', text: privacyClaims.whoReads.text },
    { title: 'Shared only with your consent', text: privacyClaims.sharing.text },
    { title: 'Every read is logged', text: privacyClaims.auditLog.text },
    { title: 'Nothing for advertisers', text: `${privacyClaims.noSale.text} ${privacyClaims.thirdPartyScripts.text}` },
    { title: 'Global Privacy Control honoured', text: privacyClaims.globalPrivacyControl.text },
    {
      title: 'Yours to withdraw, download and delete',
      text: `${privacyClaims.withdrawal.text} ${privacyClaims.download.text} ${privacyClaims.deletion.text}`,
    },
    { title: 'Kept no longer than needed', text: privacyClaims.retention.text },
    { title: 'Minors’ data removed within 24 hours', text: privacyClaims.minors.text },
    { title: 'Passwords and links kept safe', text: privacyClaims.passwords.text },
  ] satisfies Point[],
} as const;
