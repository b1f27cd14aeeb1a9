// The coaching page's form names and queries, shared by the page and its action (which the browser never loads).
export const BOOK_FORM = 'book';
export const RESCHEDULE_FORM = 'reschedule';
export const CANCEL_FORM = 'cancel';
export const COACHING_FORMS = [BOOK_FORM, RESCHEDULE_FORM, CANCEL_FORM] as const;
/** The query that asks the page for a new time for one session: set by its Reschedule link, which works without script. */
export const RESCHEDULE_QUERY = 'reschedule';
