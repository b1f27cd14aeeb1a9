import { calendarShortDay } from '../../lib/dates';
// The program pages' form names and shared words, for the pages and their actions (which the browser never loads).

/** The shopping list's page: "E-mail me this list". */
export const EMAIL_LIST_FORM = 'email-shopping-list';

/** Where a week's printable shopping list lives. */
export const shoppingListPath = (week: number) => `/account/program/shopping-list/${week}`;

/** A week's days for people: "Mar 10 – Mar 16". */
export function weekSpan({ startsOn, endsOn }: { startsOn: string; endsOn: string }): string {
  return `${calendarShortDay(startsOn)} – ${calendarShortDay(endsOn)}`;
}
