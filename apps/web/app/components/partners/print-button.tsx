import { useHydrated } from '../../lib/use-hydrated';

/** Prints the page once its script runs; before that (or without it), the browser's own Print says how. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="text-sm text-muted">Print this page with your browser’s Print command.</p>;
  return (
    <button type="button" onClick={() => window.print()} className="rounded-full bg-brand px-5 py-2 font-semibold text-white">
      Print the poster
    </button>
  );
}
