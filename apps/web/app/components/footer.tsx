import { Link } from 'react-router';
import { Logo } from './icons/logo';

const columns = [
  {
    title: 'Shop',
    links: [
      { to: '/quiz', label: 'Take the quiz' },
      { to: '/all-goals', label: 'All goals' },
      { to: '/complete-testing-plan', label: 'Complete testing plan' },
      { to: '/food-sensitivity', label: 'Food sensitivity test' },
      { to: '/food-allergy', label: 'Food allergy test' },
      { to: '/nutritional-plan', label: 'Nutritional plan' },
      { to: '/add-ons-page', label: 'Add-ons and coach consultation' },
      { to: '/base-daily', label: 'Base Daily app' },
      { to: '/gifts', label: 'Gifts' },
    ],
  },
  {
    title: 'Learn',
    links: [
      { to: '/how-it-works', label: 'How it works' },
      { to: '/science', label: 'Our science' },
      { to: '/how-testing-works', label: 'How testing works' },
      { to: '/health-data', label: 'Health data' },
      { to: '/reviews', label: 'Reviews' },
      { to: '/about', label: 'About us' },
      { to: '/blog/', label: 'Blog' },
      { to: '/giveaway', label: 'Giveaway' },
    ],
  },
  {
    title: 'Work with us',
    links: [
      { to: '/business', label: 'For employers' },
      { to: '/providers/home', label: 'For providers' },
      { to: '/affiliate-program', label: 'Affiliate program' },
      { to: '/practitioners-referral', label: 'Refer a practitioner' },
      { to: '/whitepaper', label: 'Whitepaper' },
    ],
  },
  {
    title: 'Your account',
    links: [
      { to: '/account', label: 'My account' },
      { to: '/sign-in', label: 'Sign in' },
      { to: '/reset-password', label: 'Reset password' },
    ],
  },
] as const;

/**
 * The line every page ends with, in every layout but the operator console's: the legal pages, and
 * help in the same place on every page, the checkout's too (WCAG 3.2.6).
 */
export function LegalLinks() {
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      <p suppressHydrationWarning>© {new Date().getFullYear()} Base</p>
      <Link to="/contact" className="underline-offset-4 hover:underline">
        Contact us
      </Link>
      <Link to="/accessibility" className="underline-offset-4 hover:underline">
        Accessibility
      </Link>
      <Link to="/terms" className="underline-offset-4 hover:underline">
        Terms
      </Link>
      <Link to="/privacy-policy" className="underline-offset-4 hover:underline">
        Privacy policy
      </Link>
      <Link to="/consumer-health-data-privacy" className="underline-offset-4 hover:underline">
        Consumer health data privacy
      </Link>
    </div>
  );
}

type FooterLinks = ReadonlyArray<{ to: string; label: string }>;

/**
 * The shop's footer. `testLinks`, a page per test from the layout's data, is a column of its own:
 * the menus draw their links only when opened, so this is where every visitor and crawler finds
 * the test pages in the HTML.
 */
export function Footer({ testLinks = [] }: { testLinks?: FooterLinks }) {
  const shown = [columns[0], { title: 'Tests', links: testLinks }, ...columns.slice(1)].filter((column) => column.links.length > 0);
  return (
    <footer id="site-footer" className="mt-16 bg-ink text-slate-200 print:hidden">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 md:grid-cols-3 lg:grid-cols-[1.3fr_repeat(5,1fr)]">
        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <div className="inline-flex rounded-lg bg-white px-3 py-1.5">
            <Logo />
          </div>
          <p className="mt-4 max-w-xs text-slate-300">At-home and partner-lab health tests, with a plan that follows your results.</p>
          <ul className="mt-4 grid gap-1 text-sm text-slate-300">
            <li>Free shipping</li>
            <li>HSA/FSA accepted</li>
            <li>US only for now</li>
            <li>For adults 18 and older</li>
          </ul>
        </div>
        {shown.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-bold uppercase tracking-wide text-white">{column.title}</h2>
            <ul className="mt-3 grid gap-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="underline-offset-4 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/15">
        <div className="container-page py-5 text-slate-300">
          <LegalLinks />
        </div>
      </div>
    </footer>
  );
}
