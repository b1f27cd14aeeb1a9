import type { ReactNode } from 'react';
import { Link } from 'react-router';

const looks = {
  primary: 'bg-brand text-white hover:bg-brand-dark',
  secondary: 'border border-ink bg-white text-ink hover:bg-slate-50',
} as const;

/** A link that looks like the shop's buttons: for moving on to another page. */
export function CtaLink({ to, children, variant = 'primary' }: { to: string; children: ReactNode; variant?: keyof typeof looks }) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center justify-center rounded-full px-7 py-3.5 text-center font-semibold ${looks[variant]}`}
    >
      {children}
    </Link>
  );
}
