import { describe, expect, it } from 'vitest';
import { goals } from '../catalog/goals.ts';
import { productCodes } from '../catalog/products.ts';
import { consentFrom } from './integrations.ts';
import { isMarketingPage, marketingPagePath } from './marketing-pages.ts';
import { productKindOf, sanitiseEvent } from './events.ts';

describe('the marketing pages a third-party script may run on', () => {
  it('are the storefront pages that say nothing of anyone, by path alone', () => {
    expect(marketingPagePath('/')).toBe('/');
    expect(marketingPagePath('/?utm_source=x&email=a%40b.c')).toBe('/');
    expect(marketingPagePath('/how-it-works/')).toBe('/how-it-works');
    expect(marketingPagePath('/gifts#top')).toBe('/gifts');
  });

  it.each([
    '/account',
    '/account/results',
    '/account/orders/1',
    '/account/medical-profile',
    '/results',
    '/quiz',
    '/quiz-b',
    '/quiz-results',
    '/quiz-results-b',
    '/quiz-results/anxiety-depression',
    '/checkout-payment',
    '/checkout-improvement-program',
    '/successful-payment',
    '/collection',
    '/console',
    '/admin/experiments',
    '/goal/fatigue',
    '/test/vitamin-d',
    '/food-allergy',
    '/blog/some-article',
    '/contact',
    '/sign-in',
    '//evil.example/',
    'https://evil.example/',
    '',
  ])('%s is not one', (path) => {
    expect(isMarketingPage(path)).toBe(false);
  });

  it('name no goal in their paths', () => {
    for (const goal of goals) expect(marketingPagePath(`/goal/${goal.slug}`)).toBeNull();
  });
});

describe('an event for a third party', () => {
  it('keeps a page view of a marketing page, its path only', () => {
    expect(sanitiseEvent({ event: 'page_view', path: '/base-daily?email=a@b.c#x', title: 'Base Daily' })).toEqual({
      event: 'page_view',
      path: '/base-daily',
    });
  });

  it('drops a page view of any other page', () => {
    expect(sanitiseEvent({ event: 'page_view', path: '/quiz-results/anxiety-depression' })).toBeNull();
    expect(sanitiseEvent({ event: 'page_view', path: '/test/vitamin-d' })).toBeNull();
    expect(sanitiseEvent({ event: 'page_view' })).toBeNull();
  });

  it('keeps an addition to the cart by the kind of product and nothing else', () => {
    expect(sanitiseEvent({ event: 'add_to_cart', productType: 'test', test: 'Vitamin D Test', goal: 'fatigue' })).toEqual({
      event: 'add_to_cart',
      productType: 'test',
    });
    expect(sanitiseEvent({ event: 'add_to_cart', productType: 'Vitamin D Test' })).toBeNull();
    expect(sanitiseEvent({ event: 'add_to_cart', productType: 'base-quiz' })).toBeNull();
  });

  it('keeps a purchase by its value in cents', () => {
    expect(sanitiseEvent({ event: 'purchase', valueCents: 7995, email: 'ann@example.com', items: ['base-quiz'] })).toEqual({
      event: 'purchase',
      valueCents: 7995,
      currency: 'USD',
    });
    for (const valueCents of [79.95, -1, Number.NaN, '7995', 1e12]) expect(sanitiseEvent({ event: 'purchase', valueCents })).toBeNull();
  });

  it('drops every other shape', () => {
    for (const input of [
      null,
      undefined,
      'page_view',
      42,
      [],
      {},
      { event: 'quiz_completed', goal: 'fatigue' },
      { event: 'identify', email: 'a@b.c' },
    ])
      expect(sanitiseEvent(input)).toBeNull();
  });

  it('names every product the shop sells by a kind, never by its code', () => {
    for (const code of productCodes) expect(['test', 'bundle', 'program', 'service', 'membership', 'gift']).toContain(productKindOf(code));
    expect(productKindOf('no-such-product')).toBeNull();
    expect(productKindOf('toString')).toBeNull();
  });
});

describe("the visitor's answer to the consent banner", () => {
  it('is read from the cookie, and is no answer when missing or unknown', () => {
    expect(consentFrom('a=1; cookie_consent=granted; b=2')).toBe('granted');
    expect(consentFrom('cookie_consent=denied')).toBe('denied');
    expect(consentFrom('cookie_consent=maybe')).toBeNull();
    expect(consentFrom(undefined)).toBeNull();
  });
});
