import { describe, expect, it, vi } from 'vitest';
import { hasLocaleCookie, localeCookie, rememberLocale, rememberLocaleSoon } from './locale-cookie';

describe('locale cookie', () => {
  it('lasts 365 days on the whole site', () => {
    expect(localeCookie()).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('is set once and left alone when present', () => {
    const doc = { cookie: 'exp=1.0-1' };
    rememberLocale(doc);
    expect(doc.cookie).toBe(localeCookie());
    const present = { cookie: 'exp=1.0-1; i18n_redirected=en' };
    rememberLocale(present);
    expect(present.cookie).toBe('exp=1.0-1; i18n_redirected=en');
    expect(hasLocaleCookie('i18n_redirected=english')).toBe(false);
  });
});

describe('locale cookie, set without holding up the page', () => {
  it('asks the Cookie Store API, and sets the cookie only when it is missing', async () => {
    const set = vi.fn(async () => undefined);
    const store = (value?: string) => ({ get: vi.fn(async () => (value ? { name: 'i18n_redirected', value } : null)), set });
    const doc = { cookie: '' };
    rememberLocaleSoon({ document: doc as Document, setTimeout: vi.fn() as never, cookieStore: store() as never });
    await vi.waitFor(() => expect(set).toHaveBeenCalledOnce());
    expect(set.mock.calls[0]).toMatchObject([{ name: 'i18n_redirected', value: 'en', path: '/', sameSite: 'lax' }]);
    rememberLocaleSoon({ document: doc as Document, setTimeout: vi.fn() as never, cookieStore: store('en') as never });
    await new Promise((done) => setTimeout(done, 0));
    expect(set).toHaveBeenCalledOnce();
    // document.cookie was not read
    expect(doc.cookie).toBe('');
  });

  it('without the Cookie Store API, sets it through document.cookie a moment later', () => {
    const doc = { cookie: '' };
    const later = vi.fn((run: () => void) => run());
    rememberLocaleSoon({ document: doc as Document, setTimeout: later as never });
    expect(later).toHaveBeenCalledOnce();
    expect(doc.cookie).toBe(localeCookie());
  });
});
