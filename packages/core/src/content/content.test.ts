import { describe, expect, it } from 'vitest';
import { areaSlugs } from '../catalog/areas.ts';
import { canonicalBiomarkerSlugs, findBiomarkerPage } from '../catalog/biomarker-pages.ts';
import { GIVEAWAY_DISCOUNT_PERCENT } from '../catalog/constants.ts';
import { goalSlugs } from '../catalog/goals.ts';
import { getProduct } from '../catalog/products.ts';
import { formatMoney } from '../money/money.ts';
import { appFeatureSlugs, findAppFeature } from './app-features.ts';
import { areaPages } from './area-pages.ts';
import { articles } from './blog.ts';
import { faqSets } from './faqs.ts';
import { giveawayCodes } from './giveaway.ts';
import { goalPages } from './goal-pages.ts';
import { testimonials, testimonialsForArea, videoTestimonials } from './testimonials.ts';
import { faqSetNames } from './types.ts';

describe('FAQ sets', () => {
  it('has every set of the specification except the partner ones, each with real entries', () => {
    const storefront = faqSetNames.filter((name) => name !== 'business' && name !== 'providers');
    expect(Object.keys(faqSets).sort()).toEqual([...storefront].sort());
    for (const [name, entries] of Object.entries(faqSets)) {
      expect(entries.length, name).toBeGreaterThanOrEqual(3);
      for (const entry of entries) {
        expect(entry.question, name).toMatch(/\?$/);
        expect(entry.answer.length, entry.question).toBeGreaterThan(10);
      }
      expect(new Set(entries.map((entry) => entry.question)).size, name).toBe(entries.length);
    }
  });

  it('states prices as the catalog has them', () => {
    const baseDaily = faqSets['base-daily'].find((entry) => entry.question === 'How much does it cost?');
    expect(baseDaily?.answer).toContain(formatMoney(getProduct('base-daily').priceCents));
    expect(baseDaily?.answer).toContain('$9.95');
    const plan = faqSets['nutritional-plan'].find((entry) => entry.question === 'How much does it cost?');
    expect(plan?.answer).toContain('$49.95');
    expect(faqSets['nutritional-plan'].some((entry) => entry.answer.includes('within 48 hours'))).toBe(true);
  });

  it('uses the specification’s timings', () => {
    const answers = faqSets['how-it-works'].map((entry) => entry.answer).join(' ');
    expect(answers).toContain('2–5 business days');
    expect(answers).toContain('15–20 minutes');
    expect(answers).toContain('within 2 business days');
    expect(faqSets.generic.map((entry) => entry.answer).join(' ')).toContain('5–7 business days');
  });
});

describe('pages', () => {
  it('gives every area a page with symptoms, stories and its own FAQ', () => {
    for (const area of areaSlugs) {
      expect(areaPages[area].area).toBe(area);
      expect(areaPages[area].symptoms.length).toBeGreaterThan(2);
      expect(areaPages[area].faqs.length).toBeGreaterThan(2);
      expect(testimonialsForArea(area).length, area).toBeGreaterThan(0);
    }
  });

  it('shares only "sleep" between area and goal slugs, since both are served at /goal/{slug}', () => {
    expect(goalSlugs.filter((slug) => (areaSlugs as readonly string[]).includes(slug))).toEqual(['sleep']);
  });

  it('gives every goal and every canonical biomarker its copy', () => {
    for (const goal of goalSlugs) expect(goalPages[goal].headline.length).toBeGreaterThan(5);
    for (const slug of canonicalBiomarkerSlugs) expect(findBiomarkerPage(slug)?.resultMeaning.length).toBeGreaterThan(20);
  });

  it('knows its app features and nothing else', () => {
    for (const slug of appFeatureSlugs) expect(findAppFeature(slug)?.slug).toBe(slug);
    expect(findAppFeature('settings')).toBeUndefined();
  });

  it('keeps giveaway codes within 15–25% and unique', () => {
    for (const code of giveawayCodes) {
      expect(code.percentOff).toBeGreaterThanOrEqual(GIVEAWAY_DISCOUNT_PERCENT.min);
      expect(code.percentOff).toBeLessThanOrEqual(GIVEAWAY_DISCOUNT_PERCENT.max);
    }
    expect(new Set(giveawayCodes.map((code) => code.code)).size).toBe(giveawayCodes.length);
  });

  it('has unique article slugs and stories with authors', () => {
    expect(new Set(articles.map((article) => article.slug)).size).toBe(articles.length);
    for (const story of [...testimonials, ...videoTestimonials]) expect('author' in story ? story.author : story.name).toMatch(/\w/);
    for (const video of videoTestimonials) expect(goalSlugs as readonly string[]).toContain(video.goal);
  });
});
