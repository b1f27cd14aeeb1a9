import { whereTestsAreSold } from '../eligibility/states.ts';
import type { Point } from './offer-pages.ts';
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
    'Your results, your medical profile and the lab reports you send are health data. This is what the shop does with them, and what it does not.',
  points: [
    {
      title: 'Encrypted before they are stored',
      text: 'Lab results and uploaded lab reports are encrypted by the shop with AES-256-GCM before they reach the database or file storage, each sealed to its own order, so a copy of the database or a backup does not show them.',
    },
    {
      title: 'Read only by you and our clinicians',
      text: 'Your results open for you, signed in, and for the clinicians who review them. Another customer asking for your order gets “not found”.',
    },
    {
      title: 'Every read is logged',
      text: 'Each time results or a lab report are opened, and each action staff take on an order, an audit log records who did it and when. It records who, what and when, never the values.',
    },
    {
      title: 'Nothing for advertisers',
      text: 'We never give health data to advertisers. The shop’s pages load no advertising or analytics scripts; the only outside script is the card field of our payment processor, on the checkout.',
    },
    {
      title: 'Minors’ data removed within 24 hours',
      text: 'Testing is for adults. When a profile shows the person is under 18, or our staff find it out, the account with its orders and results is deleted within 24 hours.',
    },
    {
      title: 'Passwords and links kept safe',
      text: 'Passwords are stored only as slow hashes, and password-reset links as hashes of their token, so neither can be read back from the database.',
    },
  ] satisfies Point[],
} as const;
