import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of every error page: what happened, a way to write to us, and the way home. */
function ErrorFrame({ title, status, heading, children }: { title: string; status: number; heading: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{`${title} | Base`}</title>
      <p className={`text-sm font-semibold uppercase tracking-wide ${status === 403 ? 'text-muted' : 'text-danger'}`}>Error {status}</p>
      <h1 className="mt-3 text-3xl font-bold">{heading}</h1>
      {children}
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

function MessageUs() {
  return (
    <Link to="/contact" reloadDocument className="font-semibold text-brand underline">
      send us a message
    </Link>
  );
}

/** Shown when a page fails to render; the visitor can always get home. */
export function ErrorPage({ status }: { status: number }) {
  return (
    <ErrorFrame title="Something went wrong" status={status} heading="Something went wrong on our side.">
      <p className="mt-3 text-muted">
        Please try again in a moment. If it keeps happening, <MessageUs />.
      </p>
    </ErrorFrame>
  );
}

/** Shown when the page exists but this account may not open it: the reason, and a way on. */
export function RefusedPage({ reason }: { reason: string | undefined }) {
  return (
    <ErrorFrame title="Not open to your account" status={403} heading="Your account cannot open this page.">
      <p className="mt-3 text-muted">{reason ?? 'It is open to other roles than yours.'}</p>
      <p className="mt-3 text-muted">
        If you need it, ask whoever manages your account, or <MessageUs />.
      </p>
    </ErrorFrame>
  );
}
