import { rememberLocaleSoon } from './locale-cookie';
import { installPageStatus } from './page-status';

let alive = false;

/**
 * What every page does once it is alive and nothing on it waits for: root.tsx loads this module
 * after hydrating, so none of it is in the JavaScript a page needs before it can be used
 * (decision records 0011, 0033). It lasts as long as the page; asked twice (React runs an effect
 * twice in development), it does it once.
 */
export function pageAlive(): void {
  if (alive) return;
  alive = true;
  rememberLocaleSoon();
  installPageStatus();
}
