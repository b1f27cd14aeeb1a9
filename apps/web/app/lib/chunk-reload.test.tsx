import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, installChunkReload, isChunkLoadError, reloadOnce, shouldReload } from './chunk-reload';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('chunk reload guard', () => {
  it('knows a failed chunk from other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/quiz-abc.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads the first time, then not again within 60 000 ms', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce(storage, reload, 1_000_000)).toBe(true);
    expect(reloadOnce(storage, reload, 1_000_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once the minute has passed', () => {
    const storage = memoryStorage({ 'shop.chunkReloadAt': '1000' });
    const reload = vi.fn();
    expect(reloadOnce(storage, reload, 1000 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('treats a garbled saved time as no reload yet', () => {
    expect(shouldReload(Number('garbage'), 5)).toBe(true);
    expect(shouldReload(null, 5)).toBe(true);
  });

  it('reloads for a failed chunk online, and leaves the page as it is offline', () => {
    for (const onLine of [true, false]) {
      const target = new EventTarget();
      const reload = vi.fn();
      const win = {
        addEventListener: target.addEventListener.bind(target),
        removeEventListener: target.removeEventListener.bind(target),
        localStorage: memoryStorage() as unknown as Storage,
        location: { reload } as unknown as Location,
        navigator: { onLine } as Navigator,
      };
      const uninstall = installChunkReload(win);
      target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
      uninstall();
      expect(reload, onLine ? 'online' : 'offline').toHaveBeenCalledTimes(onLine ? 1 : 0);
    }
  });
});
