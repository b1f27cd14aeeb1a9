/**
 * What runs around every statement the shop sends, given its text and never its values: tracing's
 * hook (apps/api/src/tracing). None by default, which costs one comparison per statement.
 */
export type StatementObserver = <T>(text: string, run: () => Promise<T>) => Promise<T>;

let current: StatementObserver | null = null;

/** Sets the observer of every database this process has opened or opens (null: none). */
export function observeStatements(observer: StatementObserver | null): void {
  current = observer;
}

/** Runs `run`, the statement `text`, inside the observer when there is one. */
export function observed<T>(text: string, run: () => Promise<T>): Promise<T> {
  return current ? current(text, run) : run();
}

export function observing(): boolean {
  return current !== null;
}
