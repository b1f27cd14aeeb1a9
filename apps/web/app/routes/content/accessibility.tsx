import { Link } from 'react-router';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/accessibility';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Accessibility',
    description:
      'How Base checks that its shop works with a keyboard, a screen reader, a small screen and reduced motion, and how to tell us about a barrier.',
    path: '/accessibility',
  });

/**
 * What the shop's browser tests check, one line each. Each line is a test of e2e/ that fails the
 * build when the shop stops doing it: a line goes when its test goes.
 */
const checks = [
  {
    title: 'Automatic checks on every page we visit',
    text: 'Our browser tests open the shop’s pages, one of each kind where many are alike (a goal, a test, an article), and run axe, an open-source accessibility checker, on each. A problem axe finds fails the tests.',
  },
  {
    title: 'A purchase with the keyboard alone',
    text: 'From the home page through the quiz, the cart and the payment to the confirmation, without a mouse.',
  },
  {
    title: 'A visible focus',
    text: 'Every link, button and field of every page our tests visit (the shop’s pages, the pages after payment, your account and the staff console) shows a focus ring with a contrast of at least 3:1 against what is behind it when it has the focus, and nothing covers it then: not the header, not the notice that you are offline, not a message at the bottom of the screen.',
  },
  {
    title: 'Small screens',
    text: 'Every shop page our tests visit, the checkout, the pages after payment, your account and its orders fit a screen 320 pixels wide without scrolling sideways, long e-mail addresses included, and the cart keeps its items readable at 400% zoom.',
  },
  {
    title: 'Reduced motion',
    text: 'When your device asks for reduced motion, nothing on any page our tests visit moves on and on: the spinners and the loading bar stop.',
  },
  {
    title: 'Errors you can find',
    text: 'A checkout sent with a mistake reads its errors out and takes you to the first field to fix.',
  },
  {
    title: 'Help in the same place',
    text: 'Every page ends with a link to contact us, during checkout too.',
  },
] as const;

/** The accessibility statement: the standard aimed at, what is checked and how, and how to report a barrier. */
export default function Accessibility() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-4xl font-extrabold">Accessibility</h1>
      <p className="mt-4 text-lg text-muted">
        Everyone should be able to choose, buy and follow a Base test: with a keyboard or a screen reader, on a small screen or zoomed in,
        with reduced motion. We aim at the Web Content Accessibility Guidelines (WCAG) 2.2, level AA.
      </p>

      <section aria-labelledby="what-we-test" className="mt-10">
        <h2 id="what-we-test" className="text-2xl font-bold">
          What we test, and how
        </h2>
        <p className="mt-3 text-muted">
          Each of these is a browser test that runs in Chromium on every change to the shop’s code; a change that fails one is not taken in.
        </p>
        <ul className="mt-6 space-y-4">
          {checks.map((check) => (
            <li key={check.title} className="rounded-card bg-white p-5 shadow-card">
              <h3 className="font-bold">{check.title}</h3>
              <p className="mt-1 text-muted">{check.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="report" className="mt-10">
        <h2 id="report" className="text-2xl font-bold">
          Tell us about a barrier
        </h2>
        <p className="mt-3 text-muted">
          If something on the shop gets in your way, please{' '}
          <Link to="/contact" className="font-semibold text-brand-dark underline">
            write to us through the contact page
          </Link>
          . Tell us the page, what you were trying to do and, if you like, the device and assistive technology you use. A person from our
          support team reads it and answers you by e-mail.
        </p>
      </section>
    </article>
  );
}
