import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

export interface SessionUser {
  email: string;
  role: string;
}

/**
 * Who is signed in, asked of the API in the browser: pages are prerendered for everybody, so the
 * server's HTML never knows. Undefined until the answer arrives; asked again on each new page,
 * since signing in or out happens on pages of their own. The API client is loaded after the page
 * is shown: it is not needed to draw the page, so it stays off the path to the first paint.
 */
export function useSessionUser(): SessionUser | null | undefined {
  const { pathname } = useLocation();
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
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
