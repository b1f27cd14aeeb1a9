import { supportStatusLabels } from '@shop/core';
import { Link, redirect } from 'react-router';
import { serverApi } from '../../lib/api';
import { isUnauthenticated } from '../../lib/errors';
import type { Route } from './+types/messages';
import { shopDay } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return await serverApi(request, context).supportThreads();
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect('/sign-in?next=/account/messages');
    throw error;
  }
}

export const meta = () => [{ title: 'Messages | Base' }];

export default function Messages({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <p>
        <Link to="/account" className="text-sm font-semibold text-brand underline">
          My account
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold">Messages</h1>
        <Link to="/contact" className="rounded-full bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark">
          New message
        </Link>
      </div>
      <p className="mt-2 text-muted">Your conversations with our support team. We answer here and by e-mail.</p>
      {loaderData.threads.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-6 text-muted shadow-sm">
          No messages yet. Questions about a test or an order?{' '}
          <Link to="/contact" className="font-semibold text-brand underline">
            Message support
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-8 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm">
          {loaderData.threads.map((thread) => (
            <li key={thread.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-4">
              <div>
                <Link to={`/account/messages/${thread.id}`} className="font-semibold text-brand underline">
                  {thread.subject}
                </Link>
                <p className="text-sm text-muted">Last message {shopDay(thread.lastMessageAt)}</p>
              </div>
              <span
                className={`rounded-full px-3 py-1 text-xs font-semibold ${thread.status === 'answered' ? 'bg-brand-soft text-brand-dark' : 'bg-slate-100 text-slate-700'}`}
              >
                {thread.status === 'open' ? 'Waiting for our answer' : supportStatusLabels[thread.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
