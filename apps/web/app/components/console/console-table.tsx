import type { ReactNode } from 'react';

const nowrap = 'whitespace-nowrap px-4 py-3';

/** A table of a console page, with a caption (for screen readers) and a line for when it is empty. */
export function ConsoleTable({
  caption,
  headings,
  empty,
  children,
}: {
  caption: string;
  headings: string[];
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <div className="mt-4 relative overflow-x-auto rounded-2xl bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-muted">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={nowrap}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {empty ? (
            <tr>
              <td colSpan={headings.length} className="px-4 py-6 text-center text-muted">
                Nothing here.
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
