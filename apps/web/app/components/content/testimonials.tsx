import type { Testimonial, VideoTestimonial } from '@shop/core';
import { PosterArt } from './illustrations';

export function TestimonialCards({
  testimonials,
  heading = 'Stories from our members',
  id = 'stories',
}: {
  testimonials: readonly Testimonial[];
  heading?: string;
  id?: string;
}) {
  return (
    <section aria-labelledby={id} className="below-fold mx-auto max-w-6xl px-4 py-14">
      <h2 id={id} className="text-3xl font-bold">
        {heading}
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((story) => (
          <li key={story.title}>
            <figure className="h-full rounded-2xl bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold">{story.title}</h3>
              <blockquote className="mt-3 text-muted">
                <p>“{story.description}”</p>
              </blockquote>
              <figcaption className="mt-4 text-sm font-semibold">{story.author}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-muted">Individual results vary.</p>
    </section>
  );
}

/**
 * A video story. Until its file exists the poster stands in and opens the transcript, which is
 * always offered (for people who cannot or prefer not to watch) and tells the same story.
 */
export function VideoStory({ story }: { story: VideoTestimonial }) {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm">
      {story.videoSrc ? (
        <video controls preload="none" className="w-full" aria-label={story.videoName}>
          <source src={story.videoSrc} />
        </video>
      ) : null}
      <details className="group">
        <summary className="block cursor-pointer list-none [&::-webkit-details-marker]:hidden">
          {story.videoSrc ? null : <PosterArt name={story.overlayImage} />}
          <span className="block px-5 pt-4 font-semibold">{story.videoName}</span>
          <span className="block px-5 pt-1 pb-5 text-brand-dark underline">
            <span className="group-open:hidden">Read the transcript</span>
            <span className="hidden group-open:inline">Hide the transcript</span>
          </span>
        </summary>
        <p className="px-5 pb-5 text-muted">{story.transcript}</p>
      </details>
    </div>
  );
}

export function VideoStories({
  stories,
  heading = 'Video stories',
  id = 'video-stories',
}: {
  stories: readonly VideoTestimonial[];
  heading?: string;
  id?: string;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-14">
      <h2 id={id} className="text-3xl font-bold">
        {heading}
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {stories.map((story) => (
          <li key={story.videoName}>
            <VideoStory story={story} />
          </li>
        ))}
      </ul>
    </section>
  );
}
