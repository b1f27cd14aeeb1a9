import { Link } from 'react-router';

/** Previous and next links that keep the page's other query parameters. */
export function Pager({ page, pageSize, total, search }: { page: number; pageSize: number; total: number; search: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const to = (target: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(target));
    return `?${params.toString()}`;
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
      <p className="text-muted">
        {total} in all · page {page} of {pages}
      </p>
      <div className="flex gap-3">
        {page > 1 ? (
          <Link to={to(page - 1)} className="font-semibold text-brand underline">
            Previous page
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={to(page + 1)} className="font-semibold text-brand underline">
            Next page
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
