import { Link } from 'react-router';
import type { AreaCardsData } from './area-cards.data';
import { AreaIcon } from './illustrations';

/** The 2-month programs by area, each linking to its testing-plan page. */
export function AreaCards({ data, id = 'programs' }: { data: AreaCardsData; id?: string }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-14">
      <h2 id={id} className="text-3xl font-bold">
        {data.programMonths}-month programs by area
      </h2>
      <p className="mt-3 max-w-2xl text-muted">
        Each program starts with a test from {data.starterPrice} and follows your results for {data.programMonths} months.
      </p>
      <ul className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-5">
        {data.cards.map((area) => (
          <li key={area.slug}>
            <Link
              to={`/goal/${area.slug}`}
              className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm hover:ring-2 hover:ring-brand"
            >
              <AreaIcon area={area.slug} />
              <h3 className="mt-3 text-lg font-semibold">{area.name}</h3>
              <p className="mt-1 flex-1 text-sm text-muted">{area.description}</p>
              <p className="mt-3 text-sm font-semibold text-brand-dark">{area.tests}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
