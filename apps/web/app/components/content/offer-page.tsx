import { getProduct, type FaqEntry, type OfferPage, type ProductCode } from '@shop/core';
import type { ReactNode } from 'react';
import { AddToCart } from './add-to-cart';
import { FaqSection } from './faq-section';
import { KitArt } from './illustrations';
import { PageHero } from './page-hero';
import { Points } from './points';
import { Price } from './price';

interface OfferPageViewProps {
  page: OfferPage;
  productCode: ProductCode;
  faqs: readonly FaqEntry[];
  priceSuffix?: string;
  /** what the page says between its points and its FAQ */
  children?: ReactNode;
  art?: ReactNode;
}

/** A page that sells one catalog product: its promise, its price from the catalog, its FAQ. */
export function OfferPageView({ page, productCode, faqs, priceSuffix, children, art }: OfferPageViewProps) {
  const product = getProduct(productCode);
  return (
    <>
      <PageHero title={page.headline} intro={page.intro} art={art ?? <KitArt className="h-auto w-full" />}>
        <div className="flex flex-wrap items-center gap-5">
          <Price cents={product.priceCents} compareAtCents={product.compareAtCents} suffix={priceSuffix} className="text-3xl" />
          <AddToCart productCode={productCode} />
        </div>
      </PageHero>
      <Points points={page.points} heading="What you get" id="what-you-get" />
      {children}
      <FaqSection entries={faqs} />
    </>
  );
}
