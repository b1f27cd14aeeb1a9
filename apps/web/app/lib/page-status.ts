/**
 * The specification's page-level states (§4): whether the browser is online, and how many requests
 * the page is waiting for. A visitor who loses the connection is told so at once, rather than
 * meeting a form that fails; a request that takes a while shows a thin bar at the top of the page.
 *
 * Plain DOM, loaded once the page is alive (root.tsx): no page waits for it and it adds nothing to
 * the JavaScript a page needs before it can be used (decision record 0033).
 */

export const OFFLINE_MESSAGE = 'You are offline. The page will carry on once your connection is back.';

/** The custom property on the root that holds the offline banner's height while it shows. */
export const BANNER_HEIGHT = '--page-banner-height';

/** A request that answers sooner shows no bar: a bar that flickers says nothing. */
export const BUSY_BAR_DELAY_MS = 300;

export interface PageStatus {
  online: boolean;
  /** requests sent and not yet answered (API calls and the router's data requests alike) */
  fetching: number;
}

/** What the page shows for a status: the banner's text (empty when online) and whether the bar shows. */
export function describeStatus(status: PageStatus, waitedMs: number): { banner: string; busyBar: boolean } {
  return { banner: status.online ? '' : OFFLINE_MESSAGE, busyBar: status.fetching > 0 && waitedMs >= BUSY_BAR_DELAY_MS };
}

type StatusWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout' | 'fetch'> & {
  document: Document;
  navigator: Pick<Navigator, 'onLine'>;
};

/**
 * Counts the page's requests (by wrapping `fetch`, which the API client and the router both use)
 * and follows the browser's online and offline events. The root element carries the state as
 * `data-online` and `data-fetching` for tests and styles; the banner is a polite live region, so a
 * screen reader hears it too. Returns the function that undoes it all.
 */
export function installPageStatus(win: StatusWindow = window): () => void {
  const { document } = win;
  const root = document.documentElement;
  const status: PageStatus = { online: win.navigator.onLine, fetching: 0 };

  // The banner is the body's first child and takes its own place in the flow, pushing the page
  // down, and sticks to the top once scrolled: it never lies over the focused element (WCAG
  // 2.4.11). Its height, as `--page-banner-height` on the root, moves the skip link below it and
  // keeps what the browser scrolls into view out from under it (app.css, root.tsx).
  const banner = document.createElement('div');
  banner.id = 'page-connection';
  banner.setAttribute('role', 'status');
  banner.className = 'sticky top-0 z-50 bg-ink px-4 py-2 text-center text-sm text-white empty:hidden';
  const bar = document.createElement('div');
  bar.id = 'page-busy';
  bar.setAttribute('aria-hidden', 'true');
  bar.className = 'fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand';
  bar.hidden = true;
  document.body.prepend(banner);
  document.body.append(bar);

  let busySince = 0;
  let barTimer: number | undefined;
  function render() {
    const shown = describeStatus(status, busySince ? Date.now() - busySince : 0);
    if (banner.textContent !== shown.banner) banner.textContent = shown.banner;
    if (shown.banner) root.style.setProperty(BANNER_HEIGHT, `${banner.offsetHeight}px`);
    else root.style.removeProperty(BANNER_HEIGHT);
    bar.hidden = !shown.busyBar;
    root.dataset.online = String(status.online);
    if (status.fetching > 0) root.dataset.fetching = String(status.fetching);
    else delete root.dataset.fetching;
  }
  function requestStarted() {
    if (status.fetching++ === 0) {
      busySince = Date.now();
      barTimer = win.setTimeout(render, BUSY_BAR_DELAY_MS);
    }
    render();
  }
  function requestEnded() {
    if (--status.fetching === 0) {
      busySince = 0;
      win.clearTimeout(barTimer);
    }
    render();
  }

  const originalFetch = win.fetch;
  const countedFetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
    requestStarted();
    let answer: Promise<Response>;
    try {
      answer = originalFetch.apply(this, args);
    } catch (error) {
      requestEnded();
      throw error;
    }
    return answer.finally(requestEnded);
  } as typeof fetch;
  win.fetch = countedFetch;

  const onOnline = () => {
    status.online = true;
    render();
  };
  const onOffline = () => {
    status.online = false;
    render();
  };
  win.addEventListener('online', onOnline);
  win.addEventListener('offline', onOffline);
  // a narrower window wraps the banner's words onto more lines
  win.addEventListener('resize', render);
  render();

  return () => {
    win.removeEventListener('online', onOnline);
    win.removeEventListener('offline', onOffline);
    win.removeEventListener('resize', render);
    win.clearTimeout(barTimer);
    // a wrapper someone put over ours later stays, and keeps counting into nothing
    if (win.fetch === countedFetch) win.fetch = originalFetch;
    banner.remove();
    bar.remove();
    root.style.removeProperty(BANNER_HEIGHT);
    delete root.dataset.online;
    delete root.dataset.fetching;
  };
}
