import { describe, expect, it } from 'vitest';
import { hasLocaleCookie, localeCookie, rememberLocale } from './locale-cookie';

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
