import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and until React runs in the browser: a page draws the controls only
 * its script can carry out (the gift chooser's instant choices) once it runs, and the form that
 * works without it before (or instead).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
