import { Link } from 'react-router';
import { providersFaqs, providerVideos } from '@shop/core';
import { FaqSection } from '../../components/content/faq-section';
import { VideoPoster } from '../../components/partners/video-poster';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/videos-and-faqs';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Provider videos and FAQs',
    description:
      'Short how-to guides for the free provider dashboard: ordering tests, payment options, your team, and answers to common questions.',
    path: '/providers/videos-and-faqs',
  });

export default function ProvidersVideosAndFaqs() {
  return (
    <>
      <section aria-labelledby="videos" className="mx-auto max-w-6xl px-4 py-14">
        <h1 id="videos" className="text-4xl font-extrabold">
          Videos and FAQs
        </h1>
        <p className="mt-4 max-w-3xl text-lg text-muted">
          Short guides to the provider dashboard, each with its full transcript, and the questions providers ask us most.
        </p>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {providerVideos.map((video) => (
            <li key={video.slug} className="overflow-hidden rounded-2xl bg-white shadow-sm">
              <VideoPoster video={video} className="block w-full" />
              <div className="p-5">
                <h2 className="text-lg font-semibold">
                  <Link to={`/providers/videos/${video.slug}`} className="hover:text-brand hover:underline">
                    {video.title}
                  </Link>
                </h2>
                <p className="mt-2 text-sm text-muted">{video.summary}</p>
                <p className="mt-3 text-sm font-semibold text-brand-dark">{video.minutes} min</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <FaqSection entries={providersFaqs} id="providers-faq" />
    </>
  );
}
