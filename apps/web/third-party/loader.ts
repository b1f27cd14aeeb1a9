/**
 * The browser's side of the third-party scripts (docs/experiments-and-analytics.md). The
 * server puts this module on a marketing page only when at least one integration is configured;
 * otherwise no page carries it, and no page's JavaScript knows of it.
 *
 * It asks for consent with a banner and remembers the answer in a first-party cookie; it loads the
 * configured scripts only once the visitor accepts, and only while the page is a marketing page;
 * it tells them only what `sanitiseEvent` lets through. A third-party script cannot be unloaded, so
 * a visit that leaves the marketing pages does so by loading the next page afresh, which then has
 * no third-party script at all.
 */
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  consentFrom,
  GPC_HONOURED_TEXT,
  integrationNames,
  isMarketingPage,
  needsConsent,
  productKindOf,
  sanitiseEvent,
  type ConsentChoice,
  type ThirdPartyEvent,
  type ThirdPartyScripts,
} from '@shop/core/third-party';

declare global {
  interface Navigator {
    /** Global Privacy Control, where the browser exposes it */
    globalPrivacyControl?: boolean;
  }
  interface Window {
    /** where tag managers and advertising scripts read a page's events */
    dataLayer?: unknown[];
  }
}

const BANNER_ID = 'cookie-consent';
const SETTINGS_ID = 'cookie-settings';

function start(scripts: ThirdPartyScripts, gpc: boolean): void {
  const configured = integrationNames.filter((name) => scripts[name]);
  if (configured.length === 0 || !isMarketingPage(location.pathname)) return;
  // Global Privacy Control refuses every script, whatever was answered before: nothing loads, the
  // banner (once, and from the cookie settings) says the signal was honoured
  if (gpc) {
    afterHydration(() => {
      const honoured = () =>
        showGpcNotice(() => {
          rememberChoice('denied');
          hideBanner();
        });
      addSettingsLink(honoured);
      if (consentFrom(document.cookie) === null) honoured();
    });
    return;
  }
  let loaded = false;
  let lastPath = location.pathname;

  // only while the banner shows or the scripts run: a visitor who declined browses as without them
  guardNavigation(
    () => loaded || document.getElementById(BANNER_ID) !== null,
    () => {
      if (location.pathname === lastPath) return;
      lastPath = location.pathname;
      if (!isMarketingPage(location.pathname)) {
        document.getElementById(SETTINGS_ID)?.remove();
        return;
      }
      ensureSettingsLink();
      if (loaded) send({ event: 'page_view', path: location.pathname });
    },
  );

  const load = () => {
    if (loaded || !isMarketingPage(location.pathname)) return;
    loaded = true;
    window.dataLayer ??= [];
    watchCart();
    for (const name of configured) {
      const script = document.createElement('script');
      script.src = scripts[name]!;
      script.async = true;
      // the vendor learns no address of the shop's from the request for its script
      script.referrerPolicy = 'no-referrer';
      document.head.append(script);
    }
    send({ event: 'page_view', path: location.pathname });
  };

  const choose = (choice: ConsentChoice) => {
    rememberChoice(choice);
    hideBanner();
    if (choice === 'granted') load();
    // what has loaded cannot be stopped: the page starts again without it
    else if (loaded) location.reload();
  };

  const ensureSettingsLink = () =>
    addSettingsLink(() => {
      if (isMarketingPage(location.pathname)) showBanner(choose, true);
    });

  const begin = () => {
    if (!isMarketingPage(location.pathname)) return;
    ensureSettingsLink();
    const answer = consentFrom(document.cookie);
    if (answer === 'granted' || !configured.some((name) => needsConsent[name])) load();
    else if (answer === null) showBanner(choose, false);
  };
  afterHydration(begin);
}

/** Remembers the visitor's answer in the first-party cookie. */
function rememberChoice(choice: ConsentChoice): void {
  const secure = location.protocol === 'https:' ? ';secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${choice};max-age=${CONSENT_MAX_AGE_SECONDS};path=/;samesite=lax${secure}`;
}

/** The footer's "Cookie settings" button, beside the privacy policy's link, once. */
function addSettingsLink(open: () => void): void {
  if (document.getElementById(SETTINGS_ID)) return;
  const privacy = document.querySelector('footer a[href="/privacy-policy"]');
  if (!privacy?.parentElement) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.id = SETTINGS_ID;
  button.className = privacy.className;
  button.textContent = 'Cookie settings';
  button.addEventListener('click', open);
  privacy.parentElement.append(button);
}

/** The only way an event reaches a third party: as the allow-list rebuilds it, or not at all. */
function send(event: ThirdPartyEvent): void {
  const clean = sanitiseEvent(event);
  if (clean && isMarketingPage(location.pathname)) window.dataLayer?.push(clean);
}

/**
 * Leaving the marketing pages loads the next page from the server instead of drawing it here, where
 * the third-party scripts (and the banner) would still run: a link is followed as a plain link, and
 * any other change of address to such a page (a form's redirect, the back button) does the same.
 */
