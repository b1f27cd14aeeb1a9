import type { ImprovementPlan } from '@shop/core';
import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

// The e-mails the storefront's lead forms promise (leads/notify.ts sends them).

/**
 * The whitepaper the whitepaper form promises, sent as the e-mail itself: readable in any mail
 * client, nothing to download, and the same words whoever asks.
 */
export function whitepaperEmail(to: string, firstName: string, publicUrl: string): EmailMessage {
  return layout(
    'whitepaper',
    to,
    'Your whitepaper: Food as medicine at work',
    [
      `Hi ${firstName}, here is the whitepaper you asked for.`,
      'FOOD AS MEDICINE AT WORK — testing-led nutrition for employee health',
      '1. Why generic wellness programs struggle to hold people. Most programs give everyone the same advice. People who cannot see what a change does for them stop early, and a benefit few finish is hard to justify. A program is worth finishing when it starts from something the person can measure about themselves and shows them the change.',
      '2. From a lab test to a personal plan. Each employee chooses a goal (energy, sleep, stress, weight, digestion and others) and takes the starter test for it: a finger-prick, saliva or partner-lab sample, analysed by a certified partner laboratory, with every order reviewed by a licensed clinician before it goes ahead. The results become a 2-month nutrition and lifestyle plan with shopping lists and health coaching, built from their own markers rather than from averages.',
      '3. What retesting shows after 2 months. The program includes lab retests of the same markers, so employee and coach see what moved, what did not, and what to change next. Reading the change marker by marker, against the person’s own starting point, is what turns a plan into a habit that holds.',
      '4. Measuring the return without seeing anyone’s health data. Measure participation, completion and the share of people whose markers improved, counted only for groups large enough that nobody can be picked out (five people or more), and never a person’s results. On our side, results are encrypted before they are stored, every staff read of them is logged, and none of it goes to advertisers: employees can join knowing their results stay theirs.',
      'Want to see how it would work for your team? Book a demo and we will walk you through setup, pricing and reporting.',
    ],
    { label: 'Book a demo', url: `${publicUrl}/business` },
  );
}

/** "We will e-mail you to set up your free provider dashboard": the link to do it. */
export function providerDashboardEmail(to: string, firstName: string, publicUrl: string): EmailMessage {
  return layout(
    'provider-dashboard-invitation',
    to,
    'Set up your free provider dashboard',
    [
      `Hi ${firstName}, thank you for your interest in the Base provider dashboard.`,
      'The dashboard is free. From it you order lab tests for your clients, and choose who pays: the client through a pay link, your clinic with its saved card, or the client with a fee you add. You can invite your admins and staff, and no licence is needed to join.',
      'Setting it up takes a few minutes: your name, your clinic and a password.',
    ],
    { label: 'Set up my dashboard', url: `${publicUrl}/providers/sign-up` },
  );
}

/** The answer to a demo request: it arrived, and what happens next. */
export function demoRequestReceivedEmail(to: string, firstName: string, company: string, publicUrl: string): EmailMessage {
  return layout(
    'demo-request-received',
    to,
    'We received your demo request',
    [
      `Hi ${firstName}, thank you for asking about Base for ${company}.`,
      'Our team will e-mail you to book your demo: a short call where we walk you through setup, pricing and the reports you would see, which count only groups of five people or more and never show anyone’s results.',
      'Until then, the business page has what the program offers employees.',
    ],
    { label: 'Base for business', url: `${publicUrl}/business` },
  );
}

/**
 * "We e-mail them once, mentioning you": the practitioner a person referred hears about the
 * dashboard from us, with the referrer's name, and only the first time anyone refers them.
 */
export function providerReferralEmail(
  to: string,
  input: { providerFirstName: string; referrerName: string },
  publicUrl: string,
): EmailMessage {
  return layout(
    'provider-referral',
    to,
    `${input.referrerName} suggested the Base provider dashboard to you`,
    [
      `Hi ${input.providerFirstName}, ${input.referrerName} thought your clients would benefit from lab testing with Base, and asked us to tell you about our free provider dashboard.`,
      'From the dashboard you order at-home and partner-lab tests for your clients, and choose who pays: the client through a pay link, your clinic with its saved card, or the client with a fee you add. You can invite your admins and staff, and no licence is needed to join.',
      'This is the only e-mail we send you about it. If you are not interested, there is nothing to do.',
    ],
    { label: 'See the provider dashboard', url: `${publicUrl}/providers/home` },
  );
}

/** "See a sample nutritional plan": the plan itself, read as a member's plan reads. */
export function samplePlanEmail(to: string, plan: ImprovementPlan, publicUrl: string): EmailMessage {
  const names = (items: readonly { name: string }[]) => items.map((item) => item.name).join(', ');
  return layout(
    'sample-plan',
    to,
    'Your sample nutritional plan',
    [
      'Here is a sample of the nutritional plan members get from their results. It was made by the same code from made-up results of someone who feels tired all the time; the values belong to no one.',
      ...plan.sections.map((section) => `${section.title}: ${section.value} (range ${section.range}). ${section.reason}`),
      `Foods to favour: ${names(plan.favour)}.`,
      `Foods to limit: ${names(plan.limit)}.`,
      `Habits: ${plan.habits.map((habit) => habit.text).join(' ')}`,
      `Supplements to discuss with your clinician: ${names(plan.supplements)}.`,
      plan.note,
      'Your own plan starts from your own results. The quiz recommends the starter test for your goal.',
    ],
    { label: 'Take the quiz', url: `${publicUrl}/quiz` },
  );
}
