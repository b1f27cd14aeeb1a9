import { whereTestsAreSold } from '../eligibility/states.ts';
import { PROGRAM_LAB_RETESTS, PROGRAM_LENGTH_MONTHS } from '../catalog/constants.ts';
import type { FaqEntry } from './types.ts';
import { notADiagnosis, price, timings } from './shared-text.ts';

export const genericFaqs: readonly FaqEntry[] = [
  {
    question: 'Who can take a test?',
    answer:
      'Adults aged 18 or older living in the US. We do not test anyone under 18, and an account that holds a minor’s results is removed, with the results, within 24 hours.',
  },
  {
    question: 'Do I collect my sample at home or at a lab?',
    answer: `Either. A finger-prick or saliva kit arrives in ${timings.kitDelivery}, or you visit a partner lab for a blood draw that takes ${timings.labVisit}. ${whereTestsAreSold()}`,
  },
  {
    question: 'When do my results arrive?',
    answer: `Results are ready ${timings.resultsAfterLab} after the lab receives your sample, which usually means ${timings.resultsAtHome} from the day you post an at-home kit.`,
  },
  {
    question: 'Can I pay with my HSA or FSA card?',
    answer: 'Yes. HSA and FSA cards are accepted at checkout and your receipt is itemised, so you can also claim a reimbursement.',
  },
  {
    question: 'How much is shipping?',
    answer: 'Shipping is free, both ways: the kit comes to you and the prepaid envelope takes your sample to the lab.',
  },
  {
    question: 'What if my tests find nothing to improve?',
    answer: 'If no health optimization is found within 3 tests, your tests are free.',
  },
  { question: 'Is this a medical diagnosis?', answer: notADiagnosis },
];

export const genericQuizFaqs: readonly FaqEntry[] = [
  {
    question: 'What does the quiz ask?',
    answer:
      'Your goal, how you feel day to day and a few facts such as your date of birth. It takes about two minutes and recommends one starter test.',
  },
  {
    question: 'Why one starter test and not a full panel?',
    answer: `Starting with the test most likely to explain your symptoms keeps the cost at ${price('base-quiz')} and the answer clear. If you want every area at once, the Complete testing plan has all 8 tests.`,
  },
  {
    question: 'What is the Improvement Program?',
    answer: `${PROGRAM_LENGTH_MONTHS} months of a nutrition and lifestyle plan built on your results, ${PROGRAM_LAB_RETESTS} lab retests to see what changed, health coaching and personalized shopping lists.`,
  },
  {
    question: 'When am I charged for the program?',
    answer:
      'Only when your starter test results arrive. Until then you pay for the starter test alone, and you can cancel the program before your results are in.',
  },
  {
    question: 'Can I retake the quiz?',
    answer: 'Yes, as often as you like. Your last answers are kept in this browser so you can pick up where you left off.',
  },
];

export const giftsFaqs: readonly FaqEntry[] = [
  {
    question: 'What can I give?',
    answer: `A starter test of their choice (${price('gift-one-off')}), or a starter test together with the 2-month Improvement Program (${price('gift-improvement-program')}).`,
  },
  {
    question: 'How does the person I give it to redeem it?',
    answer: 'They receive an e-mail on the date you pick, take a short quiz and choose their test. The kit then ships to them.',
  },
  {
    question: 'How fast does a gift kit arrive?',
    answer: `Gift kits arrive in ${timings.giftKitDelivery} once the recipient has redeemed the gift.`,
  },
  {
    question: 'Can I buy several gifts at once?',
    answer: 'One gift card purchase per transaction, shipped to one address. A gift covers up to five areas or one Complete bundle.',
  },
  {
    question: 'Can they add the program later?',
    answer: `Yes. Someone who received a starter test can add the Improvement Program through the app for ${price('improvement-program-later')}.`,
  },
  {
    question: 'Does the recipient need to be an adult?',
    answer: 'Yes. We only test people aged 18 or older, so please give a test to an adult.',
  },
];

export const howItWorksFaqs: readonly FaqEntry[] = [
  {
    question: 'How long does the kit take to arrive?',
    answer: `${timings.kitDelivery} after your order is approved.`,
  },
  {
    question: 'How does a partner-lab visit work?',
    answer: `We process your lab order within ${timings.labOrder}. You then walk in to a partner lab near you; the draw takes ${timings.labVisit}.`,
  },
  {
    question: 'Why do you ask for a medical profile?',
    answer:
      'A clinician reviews every order before a kit is sent or a lab order is placed, and needs your age, medications and conditions to do so. Your order is not processed until the profile is filled in the app.',
  },
  {
    question: 'Is the finger-prick painful?',
    answer:
      'Most people feel a short sting. The lancet is single-use and the instructions show how to warm your hand so a few drops come easily.',
  },
  {
    question: 'Who reads my results?',
    answer:
      'A certified lab runs the analysis and our clinicians review the results. Your report explains each marker in plain words, and your plan is built on it.',
  },
];

export const scienceFaqs: readonly FaqEntry[] = [
  {
    question: 'Which labs run the tests?',
    answer:
      'US labs certified under CLIA, the federal standard for clinical laboratories, using the same methods as the tests a doctor orders.',
  },
  {
    question: 'Is a finger-prick as accurate as a blood draw?',
    answer:
      'For the markers we offer it, yes: the lab validates each one on finger-prick samples. A sample that is too small or damaged is flagged, and we send a new kit free of charge.',
  },
  {
    question: 'Why measure cortisol and melatonin in saliva?',
    answer:
      'Saliva shows the free, active hormone and can be collected at home at set times of day, which a single blood draw cannot do. The shape of the curve across the day is what matters.',
  },
  {
    question: 'How is my plan made?',
    answer:
      'Your results, quiz answers and medical profile are matched to nutrition and lifestyle guidance from published research, then reviewed. Retests show whether the plan is working, and it is adjusted.',
  },
  { question: 'Can a test replace my doctor?', answer: notADiagnosis },
];