function guardNavigation(active: () => boolean, onNavigate: () => void): void {
  const leaves = (url: URL) => active() && url.origin === location.origin && !isMarketingPage(url.pathname);
  addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, location.href);
      if (!leaves(url)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      location.assign(url.href);
    },
    { capture: true },
  );
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
      if (url != null) {
        const next = new URL(url, location.href);
        if (leaves(next)) {
          location[method === 'pushState' ? 'assign' : 'replace'](next.href);
          return;
        }
      }
      original(data, unused, url);
      onNavigate();
    };
  }
  addEventListener('popstate', () => {
    if (active() && !isMarketingPage(location.pathname)) location.reload();
    else onNavigate();
  });
}

/** An addition to the cart made on this page, told by the kind of product alone. */
function watchCart(): void {
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = init?.body;
    if (
      response.ok &&
      typeof body === 'string' &&
      init?.method?.toUpperCase() === 'POST' &&
      new URL(url, location.href).pathname === '/api/cart/items'
    ) {
      try {
        const kind = productKindOf((JSON.parse(body) as { productCode?: unknown }).productCode);
        if (kind) send({ event: 'add_to_cart', productType: kind });
      } catch {
        // a body that is not the JSON of an addition tells nothing
      }
    }
    return response;
  };
}

/**
 * Runs `then` once React has hydrated the page (its nodes carry React's keys), so that nothing this
 * module adds meets the server's markup while it is being hydrated.
 */
function afterHydration(then: () => void, tries = 0): void {
  const footer = document.querySelector('footer') ?? document.body.firstElementChild;
  const hydrated = footer !== null && Object.keys(footer).some((key) => key.startsWith('__react'));
  if (hydrated || tries > 200) then();
  else setTimeout(() => afterHydration(then, tries + 1), 50);
}

function hideBanner(): void {
  document.getElementById(BANNER_ID)?.remove();
}

/** The banner that tells a browser with Global Privacy Control that no script loads, with one button to close it. */
function showGpcNotice(close: () => void): void {
  const { banner, actions } = bannerFrame(GPC_HONOURED_TEXT);
  actions.append(bannerButton('OK', true, close));
  document.body.append(banner);
}

/** The consent banner: a region with a heading and two buttons, at the foot of the window. */
function showBanner(choose: (choice: ConsentChoice) => void, focus: boolean): void {
  const { banner, heading, actions } = bannerFrame(
    'May we use analytics and advertising cookies on our marketing pages? They are told which of those pages you view and what kind of product you add to your cart, never your goals, tests or results.',
  );
  actions.append(
    bannerButton('Accept', true, () => choose('granted')),
    bannerButton('Decline', false, () => choose('denied')),
  );
  document.body.append(banner);
  if (focus) heading.focus();
}

/** The banner's region, heading, words and an empty row for its buttons, at the foot of the window. */
function bannerFrame(words: string): { banner: HTMLElement; heading: HTMLElement; actions: HTMLElement } {
  hideBanner();
  const banner = document.createElement('section');
  banner.id = BANNER_ID;
  banner.setAttribute('aria-labelledby', `${BANNER_ID}-heading`);
  Object.assign(banner.style, {
    position: 'fixed',
    insetInline: '0.75rem',
    bottom: '0.75rem',
    zIndex: '60',
    maxWidth: '32rem',
    marginInline: 'auto',
    padding: '1rem',
    background: '#ffffff',
    color: '#111827',
    border: '1px solid #d1d5db',
    borderRadius: '0.75rem',
    boxShadow: '0 10px 25px rgb(0 0 0 / 0.15)',
    fontSize: '0.875rem',
    lineHeight: '1.4',
  });
  const heading = document.createElement('h2');
  heading.id = `${BANNER_ID}-heading`;
  heading.textContent = 'Cookies';
  heading.tabIndex = -1;
  Object.assign(heading.style, { fontWeight: '600', fontSize: '1rem', margin: '0 0 0.25rem' });
  const text = document.createElement('p');
  text.textContent = words;
  text.style.margin = '0 0 0.75rem';
  const actions = document.createElement('div');
  Object.assign(actions.style, { display: 'flex', gap: '0.5rem', flexWrap: 'wrap' });
  banner.append(heading, text, actions);
  return { banner, heading, actions };
}

function bannerButton(label: string, primary: boolean, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  Object.assign(element.style, {
    minHeight: '2.75rem',
    padding: '0 1.25rem',
    borderRadius: '9999px',
    fontWeight: '600',
    cursor: 'pointer',
    border: '1px solid #111827',
    background: primary ? '#111827' : '#ffffff',
    color: primary ? '#ffffff' : '#111827',
  });
  element.addEventListener('click', onClick);
  return element;
}

// the server's inline script adds this module with the configured scripts beside it
const element = document.querySelector<HTMLScriptElement>('script[data-third-party-scripts]');
if (element?.dataset.thirdPartyScripts)
  start(
    JSON.parse(element.dataset.thirdPartyScripts) as ThirdPartyScripts,
    element.dataset.gpc === '1' || navigator.globalPrivacyControl === true,
  );
