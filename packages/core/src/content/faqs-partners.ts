import { whereTestsAreSold } from '../eligibility/states.ts';
import type { FaqEntry } from './types.ts';

/** The business FAQ set: what employers and benefits teams ask before a demo. */
export const businessFaqs: FaqEntry[] = [
  {
    question: 'What does Base offer employers?',
    answer:
      'Your people take an at-home or partner-lab test chosen for a goal (preventative health, fatigue or mental health), then follow a 2-month program of AI-assisted food-as-medicine: a nutrition and lifestyle plan built on their results, 2 lab retests and health coaching.',
  },
  {
    question: 'Who pays, the company or the employee?',
    answer:
      'The company does. Your group gets its own page where employees choose a goal and check out without paying; the tests are billed to the employer as agreed when you sign up.',
  },
  {
    question: 'Do we see our employees’ results?',
    answer:
      'No. Each employee’s results are theirs: they are shared with the employee, the lab and our clinicians, never with the employer.',
  },
  {
    question: 'How are the 70% completion and 76% improvement figures measured?',
    answer:
      'They are the program’s results: 70% of participants finish it, 76% see an improvement, members rate it 4.7 out of 5, and the return on investment is 2.3x. Ask us in the demo how each one is measured and what to expect for a group like yours.',
  },
  {
    question: 'Is Base available everywhere in the US?',
    answer: `At-home kits ship free. ${whereTestsAreSold()} Testing is for adults 18 and older.`,
  },
  {
    question: 'Can employees pay with HSA or FSA?',
    answer: 'Yes. When an employee adds a test of their own, HSA/FSA cards are accepted and receipts are itemised for reimbursement.',
  },
  {
    question: 'How do we get started?',
    answer:
      'Send the form on this page and book a demo. We set up your group page, agree the goals your people can choose from, and share a link for your benefits team to announce.',
  },
];

/** The providers FAQ set: what clinicians, coaches and their staff ask about the dashboard. */
export const providersFaqs: FaqEntry[] = [
  {
    question: 'What does the provider dashboard cost?',
    answer: 'Nothing. The dashboard is free: you pay only for the tests you choose to pay for, or none if your clients pay.',
  },
  {
    question: 'Do I need a medical licence to order tests?',
    answer:
      'No. Our clinicians review and approve every lab order, so health coaches, dietitians, trainers and other practitioners can order tests for their clients.',
  },
  {
    question: 'Who pays for the tests?',
    answer:
      'You choose per order: client pay (your client receives a link and pays at checkout), provider pay (you pay and the client pays nothing), or a custom fee you set on top of the test price for your time.',
  },
  {
    question: 'Can my team use the dashboard too?',
    answer: 'Yes. Invite admins, who manage the practice and its billing, and staff, who order tests and follow their clients’ results.',
  },
  {
    question: 'How do my clients collect their sample?',
    answer: `With an at-home kit, which arrives in 2–5 business days, or at a partner lab in a visit of 15–20 minutes. ${whereTestsAreSold()} Results come 5 business days after the lab receives the sample.`,
  },
  {
    question: 'How do I follow my clients’ orders?',
    answer: 'Your dashboard lists the orders you place for your clients and where each one stands, from kit to results.',
  },
  {
    question: 'How do I refer another provider?',
    answer: 'Use the practitioners referral form. When the provider you refer joins, you receive $50.',
  },
];
