import { afterEach, describe, expect, it, vi } from 'vitest';
import { BANNER_HEIGHT, BUSY_BAR_DELAY_MS, OFFLINE_MESSAGE, describeStatus, installPageStatus } from './page-status';

interface FakeElement {
  id: string;
  attributes: Record<string, string>;
  className: string;
  hidden: boolean;
  textContent: string;
  offsetHeight: number;
  removed: boolean;
}

/** A window with just what the status needs: events, timers, a fetch whose answers the test gives. */
function fakeWindow(onLine: boolean) {
  const events = new EventTarget();
  const appended: FakeElement[] = [];
  const pending: ((response: Response) => void)[] = [];
  const properties = new Map<string, string>();
  const root = {
    dataset: {} as Record<string, string>,
    style: {
      setProperty: (name: string, value: string) => properties.set(name, value),
      removeProperty: (name: string) => properties.delete(name),
    },
  };
  const fetch = vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve)));
  const win = {
    document: {
      documentElement: root,
      createElement: (): FakeElement & { setAttribute(name: string, value: string): void; remove(): void } => ({
        id: '',
        attributes: {},
        className: '',
        hidden: false,
        textContent: '',
        offsetHeight: 36,
        removed: false,
        setAttribute(name, value) {
          this.attributes[name] = value;
        },
        remove() {
          this.removed = true;
        },
      }),
      body: {
        prepend: (...elements: FakeElement[]) => appended.unshift(...elements),
        append: (...elements: FakeElement[]) => appended.push(...elements),
      },
    },
    navigator: { onLine },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    fetch,
  };
  const [banner, bar] = [() => appended[0]!, () => appended[1]!];
  return { win: win as unknown as Window, events, root, properties, fetch, pending, banner, bar };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('page status', () => {
  it('says offline only when the browser is, and shows the bar only for a request that takes a while', () => {
    expect(describeStatus({ online: true, fetching: 0 }, 0)).toEqual({ banner: '', busyBar: false });
    expect(describeStatus({ online: false, fetching: 0 }, 0)).toEqual({ banner: OFFLINE_MESSAGE, busyBar: false });
    expect(describeStatus({ online: true, fetching: 2 }, BUSY_BAR_DELAY_MS - 1).busyBar).toBe(false);
    expect(describeStatus({ online: true, fetching: 2 }, BUSY_BAR_DELAY_MS).busyBar).toBe(true);
  });

  it('follows the online and offline events in a polite live region', () => {
    const page = fakeWindow(true);
    const uninstall = installPageStatus(page.win);
    expect(page.banner().attributes.role).toBe('status');
    expect(page.banner().textContent).toBe('');
    expect(page.root.dataset.online).toBe('true');

    page.events.dispatchEvent(new Event('offline'));
    expect(page.banner().textContent).toBe(OFFLINE_MESSAGE);
    expect(page.root.dataset.online).toBe('false');
    // the banner's height, for the skip link and the scrolling to keep clear of it
    expect(page.properties.get(BANNER_HEIGHT)).toBe('36px');
    page.banner().offsetHeight = 56;
    page.events.dispatchEvent(new Event('resize'));
    expect(page.properties.get(BANNER_HEIGHT)).toBe('56px');
    page.events.dispatchEvent(new Event('online'));
    expect(page.banner().textContent).toBe('');
    expect(page.properties.has(BANNER_HEIGHT)).toBe(false);

    uninstall();
    page.events.dispatchEvent(new Event('offline'));
    expect(page.banner().textContent).toBe('');
    expect(page.banner().removed).toBe(true);
  });

  it('starts offline when the page loads without a connection', () => {
    const page = fakeWindow(false);
    installPageStatus(page.win);
    expect(page.banner().textContent).toBe(OFFLINE_MESSAGE);
  });

  it('counts the requests under way and shows the bar after the delay until the last one answers', async () => {
    vi.useFakeTimers();
    const page = fakeWindow(true);
    const uninstall = installPageStatus(page.win);
    const first = page.win.fetch('/api/cart');
    const second = page.win.fetch('/api/me');
    expect(page.fetch).toHaveBeenCalledTimes(2);
    expect(page.root.dataset.fetching).toBe('2');
    expect(page.bar().hidden).toBe(true);

    vi.advanceTimersByTime(BUSY_BAR_DELAY_MS);
    expect(page.bar().hidden).toBe(false);

    page.pending[0]!(new Response('{}'));
    await first;
    expect(page.root.dataset.fetching).toBe('1');
    expect(page.bar().hidden).toBe(false);
    page.pending[1]!(new Response('{}'));
    expect(await second).toBeInstanceOf(Response);
    expect(page.root.dataset.fetching).toBeUndefined();
    expect(page.bar().hidden).toBe(true);

    uninstall();
    expect((page.win as { fetch: unknown }).fetch).toBe(page.fetch);
  });

  it('counts a request that fails as answered, and passes its error on', async () => {
    const page = fakeWindow(true);
    installPageStatus(page.win);
    page.fetch.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(page.win.fetch('/api/cart')).rejects.toThrow('Failed to fetch');
    expect(page.root.dataset.fetching).toBeUndefined();
  });
});
