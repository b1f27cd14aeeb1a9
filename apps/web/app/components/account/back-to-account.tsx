import { Link } from 'react-router';

/** The way back to the account's first page, above the title of one of its pages. */
export function BackToAccount() {
  return (
    <p>
      <Link to="/account" className="text-sm font-semibold text-brand underline">
        Back to my account
      </Link>
    </p>
  );
}
