import { Link } from 'react-router';

/** Shown when a page fails to render; the visitor can always get home. */
export function ErrorPage({ status }: { status: number }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Something went wrong | Base</title>
      <p className="text-sm font-semibold uppercase tracking-wide text-danger">Error {status}</p>
      <h1 className="mt-3 text-3xl font-bold">Something went wrong on our side.</h1>
      <p className="mt-3 text-muted">
        Please try again in a moment. If it keeps happening,{' '}
        <Link to="/contact" reloadDocument className="font-semibold text-brand underline">
          send us a message
        </Link>
        .
      </p>
      <Link
        to="/"
        reloadDocument
        className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
      >
        Go back to home
      </Link>
    </section>
  );
}

/** Shown when the page exists but this account may not open it: the reason, and a way on. */
export function RefusedPage({ reason }: { reason: string | undefined }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Not open to your account | Base</title>
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Error 403</p>
      <h1 className="mt-3 text-3xl font-bold">Your account cannot open this page.</h1>
      <p className="mt-3 text-muted">{reason ?? 'It is open to other roles than yours.'}</p>
      <p className="mt-3 text-muted">
        If you need it, ask whoever manages your account, or{' '}
        <Link to="/contact" reloadDocument className="font-semibold text-brand underline">
          send us a message
        </Link>
        .
      </p>
      <Link
        to="/"
        reloadDocument
        className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
      >
        Go back to home
      </Link>
    </section>
  );
}
