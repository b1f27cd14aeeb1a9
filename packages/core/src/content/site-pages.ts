import { PEOPLE_HELPED } from '../catalog/constants.ts';
import type { Point } from './offer-pages.ts';
import { timings } from './shared-text.ts';

/** The steps of /how-it-works, with the specification's timings (§9). */
export const howItWorksSteps: readonly Point[] = [
  { title: 'Take the quiz', text: 'Two minutes on your goal and how you feel. We recommend one starter test.' },
  {
    title: 'Fill your medical profile',
    text: 'A clinician reviews every order before it goes ahead; your order is not processed until the profile is filled in the app.',
  },
  {
    title: 'Collect your sample',
    text: `At home: your kit arrives in ${timings.kitDelivery}. At a partner lab: we process your lab order within ${timings.labOrder} and the visit takes ${timings.labVisit}.`,
  },
  {
    title: 'Get your results',
    text: `Results are ready ${timings.resultsAfterLab} after the lab receives your sample, which is ${timings.resultsAtHome} for an at-home kit.`,
  },
  { title: 'Follow your plan', text: 'The 2-month Improvement Program turns your results into meals, habits, coaching and 2 retests.' },
];

export const aboutText = {
  headline: 'Testing that leads somewhere',
  intro: `We started Base because a lab result on its own rarely changes anything. We have since helped ${PEOPLE_HELPED.toLocaleString('en-US')} people test, understand their numbers and act on them.`,
  values: [
    { title: 'Start small', text: 'One test chosen for your goal, not a panel of everything.' },
    { title: 'Explain clearly', text: 'Every result in plain words, with what it does and does not mean.' },
    { title: 'Measure again', text: 'Retests show whether a change worked, so you keep what helps.' },
    { title: 'Stay honest', text: 'We inform and support; diagnosis and treatment belong with your doctor.' },
  ],
} as const;

export const scienceText = {
  headline: 'The science behind your plan',
  intro: 'Certified labs, validated sample types and plans grounded in published nutrition research, reviewed by clinicians.',
  points: [
    {
      title: 'Certified US labs',
      text: 'Samples are analysed by CLIA-certified partner laboratories using the methods doctors’ tests use.',
    },
    {
      title: 'The right sample for each marker',
      text: 'Finger-prick blood for lipids, sugar, iron, vitamins and thyroid; saliva for cortisol, melatonin and sex hormones, whose rhythm across the day matters.',
    },
    { title: 'Clinician review', text: 'A clinician approves each order and reviews results that fall far outside their range.' },
    { title: 'Retest to confirm', text: 'Two retests in the program show what changed, instead of assuming a plan works.' },
  ],
} as const;
