import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and until React runs in the browser. A lead form is sent by script:
 * before hydration its button stays disabled, so an early click cannot submit the form natively
 * (which would put the visitor's e-mail in the address bar).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
