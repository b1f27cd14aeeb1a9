import { formatMoney, REFERRAL_REWARD_CENTS, whereTestsAreSold } from '@shop/core';
import { Link } from 'react-router';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Provider terms',
    description: 'The terms for using the free Base provider dashboard: ordering tests, payments and fees, client data and your team.',
    path: '/providers/terms',
  });

const sections: { title: string; paragraphs: string[] }[] = [
  {
    title: 'The dashboard',
    paragraphs: [
      'The provider dashboard is free. There is no subscription or setup fee. You pay only for the tests you choose to pay for yourself.',
      'These terms apply in addition to the shop’s general terms and privacy policy, which also bind your clients when they order through you.',
    ],
  },
  {
    title: 'Who may use it',
    paragraphs: [
      'Practitioners who support clients with their health (for example physicians, nurse practitioners, dietitians, nutritionists, health coaches and trainers) and their practices. No medical licence is needed: a licensed clinician working with Base reviews and approves every lab order.',
      `Tests are for adults 18 and older in the US. ${whereTestsAreSold()}`,
    ],
  },
  {
    title: 'Ordering tests',
    paragraphs: [
      'You order tests for a client with their knowledge and agreement. The client fills in a medical profile before the order is processed, and a clinician may decline an order; a declined order is refunded in full.',
      'Results are health information. They are not a diagnosis, and you may not present them as one unless you are licensed to do so.',
    ],
  },
  {
    title: 'Payments and fees',
    paragraphs: [
      'For each order you choose who pays. Client pay: the client pays the listed test price. Provider pay: you pay the listed price and the client pays nothing. Custom fee: the client pays the listed price plus a fee you set, and sees that fee before paying.',
      'Prices are those of the provider test catalog at the time of the order. Shipping is free. HSA/FSA cards are accepted.',
    ],
  },
  {
    title: 'Your clients’ data',
    paragraphs: [
      'You see the orders you place and where each one stands. You keep what you learn about your clients confidential and use it only to support them.',
      'Clients may ask us at any time to stop sharing their orders with you.',
    ],
  },
  {
    title: 'Your team',
    paragraphs: [
      'You may invite admins and staff to your practice. You are responsible for what they do on the dashboard and for removing anyone who leaves.',
    ],
  },
  {
    title: 'Referring another provider',
    paragraphs: [
      `When a provider you refer through the practitioners referral form joins the dashboard, you receive ${formatMoney(REFERRAL_REWARD_CENTS)}. One reward per provider referred, to the first person who referred them.`,
    ],
  },
  {
    title: 'Changes and ending',
    paragraphs: [
      'You may stop using the dashboard at any time. Orders already placed are completed. We may change these terms with notice by e-mail, and may suspend an account that misuses the dashboard or clients’ data.',
    ],
  },
];

export default function ProvidersTerms() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-4xl font-extrabold">Provider terms</h1>
      <p className="mt-4 text-lg text-muted">
        The terms for the free provider dashboard. Questions?{' '}
        <Link to="/providers/home#get-started" className="font-semibold text-brand underline">
          Contact us from the provider page
        </Link>
        .
      </p>
      {sections.map((section) => (
        <section key={section.title} className="mt-10">
          <h2 className="text-2xl font-bold">{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
