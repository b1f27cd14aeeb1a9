import type { Point } from '@shop/core';

/** A grid of titled points (features, reasons, values) under one heading. */
export function Points({
  points,
  heading,
  id,
  numbered = false,
}: {
  points: readonly Point[];
  heading: string;
  id: string;
  numbered?: boolean;
}) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-14">
      <h2 id={id} className="text-3xl font-bold">
        {heading}
      </h2>
      <List className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {points.map((point, index) => (
          <li key={point.title} className="rounded-2xl bg-white p-6 shadow-sm">
            {numbered ? <p className="text-sm font-bold text-brand">Step {index + 1}</p> : null}
            <h3 className="mt-1 text-xl font-semibold">{point.title}</h3>
            <p className="mt-2 text-muted">{point.text}</p>
          </li>
        ))}
      </List>
    </section>
  );
}
