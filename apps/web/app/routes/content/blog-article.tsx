import { findArticle } from '@shop/core';
import { Link } from 'react-router';
import { TextSections } from '../../components/content/text-sections';
import { pageNotFound } from '../../lib/errors';
import { JsonLd, pageMeta, siteOrigin } from '../../lib/seo';
import type { Route } from './+types/blog-article';
import { calendarLongDay } from '../../lib/dates';

export function loader({ params }: Route.LoaderArgs) {
  const article = findArticle(params.article);
  if (!article) pageNotFound();
  return { slug: article.slug };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const article = loaderData && findArticle(loaderData.slug);
  if (!article) return [];
  return pageMeta({ matches, title: article.title, description: article.summary, path: `/blog/${article.slug}` });
};

export default function BlogArticle({ loaderData, matches }: Route.ComponentProps) {
  const article = findArticle(loaderData.slug)!;
  return (
    <article className="mx-auto max-w-3xl px-4 py-14">
      <p className="text-sm text-muted">
        <Link to="/blog/" className="text-brand-dark underline">
          Blog
        </Link>{' '}
        · <time dateTime={article.published}>{calendarLongDay(article.published)}</time>
      </p>
      <h1 className="mt-3 text-4xl font-extrabold leading-tight">{article.title}</h1>
      <p className="mt-4 text-lg text-muted">{article.summary}</p>
      <TextSections sections={article.sections} />
      <JsonLd
        data={{
          '@type': 'Article',
          headline: article.title,
          description: article.summary,
          datePublished: article.published,
          url: `${siteOrigin(matches)}/blog/${article.slug}`,
          publisher: { '@type': 'Organization', name: 'Base' },
        }}
      />
    </article>
  );
}
