import { supportCopy } from '@shop/core';
import { Link, redirect } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ReplyField, ThreadMessages } from '../../components/support/thread-messages';
import { serverApi } from '../../lib/api';
import { isUnauthenticated, notFoundWhen } from '../../lib/errors';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { memberReplyAction } from './messages.server';
import { MEMBER_REPLY_FORM } from '../support/support-forms';
import type { Route } from './+types/message-thread';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const thread = await serverApi(request, context).supportThread(params.id);
    return { thread, justSent: new URL(request.url).searchParams.has('sent') };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(`/account/messages/${params.id}`)}`);
    return notFoundWhen(error);
  }
}

/** The member's reply, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return memberReplyAction(args);
}

export const meta = ({ loaderData: loaded }: Route.MetaArgs) => [{ title: `${loaded?.thread.subject ?? 'Message'} | Messages | Base` }];

export default function MessageThread({ loaderData }: Route.ComponentProps) {
  const { thread, justSent } = loaderData;
  const reply = useActionForm<FormAnswer>(MEMBER_REPLY_FORM, (_answer, form) => form.reset());
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <p>
        <Link to="/account/messages" className="text-sm font-semibold text-brand underline">
          All messages
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-extrabold break-words">{thread.subject}</h1>
      {thread.order ? (
        <p className="mt-1 text-sm text-muted">
          About{' '}
          <Link to={`/account/orders/${thread.order.id}`} className="font-semibold text-brand underline">
            order #{thread.order.number}
          </Link>
        </p>
      ) : null}
      {justSent ? (
        <div className="mt-4">
          <Alert tone="info">{supportCopy.sentToMember}</Alert>
        </div>
      ) : null}
      <ThreadMessages messages={thread.messages} ownSide="customer" />
      {thread.status === 'closed' ? <p className="mt-6 text-sm text-muted">{supportCopy.closed}</p> : null}
      <reply.fetcher.Form
        ref={reply.formRef}
        method="post"
        noValidate
        aria-label="Reply to support"
        className="mt-8 space-y-4 rounded-2xl bg-white p-5 shadow-sm"
      >
        <input type="hidden" name="_form" value={MEMBER_REPLY_FORM} />
        <ReplyField id="member-reply" error={reply.errors.body} />
        <div aria-live="polite" className="empty:hidden">
          {reply.answer?.message ? <Alert tone={reply.answer.ok ? 'info' : 'error'}>{reply.answer.message}</Alert> : null}
        </div>
        <Button type="submit" pending={reply.pending} pendingLabel="Sending…">
          Send reply
        </Button>
      </reply.fetcher.Form>
    </section>
  );
}
