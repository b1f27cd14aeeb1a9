import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="mt-16 bg-ink text-slate-200">
      <div className="mx-auto max-w-6xl px-4 py-10 grid gap-6 sm:grid-cols-3 text-sm">
        <div>
          <p className="text-xl font-extrabold text-white">base</p>
          <p className="mt-2 text-slate-300">At-home and partner-lab health tests, with a plan that follows your results.</p>
        </div>
        <ul className="space-y-2">
          <li>
            <Link to="/quiz" className="hover:underline">
              Take the quiz
            </Link>
          </li>
          <li>
            <Link to="/account" className="hover:underline">
              My account
            </Link>
          </li>
        </ul>
        <p className="text-slate-300">
          Free shipping. HSA/FSA accepted. US only, for adults 18 and older.
        </p>
      </div>
    </footer>
  );
}
