import { Link, NavLink, Outlet, useRouteLoaderData } from 'react-router';
import { Footer } from '../components/footer';
import { Logo } from '../components/icons/logo';
import { testPageLinks } from '../components/nav/menu-data';
import { useSessionUser } from '../components/nav/use-session';
import type { Route } from './+types/providers';
import { Main } from './main';
import { RouteError } from './route-error';

const providerLinks = [
  { to: '/providers/home', label: 'Overview' },
  { to: '/providers/test-catalog', label: 'Test catalog' },
  { to: '/providers/videos-and-faqs', label: 'Videos & FAQs' },
];

/** The footer's test pages come as data, as in the default layout: the browser never loads the catalog. */
export function loader() {
  return { testLinks: testPageLinks };
}

const providerRoles = new Set(['provider_admin', 'provider_staff']);

function ProviderHeader() {
  // a signed-in member of a clinic is offered their dashboard; anyone else the sign-in
  const user = useSessionUser();
  const member = user ? providerRoles.has(user.role) : false;
  return (
    <header className="border-b border-line bg-white">
      <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
        <div className="flex items-center gap-2">
          <Logo />
          <span className="hidden sm:inline-block rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-brand-dark">
            Providers
          </span>
        </div>
        <nav aria-label="Providers" className="order-3 w-full md:order-none md:w-auto">
          <ul className="flex gap-1 relative overflow-x-auto text-sm">
            {providerLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `block whitespace-nowrap rounded-md px-2 md:px-3 py-2 font-semibold hover:text-brand ${isActive ? 'text-brand' : ''}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={member ? '/providers/dashboard' : '/sign-in'} className="btn btn-primary px-4 py-2 text-sm md:px-5 md:py-2.5">
          {member ? 'Your dashboard' : 'Provider sign in'}
        </Link>
      </div>
    </header>
  );
}

/** The provider area: its own header with the provider sign-in, and the shop's footer. */
export default function ProvidersLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ProviderHeader />
      <Main>
        <Outlet />
      </Main>
      <Footer testLinks={loaderData.testLinks} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <ProviderHeader />
      <Main>
        <RouteError error={error} />
      </Main>
      <Footer testLinks={useRouteLoaderData<typeof loader>('layouts/providers')?.testLinks} />
    </>
  );
}
