import { isApiError } from '@shop/client/errors';
import { Link } from 'react-router';
import { serverApi } from '../../lib/api';
import { pageNotFound } from '../../lib/errors';
import type { Route } from './+types/meet';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    return { room: await serverApi(request, context).meetingRoom(params.room ?? '') };
  } catch (error) {
    // a mistyped or cancelled room is a page that does not exist
    if (isApiError(error) && (error.status === 404 || error.status === 400)) pageNotFound();
    throw error;
  }
}

// the link is the room's key: it is not sent on to other sites, and the page is nobody's to find
export const meta = () => [
  { title: 'Your health coach session | Base' },
  { name: 'referrer', content: 'same-origin' },
  { name: 'robots', content: 'noindex' },
];

/**
 * The session's room on the shop's own domain (VIDEO_ROOMS=embedded, for development): who the
 * session is with and when. A configured video provider's room replaces this page in the links.
 */
export default function MeetingRoom({ loaderData }: Route.ComponentProps) {
  const { room } = loaderData;
  return (
    <section aria-labelledby="room-title" className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">Session room</p>
      <h1 id="room-title" className="mt-2 text-3xl font-extrabold">
        Your health coach session with {room.coachName}
      </h1>
      <dl className="mt-6 grid gap-4 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">When</dt>
          <dd className="font-semibold">{room.when}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Length</dt>
          <dd className="font-semibold">{room.minutes} minutes</dd>
        </div>
      </dl>
      <p className="mt-6">
        Keep this page: it is where you and {room.coachName} meet. Come a few minutes early with your questions, and your results if you
        have them.
      </p>
      <Link
        to="/account/coaching"
        className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
      >
        See your sessions
      </Link>
    </section>
  );
}
