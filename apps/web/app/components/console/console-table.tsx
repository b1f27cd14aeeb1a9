import type { ComponentProps, ReactNode } from 'react';

/** The padding of a console table's cell, for a `<td>` or `<th scope="row">` that needs more classes. */
export const cell = 'px-4 py-3';
const nowrap = `whitespace-nowrap ${cell}`;

/** A cell of a console table's row. */
export function Cell({ className, ...props }: ComponentProps<'td'>) {
  return <td {...props} className={className ? `${cell} ${className}` : cell} />;
}

/** A column heading said to screen readers alone (the column of a row's buttons). */
export function Unseen({ children }: { children: ReactNode }) {
  return <span className="sr-only">{children}</span>;
}

/**
 * A table of a console page, with a caption (for screen readers) and a line for when it is empty;
 * with a `title`, it comes under a heading of its own and the `explanation` below that.
 */
export function ConsoleTable({
  caption,
  headings,
  empty,
  emptyText = 'Nothing here.',
  title,
  explanation,
  className = 'mt-4',
  children,
}: {
  caption: string;
  headings: ReactNode[];
  empty: boolean;
  emptyText?: ReactNode;
  title?: string;
  explanation?: ReactNode;
  /** The table's margin above (it follows the page's flow). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      {title ? <h2 className="mt-10 text-xl font-bold">{title}</h2> : null}
      {explanation ? <p className="mt-1 text-sm text-muted">{explanation}</p> : null}
      <div className={`${className} relative overflow-x-auto rounded-2xl bg-white shadow-sm`}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 text-muted">
            <tr>
              {headings.map((heading, index) => (
                <th key={index} scope="col" className={nowrap}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {empty ? (
              <tr>
                <td colSpan={headings.length} className="px-4 py-6 text-center text-muted">
                  {emptyText}
                </td>
              </tr>
            ) : (
              children
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
