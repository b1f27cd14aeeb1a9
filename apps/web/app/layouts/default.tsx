import { Outlet } from 'react-router';
import { Footer } from '../components/footer';
import { Header } from '../components/header';
import type { Route } from './+types/default';
import { Main } from './main';
import { RouteError } from './route-error';

/** Most pages: header with the menus, the page, the footer. */
export default function DefaultLayout() {
  return (
    <>
      <Header />
      <Main>
        <Outlet />
      </Main>
      <Footer />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <Header />
      <Main>
        <RouteError error={error} />
      </Main>
      <Footer />
    </>
  );
}
