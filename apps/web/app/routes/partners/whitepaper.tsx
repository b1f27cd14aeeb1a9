import { WhitepaperForm } from '../../components/forms/whitepaper-form';
import { ReportArt } from '../../components/partners/art';
import { pageMeta } from '../../lib/seo';
import { leadAction } from '../../lib/lead-action.server';
import type { Route } from './+types/whitepaper';

/** The page's lead form is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return leadAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Whitepaper: food as medicine at work',
    description:
      'How lab testing and personalised nutrition help employees feel better, and how employers can measure it. Get the whitepaper.',
    path: '/whitepaper',
  });

const inside = [
  'Why generic wellness programs struggle to hold people, and what makes one worth finishing',
  'How a lab test for a chosen goal turns into a personal nutrition and lifestyle plan',
  'What retesting shows after 2 months, and how to read the change',
  'How to measure a program’s return for your company without seeing anyone’s health data',
];

export default function Whitepaper() {
  return (
    <section className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-2 lg:py-20">
      <div>
        <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">For employers and benefits teams</p>
        <h1 className="mt-2 text-4xl font-extrabold leading-tight">Food as medicine at work</h1>
        <p className="mt-5 text-lg text-muted">
          Our whitepaper on testing-led nutrition for employee health: what it is, what it changes and how to measure it. Tell us where to
          send it.
        </p>
        <h2 className="mt-8 text-xl font-bold">Inside</h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-muted">
          {inside.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <ReportArt className="mt-8 hidden w-48 lg:block" />
      </div>
      <div>
        <WhitepaperForm />
      </div>
    </section>
  );
}
