import { Link, redirect } from 'react-router';
import { FOOD_LOG_DAYS_BACK, mealLabels, meals } from '@shop/core';
import type { FoodLog, MealPlan } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { serverApi } from '../../lib/api';
import { isUnauthenticated } from '../../lib/errors';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { LOG_FOOD_FORM, REMOVE_FOOD_FORM } from '../../components/account/forms';
import { dailyAction } from './daily.server';
import type { Route } from './+types/daily';
import { calendarLongWeekday } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const api = serverApi(request, context);
    const [foodLog, mealPlan] = await Promise.all([api.foodLog(), api.mealPlan()]);
    return { foodLog, mealPlan };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect('/sign-in?next=/account/daily');
    // not a member (or no longer): the page says what Base Daily is and where to join
    if (isApiError(error) && error.status === 403) return { foodLog: null, mealPlan: null };
    throw error;
  }
}

/** Logging a meal and removing one are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return dailyAction(args);
}

export const meta = () => [{ title: 'Base Daily | Base' }];

const dayLabel = (day: string, today: string) => (day === today ? 'Today' : calendarLongWeekday(day));

/** The member's Base Daily: their food log and the marketplace; for anyone else, what it is and where to join. */
export default function Daily({ loaderData }: Route.ComponentProps) {
  const { foodLog, mealPlan } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm font-semibold text-brand">
        <Link to="/account" className="underline">
          My account
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Base Daily</h1>
      {foodLog && mealPlan ? <MemberPages foodLog={foodLog} mealPlan={mealPlan} /> : <NotAMember />}
    </section>
  );
}

function NotAMember() {
  return (
    <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
      <p>The food log and daily meal plans are part of Base Daily, with 5% off tests, for $9.95 a month.</p>
      <Link to="/base-daily" className="mt-4 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark">
        See Base Daily
      </Link>
    </div>
  );
}

const planBasis: Record<MealPlan['basis'], string> = {
  results: 'Chosen for your latest results.',
  goal: 'Chosen for the goal of your quiz.',
  general: 'Balanced everyday meals: once your results are in, they are chosen for them.',
};

function MemberPages({ foodLog, mealPlan }: { foodLog: FoodLog; mealPlan: MealPlan }) {
  return (
    <>
      <p className="mt-2 text-muted">Your membership: daily meal plans, your food log, the products marketplace and 5% off tests.</p>
      <section aria-labelledby="meals-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="meals-title" className="text-xl font-bold">
          Today’s meals
        </h2>
        <p className="mt-1 text-sm text-muted">
          Day {mealPlan.day} of your membership. {planBasis[mealPlan.basis]}
        </p>
        <dl className="mt-4 space-y-3">
          {mealPlan.meals.map((meal) => (
            <div key={meal.slot}>
              <dt className="text-sm font-semibold text-brand-dark">{meal.label}</dt>
              <dd>
                {meal.name}
                {meal.favoured.length > 0 ? <span className="block text-sm text-muted">With {meal.favoured.join(', ')}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-muted">{mealPlan.note}</p>
      </section>
      <FoodLogSection foodLog={foodLog} />
      <section aria-labelledby="marketplace-title" className="mt-10 rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="marketplace-title" className="text-xl font-bold">
          Products marketplace
        </h2>
        <p className="mt-2 text-muted">
          Tests at your member price, the foods of your plan and the supplements to discuss with your clinician.
        </p>
        <Link to="/account/daily/marketplace" className="mt-3 inline-block font-semibold text-brand underline">
          Open the marketplace
        </Link>
      </section>
    </>
  );
}

function FoodLogSection({ foodLog }: { foodLog: FoodLog }) {
  const log = useActionForm<FormAnswer>(LOG_FOOD_FORM, (_answer, form) => {
    const food = form.elements.namedItem('food');
    if (food instanceof HTMLInputElement) food.value = '';
  });
  const remove = useActionForm<FormAnswer>(REMOVE_FOOD_FORM);
  const said = remove.answer ?? log.answer;
  return (
    <section aria-labelledby="food-log-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="food-log-title" className="text-xl font-bold">
        Food log
      </h2>
      <p className="mt-1 text-sm text-muted">What you ate, meal by meal. You can log today or any of the last {FOOD_LOG_DAYS_BACK} days.</p>
      <log.fetcher.Form ref={log.formRef} method="post" noValidate className="mt-5 grid gap-4 sm:grid-cols-6" aria-label="Log a meal">
        <input type="hidden" name="_form" value={LOG_FOOD_FORM} />
        <Field
          className="sm:col-span-2"
          label="Day"
          name="day"
          type="date"
          min={foodLog.earliest}
          max={foodLog.today}
          defaultValue={log.values.day ?? foodLog.today}
          error={log.errors.day}
        />
        <div className="sm:col-span-2">
          <label htmlFor="meal" className="block text-sm font-semibold">
            Meal
          </label>
          <select
            id="meal"
            name="meal"
            defaultValue={log.values.meal ?? 'breakfast'}
            aria-invalid={log.errors.meal ? true : undefined}
            aria-describedby={log.errors.meal ? 'meal-error' : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
          >
            {meals.map((meal) => (
              <option key={meal} value={meal}>
                {mealLabels[meal]}
              </option>
            ))}
          </select>
          {log.errors.meal ? (
            <p id="meal-error" className="mt-1 text-sm font-medium text-danger">
              {log.errors.meal}
            </p>
          ) : null}
        </div>
        <Field
          className="sm:col-span-6"
          label="What you ate"
          name="food"
          maxLength={200}
          defaultValue={log.values.food}
          placeholder="Oats with berries and yogurt"
          error={log.errors.food}
        />
        <div className="sm:col-span-6">
          <Button type="submit" pending={log.pending} pendingLabel="Saving…">
            Log it
          </Button>
        </div>
      </log.fetcher.Form>
      <div aria-live="polite" className="mt-4">
        {said?.message ? <Alert tone={said.ok ? 'info' : 'error'}>{said.message}</Alert> : null}
      </div>
      {foodLog.days.length === 0 ? (
        <p className="mt-6 text-muted">Nothing logged in the last 7 days yet.</p>
      ) : (
        <div className="mt-6 space-y-5">
          {foodLog.days.map(({ day, entries }) => (
            <section key={day} aria-label={dayLabel(day, foodLog.today)}>
              <h3 className="font-semibold">{dayLabel(day, foodLog.today)}</h3>
              <ul className="mt-2 divide-y divide-slate-100">
                {entries.map((entry) => (
                  <li key={entry.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <span>
                      <span className="font-medium">{entry.mealLabel}:</span> {entry.food}
                    </span>
                    <remove.fetcher.Form method="post">
                      <input type="hidden" name="_form" value={REMOVE_FOOD_FORM} />
                      <input type="hidden" name="entry" value={entry.id} />
                      <Button
                        type="submit"
                        variant="secondary"
                        className="px-3 py-1 text-sm"
                        aria-label={`Remove ${entry.mealLabel}: ${entry.food}`}
                      >
                        Remove
                      </Button>
                    </remove.fetcher.Form>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
