import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and until React runs in the browser. A control that only its script
 * can carry out (the console's actions, which have no route action yet) stays disabled until then,
 * so an early click cannot send its form to a page that does not take it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
