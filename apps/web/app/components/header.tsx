import { Link, NavLink } from 'react-router';
import { CartTrigger } from './cart/cart-trigger';

export function Header({ user }: { user: { email: string; role: string } | null }) {
  const staff = user && user.role !== 'customer';
  return (
    <header className="bg-white border-b border-slate-200">
      <div className="mx-auto max-w-6xl px-4 py-3 flex items-center justify-between gap-4">
        <Link to="/" className="text-2xl font-extrabold tracking-tight text-brand" aria-label="Base, home">
          base
        </Link>
        <nav aria-label="Main" className="flex items-center gap-3 sm:gap-5 text-sm font-medium">
          <NavLink to="/quiz" className="hidden sm:inline hover:text-brand">
            Take the quiz
          </NavLink>
          {staff ? (
            <NavLink to="/admin" className="hover:text-brand">
              Console
            </NavLink>
          ) : null}
          {user ? (
            <NavLink to="/account" className="hover:text-brand">
              My account
            </NavLink>
          ) : (
            <NavLink to="/sign-in" className="hover:text-brand">
              Sign in
            </NavLink>
          )}
          <CartTrigger />
          <Link
            to="/quiz"
            className="rounded-full bg-brand px-4 py-2 text-white hover:bg-brand-dark transition-colors"
          >
            Get started
          </Link>
        </nav>
      </div>
    </header>
  );
}
