import { areas, formatMoney, getProduct, PROGRAM_LENGTH_MONTHS, testsForArea, type AreaSlug } from '@shop/core';

export interface AreaCard {
  slug: AreaSlug;
  name: string;
  description: string;
  /** the area's tests, as one line */
  tests: string;
}

/**
 * What the area cards show, built from core's catalog in a loader so the page's JavaScript does not
 * carry the catalog.
 */
export function areaCardsData() {
  return {
    starterPrice: formatMoney(getProduct('base-quiz').priceCents),
    programMonths: PROGRAM_LENGTH_MONTHS,
    cards: areas.map<AreaCard>((area) => ({
      slug: area.slug,
      name: area.name,
      description: area.description,
      tests: testsForArea(area.slug)
        .map((test) => test.title)
        .join(' · '),
    })),
  };
}

export type AreaCardsData = ReturnType<typeof areaCardsData>;
