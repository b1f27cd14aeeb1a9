/** The specification's guard (§4, §8): a failed code chunk reloads the page at most once per minute. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const STORAGE_KEY = 'shop.chunkReloadAt';

/** Whether an error is a code chunk that could not be fetched (a deploy replaced it, or the network failed). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

/**
 * Reloads the page unless it was reloaded for the same reason less than a minute ago; the time
 * is kept in localStorage so the guard holds across the reload itself.
 */
export function reloadOnce(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void, now: number = Date.now()): boolean {
  let last: number | null = null;
  try {
    const saved = storage.getItem(STORAGE_KEY);
    last = saved === null ? null : Number(saved);
  } catch {
    // storage can be blocked; then the page reloads once and the browser's own state decides
  }
  if (!shouldReload(last, now)) return false;
  try {
    storage.setItem(STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/**
 * Listens for Vite's preload failure event: a chunk the next page needs did not arrive. Offline,
 * the page stays: a reload could only show the browser's own offline error, and a chunk that a
 * link's prefetch asked for (on hover or focus) is fetched again at the next navigation.
 */
export function installChunkReload(
  win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'localStorage' | 'location' | 'navigator'> = window,
): () => void {
  const onPreloadError = (event: Event) => {
    if (!win.navigator.onLine) return;
    if (reloadOnce(win.localStorage, () => win.location.reload())) event.preventDefault();
  };
  win.addEventListener('vite:preloadError', onPreloadError);
  return () => win.removeEventListener('vite:preloadError', onPreloadError);
}
