import { useEffect, useState } from 'react';

/**
 * A friend who arrives by a member's link (`/?rc=…`) is told who sent them and what they get. The
 * server kept the code in the attribution cookie on this very request; the page, prerendered for
 * everyone, asks for the referrer only when the address carries a member's code.
 */
export function ReferralWelcome() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    if (!query.has('rc') || query.has('affiliate')) return;
    let live = true;
    fetch('/api/referral-landing', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<{ message: string }>) : null))
      .then((body) => {
        if (live && body) setMessage(body.message);
      })
      // no welcome is the page as everyone sees it
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return (
    <div role="status" className={message ? 'bg-accent-soft px-4 py-3 text-center text-sm font-semibold text-slate-900' : 'sr-only'}>
      {message}
    </div>
  );
}
