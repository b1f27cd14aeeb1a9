import { Outlet, useRouteLoaderData } from 'react-router';
import { Footer } from '../components/footer';
import { Header } from '../components/header';
import { menuGroups, testPageLinks, type MenuGroup } from '../components/nav/menu-data';
import type { Route } from './+types/default';
import { Main } from './main';
import { RouteError } from './route-error';

/**
 * The menus come as the layout's data rather than as code: built from core's catalog on the server
 * (or at prerender), so the browser never downloads the catalog to draw the header.
 */
export function loader() {
  return { menu: menuGroups, testLinks: testPageLinks };
}

/** Most pages: header with the menus, the page, the footer. */
export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Header menu={loaderData.menu} />
      <Main>
        <Outlet />
      </Main>
      <Footer testLinks={loaderData.testLinks} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('layouts/default');
  const menu: readonly MenuGroup[] = data?.menu ?? [];
  return (
    <>
      <Header menu={menu} />
      <Main>
        <RouteError error={error} />
      </Main>
      <Footer testLinks={data?.testLinks} />
    </>
  );
}
