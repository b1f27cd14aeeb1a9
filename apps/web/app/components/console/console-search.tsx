import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { buttonClasses } from '../button';

/** A console list's search: its words (`q`), the list's own filters (the children) and the button, sent as the page's query. */
export function ConsoleSearch({ label, q, searching, children }: { label: string; q: string; searching?: boolean; children?: ReactNode }) {
  return (
    <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
      <label className="flex flex-col text-sm font-semibold">
        {label}
        <input name="q" type="search" defaultValue={q} className="mt-1 w-72 rounded-lg border border-slate-300 px-3 py-2 font-normal" />
      </label>
      {children}
      <button type="submit" className={buttonClasses({ size: 'medium' })} aria-busy={searching}>
        {searching ? 'Searching…' : 'Search'}
      </button>
    </Form>
  );
}

/** The words and the page a console list was asked for, read from its address (page 1 when there is none). */
export function listQuery(request: Request) {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim() || undefined;
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  return { url, q, page };
}
