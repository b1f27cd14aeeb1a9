import { Link } from 'react-router';
import type { MyEmployerCover } from '@shop/client';

/**
 * An employee's cover, on their account page whatever device they sign in on: the covered order
 * that waits at checkout, or the way back to their employer's page when its cart is gone. A used
 * cover is shown by its order, in the list below.
 */
export function EmployerCovers({ covers }: { covers: MyEmployerCover[] }) {
  const open = covers.filter((cover) => cover.state !== 'used');
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="employer-cover-heading" className="mt-8 rounded-xl bg-white p-5 shadow-sm">
      <h2 id="employer-cover-heading" className="text-xl font-bold">
        Your employer’s cover
      </h2>
      <ul className="mt-3 space-y-2">
        {open.map((cover) => (
          <li key={cover.slug}>
            {cover.employer} covers your starter test.{' '}
            {cover.state === 'in-cart' ? (
              <Link to={`/checkout-payment-b2b?group=${encodeURIComponent(cover.slug)}`} className="font-semibold text-brand underline">
                Continue to your covered checkout
              </Link>
            ) : (
              <Link to={`/b2b/${cover.slug}`} className="font-semibold text-brand underline">
                Choose your covered test
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
