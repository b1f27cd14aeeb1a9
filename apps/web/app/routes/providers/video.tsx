import { Link } from 'react-router';
import { findProviderVideo, providerVideos } from '@shop/core';
import { VideoPoster } from '../../components/partners/video-poster';
import { pageNotFound } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/video';

export function loader({ params }: Route.LoaderArgs) {
  const video = findProviderVideo(params.video);
  if (!video) pageNotFound();
  const next = providerVideos[(providerVideos.indexOf(video) + 1) % providerVideos.length]!;
  return { video, next: { slug: next.slug, title: next.title } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    matches,
    title: loaderData ? loaderData.video.title : 'Provider video',
    description: loaderData ? loaderData.video.summary : 'A how-to guide for the provider dashboard.',
    path: `/providers/videos/${params.video}`,
  });

export default function ProviderVideoPage({ loaderData }: Route.ComponentProps) {
  const { video, next } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-14">
      <p className="text-sm font-semibold">
        <Link to="/providers/videos-and-faqs" className="text-brand underline">
          All videos and FAQs
        </Link>
      </p>
      <h1 className="mt-4 text-4xl font-extrabold leading-tight">{video.title}</h1>
      <p className="mt-4 text-lg text-muted">{video.summary}</p>
      <figure className="mt-8">
        <VideoPoster video={video} className="block w-full rounded-2xl" />
        <figcaption className="mt-2 text-sm text-muted">{video.minutes} min guide. The transcript below has everything it says.</figcaption>
      </figure>
      <section aria-labelledby="transcript" className="mt-10">
        <h2 id="transcript" className="text-2xl font-bold">
          Transcript
        </h2>
        <div className="mt-4 space-y-4">
          {video.transcript.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>
      <p className="mt-12 rounded-2xl bg-brand-soft p-5">
        <span className="font-semibold">Next: </span>
        <Link to={`/providers/videos/${next.slug}`} className="font-semibold text-brand underline">
          {next.title}
        </Link>
      </p>
    </article>
  );
}
