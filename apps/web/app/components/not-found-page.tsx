import { Link } from 'react-router';

/** The specification's not-found page; served with status 404. */
export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>This page could not be found | Base</title>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">404 · This page could not be found</p>
      <h1 className="mt-3 text-3xl font-bold">Whoops - we couldn't find what you're looking for.</h1>
      <div className="mt-8 flex flex-col sm:flex-row gap-3 justify-center">
        <Link to="/quiz" className="rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark">
          Take the quiz
        </Link>
        <Link to="/" className="rounded-full border border-ink px-6 py-3 font-semibold hover:bg-white">
          Go to homepage
        </Link>
      </div>
    </section>
  );
}
