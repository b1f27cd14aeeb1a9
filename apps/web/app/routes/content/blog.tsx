import { articles } from '@shop/core';
import { Link } from 'react-router';
import { PageHero } from '../../components/content/page-hero';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/blog';
import { calendarLongDay } from '../../lib/dates';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: 'Blog', description: 'Short, careful articles on what lab results mean and what helps.', path: '/blog/' });

export default function Blog() {
  return (
    <>
      <PageHero title="Blog" intro="Short, careful articles on what your results mean and what helps." />
      <section aria-label="Articles" className="mx-auto max-w-4xl px-4 py-14">
        <ul className="space-y-6">
          {articles.map((article) => (
            <li key={article.slug} className="rounded-2xl bg-white p-6 shadow-sm">
              <h2 className="text-2xl font-bold">
                <Link to={`/blog/${article.slug}`} className="hover:underline">
                  {article.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-muted">
                <time dateTime={article.published}>{calendarLongDay(article.published)}</time>
              </p>
              <p className="mt-3 text-muted">{article.summary}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
