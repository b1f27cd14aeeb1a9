import { whereTestsAreSold } from '../eligibility/states.ts';
/**
 * The provider area's how-to videos (/providers/videos/{video}). No video files ship yet: each
 * page shows its poster, its summary and the full transcript, which is also what a screen reader
 * or a search engine gets.
 */
export interface ProviderVideo {
  slug: string;
  title: string;
  summary: string;
  /** minutes, as the list shows it */
  minutes: number;
  /** what the original SVG poster draws */
  poster: 'dashboard' | 'order' | 'payment' | 'team' | 'collection';
  /** the spoken words, one paragraph each */
  transcript: readonly string[];
}

export const providerVideos: readonly ProviderVideo[] = [
  {
    slug: 'getting-started',
    title: 'Set up your free provider dashboard',
    summary: 'Create your practice, add your details and see where orders, clients and payments live.',
    minutes: 3,
    poster: 'dashboard',
    transcript: [
      'Welcome to the Base provider dashboard. It is free to use, and you do not need a medical licence: our clinicians review and approve every lab order you place.',
      'Start by sending the providers contact form. We e-mail you an invitation; follow it to choose a password and name your practice.',
      'The dashboard has three places you will use most. Clients lists the people you work with. Orders shows every test you ordered and where it stands, from kit shipped to results ready. Payments shows what you paid and what your clients paid.',
      'When you are ready, order your first test. The next video shows how.',
    ],
  },
  {
    slug: 'ordering-a-test',
    title: 'Order a lab test for a client',
    summary: 'Pick a client, choose tests from the catalog and send the order in under a minute.',
    minutes: 4,
    poster: 'order',
    transcript: [
      'To order a test, open Clients and add your client with their name and e-mail, or pick someone already on your list.',
      'Choose one or more tests from the test catalog. Each test shows what it measures, the sample it needs (a finger-prick of blood or saliva) and its price.',
      'Choose who pays, then send the order. Your client receives an e-mail with what to do next: pay if they are paying, then fill in a short medical profile. The order is not processed until the profile is complete.',
      'One of our clinicians approves the order, and the kit ships or the partner-lab order is sent. You can follow every step on the order page.',
    ],
  },
  {
    slug: 'payment-options',
    title: 'Client pay, provider pay or a custom fee',
    summary: 'Decide per order who pays for the test, and add a fee for your time if you want to.',
    minutes: 3,
    poster: 'payment',
    transcript: [
      'Every order has a payment option, and you can choose a different one each time.',
      'Client pay: your client gets a secure pay link and pays the test price at checkout. HSA and FSA cards are accepted.',
      'Provider pay: you pay for the test from the dashboard and your client pays nothing. This suits packages where testing is part of your fee.',
      'Custom fee: your client pays the test price plus a fee you set for interpreting results with them. The fee is shown to the client before they pay.',
    ],
  },
  {
    slug: 'inviting-your-team',
    title: 'Invite admins and staff',
    summary: 'Give colleagues their own sign-in: admins manage the practice, staff order tests and follow clients.',
    minutes: 2,
    poster: 'team',
    transcript: [
      'Your practice can have more than one person on the dashboard. Open Team and invite a colleague by e-mail.',
      'Admins can do everything you can: manage the practice details, payment settings and the team.',
      'Staff can add clients, order tests and follow orders, but cannot change payment settings or invite others.',
      'An invitation is valid for one person. If someone leaves, remove them from Team and their access ends at once.',
    ],
  },
  {
    slug: 'home-kit-or-lab',
    title: 'At-home kit or partner lab: what your client does',
    summary: 'How collection works for your clients, how long each step takes and when results arrive.',
    minutes: 3,
    poster: 'collection',
    transcript: [
      'After the order, your client chooses once how to give their sample: with an at-home kit or at a partner lab.',
      'The at-home kit arrives in 2 to 5 business days with everything needed for a finger-prick or saliva sample, and a prepaid envelope back to the lab.',
      `At a partner lab, the visit takes 15 to 20 minutes. ${whereTestsAreSold()}`,
      'Results come 5 business days after the lab receives the sample. Your client sees them as soon as they are ready, and the order page shows you they have arrived.',
    ],
  },
];

export function findProviderVideo(slug: string): ProviderVideo | undefined {
  return providerVideos.find((video) => video.slug === slug);
}
