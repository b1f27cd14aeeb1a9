import { useEffect, useState } from 'react';
import { useLocation, useMatches } from 'react-router';

export interface SessionUser {
  email: string;
  role: string;
}

/**
 * Who a server-rendered page was drawn for, when its loader says so (`sessionUser` in its data):
 * such a page's header shows the member from the first paint instead of "Sign in" for a moment.
 */
function useServerSessionUser(): SessionUser | undefined {
  for (const match of useMatches()) {
    const data = match.loaderData as { sessionUser?: SessionUser } | null | undefined;
    if (data?.sessionUser) return data.sessionUser;
  }
  return undefined;
}

/**
 * Who is signed in, asked of the API in the browser: most pages are prerendered for everybody, so
 * the server's HTML does not know (a signed-in area's page says so, above). Undefined until the answer arrives; asked again on each new page,
 * since signing in or out happens on pages of their own. The API client is loaded after the page
 * is shown: it is not needed to draw the page, so it stays off the path to the first paint.
 */
export function useSessionUser(): SessionUser | null | undefined {
  const { pathname } = useLocation();
  const known = useServerSessionUser();
  const [user, setUser] = useState<SessionUser | null | undefined>(known);
  useEffect(() => {
    let current = true;
    import('../../lib/api')
      .then(({ browserApi }) => browserApi().session())
      .then((session) => {
        if (current) setUser(session?.user ? { email: session.user.email, role: session.user.role } : null);
      })
      .catch(() => {
        if (current) setUser(null);
      });
    return () => {
      current = false;
    };
  }, [pathname]);
  return user;
}
