import { Link } from 'react-router';

/** The shop's mark: a drop inside a ring, for a test that starts with one drop of blood. */
function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M16 7.5c3.6 4.6 5.4 7.8 5.4 10.2a5.4 5.4 0 0 1-10.8 0c0-2.4 1.8-5.6 5.4-10.2z" fill="currentColor" />
    </svg>
  );
}

function Wordmark() {
  return (
    <span className="inline-flex items-center gap-2 text-2xl font-extrabold tracking-tight text-brand">
      <LogoMark />
      base
    </span>
  );
}

/** The logo, linking home or (in a checkout, where leaving by accident costs a sale) standing alone. */
export function Logo({ linked = true }: { linked?: boolean }) {
  if (!linked) {
    return (
      <span role="img" aria-label="Base">
        <Wordmark />
      </span>
    );
  }
  return (
    <Link to="/" aria-label="Base, home" className="inline-flex rounded-md">
      <Wordmark />
    </Link>
  );
}
