import type { MetaDescriptor } from 'react-router';

/**
 * The shop's public origin, for canonical links and structured data. It comes from the root
 * loader's data (the server's PUBLIC_URL), so the server's HTML and the browser agree on it.
 */
export function siteOrigin(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as { config?: { publicUrl?: string } } | undefined;
  return (root?.config?.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
}

export interface PageMetaInput {
  /** the `matches` a route's `meta` function receives */
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  /** the page's own title; the shop's name is appended */
  title: string;
  description: string;
  /** the canonical path, e.g. `/test/vitamin-d` */
  path: string;
  /** pages a search engine should not list (checkout, account, admin) */
  noIndex?: boolean;
}

/** Title, description, canonical link and social cards of one page, for a route's `meta` export. */
export function pageMeta({ matches, title, description, path, noIndex = false }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = `${title} | Base`;
  const url = `${siteOrigin(matches)}${path}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: 'website' },
    ...(noIndex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

/**
 * Structured data (schema.org JSON-LD) as a script element. JSON.stringify cannot close the
 * element: every < is escaped.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify({ '@context': 'https://schema.org', ...data }).replaceAll('<', '\\u003c') }}
    />
  );
}

/** schema.org FAQPage for a list of questions and answers. */
export function faqPageData(entries: readonly { question: string; answer: string }[]): Record<string, unknown> {
  return {
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
}

/** schema.org Product with its price in US dollars. */
export function productData(input: { name: string; description: string; priceCents: number; url: string }): Record<string, unknown> {
  return {
    '@type': 'Product',
    name: input.name,
    description: input.description,
    brand: { '@type': 'Brand', name: 'Base' },
    offers: {
      '@type': 'Offer',
      price: (input.priceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: input.url,
    },
  };
}
