import { describe, expect, it } from 'vitest';
import { indexablePaths, parameterPrefixes, prerenderPaths } from './paths';
import { robotsTxt, sitemapXml } from './seo-files';

describe('sitemap and robots', () => {
  it('lists absolute URLs on the public origin', () => {
    const xml = sitemapXml('https://shop.example/', ['/', '/goal/diet', '/blog/']);
    expect(xml).toContain('<loc>https://shop.example/</loc>');
    expect(xml).toContain('<loc>https://shop.example/goal/diet</loc>');
    expect(xml).toContain('<loc>https://shop.example/blog/</loc>');
    expect(xml.match(/<url>/g)).toHaveLength(3);
  });

  it('keeps robots out of admin, account, checkout and the API, and names the sitemap', () => {
    const robots = robotsTxt('https://shop.example');
    for (const prefix of ['/admin', '/account', '/checkout', '/api']) expect(robots).toContain(`Disallow: ${prefix}\n`);
    expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml');
  });
});

describe('prerendered paths', () => {
  const prefixes = parameterPrefixes(['goal/:goal', 'test/:biomarker', 'quiz-results/:goal', 'about']);

  it('prerenders static pages but never the visitor-dependent ones', () => {
    const visitors = ['/quiz', '/quiz-base-partners', '/checkout-payment', '/account', '/account/my-data', '/admin', '/admin/audit'];
    const paths = prerenderPaths(['/', '/about', '/quiz-b', '/administration-guide', ...visitors], prefixes);
    expect(paths).toContain('/');
    expect(paths).toContain('/about');
    expect(paths).toContain('/quiz-b');
    // an area's prefix is a whole segment
    expect(paths).toContain('/administration-guide');
    for (const path of visitors) expect(paths).not.toContain(path);
  });

  it('adds every value of the parameter routes that exist, from core', () => {
    const paths = prerenderPaths([], prefixes);
    expect(paths).toContain('/goal/diet');
    expect(paths).toContain('/goal/weight-management');
    expect(paths).toContain('/test/vitamin-d');
    // non-canonical slugs redirect and are not pages of their own
    expect(paths).not.toContain('/test/vitamind');
    // no route for employer groups in this list: none of its pages
    expect(paths.some((path) => path.startsWith('/b2b/'))).toBe(false);
  });

  it('puts the quiz, the contact form and the provider referral in the sitemap and keeps hidden pages out', () => {
    const indexable = indexablePaths(['/', '/reset-password', '/about', '/blog']);
    expect(indexable).toEqual(['/', '/about', '/blog/', '/contact', '/practitioners-referral', '/quiz']);
  });
});
