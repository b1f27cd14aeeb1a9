import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation a screen reader hears nothing and the focus stays on the link
 * that was followed, or falls to the top of the document when that link is gone. A full page load
 * would start over at the top and read the new title: this does the same for the router's
 * navigations. The page's main region takes the focus, unless the new page has already put it
 * somewhere inside (the quiz's question, a form's first invalid field), and its title is read out.
 * A change of query string or hash alone (a filter, an anchor) is not a new page.
 */
export function NavigationAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
    setAnnouncement(document.title);
  }, [pathname]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  );
}
