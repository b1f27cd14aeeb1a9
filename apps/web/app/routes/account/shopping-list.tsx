import { isApiError } from '@shop/client/errors';
import { Link, redirect } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { serverApi } from '../../lib/api';
import { isUnauthenticated, pageNotFound } from '../../lib/errors';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { useHydrated } from '../../lib/use-hydrated';
import { EMAIL_LIST_FORM, shoppingListPath, weekSpan } from './program-forms';
import { shoppingListAction } from './shopping-list.server';
import type { Route } from './+types/shopping-list';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const week = Number(params.week);
  try {
    const program = await serverApi(request, context).program();
    const list = program.shoppingLists.find((entry) => entry.week === week);
    const span = program.timeline.weeks.find((entry) => entry.week === week);
    if (!list || !span) pageNotFound();
    return { list, span, weeks: program.shoppingLists.length, current: program.timeline.week };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(new URL(request.url).pathname)}`);
    // no program running: its page says when it starts
    if (isApiError(error) && error.status === 404) throw redirect('/account/program');
    throw error;
  }
}

/** "E-mail me this list" is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return shoppingListAction(args);
}

export const meta = ({ params }: Route.MetaArgs) => [{ title: `Week ${params.week} shopping list | Base` }];

/** One week's shopping list, made to be printed (the site's header and footer and the controls stay off paper) or e-mailed. */
export default function ShoppingList({ loaderData }: Route.ComponentProps) {
  const { list, span, weeks, current } = loaderData;
  const hydrated = useHydrated();
  const email = useActionForm<FormAnswer>(EMAIL_LIST_FORM);
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 print:max-w-none print:p-0">
      <p className="text-sm font-semibold print:hidden">
        <Link to="/account/program" className="text-brand underline">
          Your Improvement Program
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Week {list.week} shopping list</h1>
      <p className="mt-1 text-muted">
        {weekSpan(span)}
        {list.week === current ? ' · this week' : ''} · the foods your plan favours
      </p>

      <div className="mt-6 print:hidden">
        <div className="flex flex-wrap items-center gap-3">
          {hydrated ? (
            <Button type="button" variant="secondary" onClick={() => window.print()}>
              Print
            </Button>
          ) : (
            <p className="text-sm text-muted">To print this list, use your browser’s Print command.</p>
          )}
          <email.fetcher.Form method="post" aria-label="E-mail me this list">
            <input type="hidden" name="_form" value={EMAIL_LIST_FORM} />
            <Button type="submit" pending={email.pending} pendingLabel="Sending…">
              E-mail me this list
            </Button>
          </email.fetcher.Form>
        </div>
        <div aria-live="polite" className="mt-4 empty:hidden">
          {email.answer?.message ? <Alert tone={email.answer.ok ? 'info' : 'error'}>{email.answer.message}</Alert> : null}
        </div>
      </div>

      {list.groups.length === 0 ? (
        <p className="mt-8">Nothing to buy this week.</p>
      ) : (
        <div className="mt-8 grid gap-6 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2 print:mt-4 print:block print:p-0 print:shadow-none">
          {list.groups.map((group) => (
            <section key={group.category} aria-labelledby={`aisle-${group.category}`} className="break-inside-avoid print:mb-4">
              <h2 id={`aisle-${group.category}`} className="text-lg font-bold">
                {group.label}
              </h2>
              <ul className="mt-2 space-y-1.5">
                {group.items.map((item) => (
                  <li key={item.id} className="flex items-center gap-3">
                    <span aria-hidden="true" className="inline-block h-4 w-4 shrink-0 rounded border-2 border-ink/60" />
                    {item.name}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}

      <nav aria-label="Other weeks" className="mt-8 flex flex-wrap justify-between gap-3 print:hidden">
        {list.week > 1 ? (
          <Link to={shoppingListPath(list.week - 1)} className="font-semibold text-brand underline">
            ← Week {list.week - 1}
          </Link>
        ) : (
          <span />
        )}
        {list.week < weeks ? (
          <Link to={shoppingListPath(list.week + 1)} className="font-semibold text-brand underline">
            Week {list.week + 1} →
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
