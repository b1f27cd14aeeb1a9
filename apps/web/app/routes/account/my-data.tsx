import { useState } from 'react';
import { Link, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { DataArchive } from '@shop/client';
import { dataArchiveMessages, dataArchiveRule, DELETION_LINK_MINUTES } from '@shop/core';
import { isAccountDeletedAnswer, PREPARE_ARCHIVE_FORM } from '../../components/account/forms';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { serverApi } from '../../lib/api';
import { shopDayTime } from '../../lib/dates';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { myDataAction } from './my-data.server';
import type { Route } from './+types/my-data';

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await serverApi(request, context)
    .session()
    .catch(() => null);
  if (!session?.user) throw redirect('/sign-in?next=/account/my-data');
  // read again after the deletion itself, when the account is gone: the page then shows the answer, not this form
  const deletion = await serverApi(request, context)
    .accountDeletion()
    .catch(() => null);
  // whether the archive downloads at once or is prepared and e-mailed (core's dataArchiveRule), and the one being prepared
  const archive = await serverApi(request, context)
    .dataArchive()
    .catch(() => null);
  return {
    confirmBy: deletion?.confirmBy ?? 'password',
    archive: archive ?? { delivery: 'immediate' as const, linkDays: dataArchiveRule.linkDays, latest: null },
  };
}

/** The archive's form and the deletion's are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return myDataAction(args);
}

export const meta = () => [{ title: 'Download or delete your data | Base' }];

const ARCHIVE_URL = '/api/account/my-data.zip';

/**
 * The archive is fetched by the page's script, so the member sees it being prepared; without the
 * script the link downloads it as any link does. An archive that grew past the threshold since the
 * page was shown is answered 202 by the API, which then prepares it and e-mails a link: said as such.
 */
function DownloadArchive() {
  const [state, setState] = useState<'idle' | 'preparing' | 'ready' | 'failed' | 'emailed'>('idle');
  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setState('preparing');
    try {
      const response = await fetch(ARCHIVE_URL, { credentials: 'same-origin' });
      if (response.status === 202) return setState('emailed');
      if (!response.ok) throw new Error(String(response.status));
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'base-my-data.zip';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      URL.revokeObjectURL(url);
      setState('ready');
    } catch {
      setState('failed');
    }
  }
  return (
    <div className="mt-4 space-y-3">
      <a
        href={ARCHIVE_URL}
        download
        onClick={(event) => void download(event)}
        aria-busy={state === 'preparing'}
        className="inline-block rounded-full bg-brand px-6 py-3 font-bold text-white"
      >
        {state === 'preparing' ? 'Preparing your archive…' : 'Download my data'}
      </a>
      <p role="status" className="text-sm text-muted">
        {state === 'preparing' ? 'Gathering your orders, results, answers and files. This takes a few seconds.' : null}
        {state === 'ready' ? 'Your archive is downloaded.' : null}
        {state === 'emailed' ? dataArchiveMessages.preparing : null}
      </p>
      {state === 'failed' ? <Alert tone="error">Your archive could not be prepared. Please try again.</Alert> : null}
    </div>
  );
}

/**
 * An archive too large to build while the member waits: asked for with a form (the page's action,
 * with or without its script), prepared by the shop and e-mailed as a link. While it is being
 * prepared the page says so instead of the form; a ready one downloads from here too.
 */
function EmailedArchive({ latest, linkDays }: { latest: DataArchive | null; linkDays: number }) {
  const { fetcher, formRef, answer, pending } = useActionForm<FormAnswer>(PREPARE_ARCHIVE_FORM);
  if (answer?.ok || latest?.status === 'preparing') {
    return (
      <div className="mt-4">
        <Alert tone="info">{answer?.ok ? answer.message : dataArchiveMessages.preparing}</Alert>
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-3">
      {latest?.status === 'ready' && latest.downloadUrl ? (
        <p>
          Your archive of {shopDayTime(latest.readyAt ?? latest.requestedAt)} can be downloaded until{' '}
          {shopDayTime(latest.expiresAt ?? latest.requestedAt)}:{' '}
          <a href={latest.downloadUrl} download className="font-semibold text-brand underline">
            Download my prepared archive
          </a>
        </p>
      ) : null}
      {latest?.status === 'failed' ? <Alert tone="error">{dataArchiveMessages.failed}</Alert> : null}
      <p className="text-sm text-muted">
        Your archive is large, so we prepare it for you and e-mail you a link to download it, usually within minutes. The link works for{' '}
        {linkDays} days, and only while you are signed in to this account.
      </p>
      <fetcher.Form ref={formRef} method="post" aria-label="Prepare my archive">
        <input type="hidden" name="_form" value={PREPARE_ARCHIVE_FORM} />
        {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
        <Button type="submit" className="mt-2" pending={pending} pendingLabel="Asking…">
          Prepare my archive and e-mail me a link
        </Button>
      </fetcher.Form>
    </div>
  );
}

/** After the deletion there is no session to read the page's data with: the page shows the deletion's answer. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isAccountDeletedAnswer(actionResult) ? false : defaultShouldRevalidate;
}

export default function MyData({ loaderData }: Route.ComponentProps) {
  const { confirmBy, archive } = loaderData;
  // the form's two answers, either way (with the page's script or without): the deletion, and the link sent
  const { fetcher, formRef, answer, errors, pending } = useActionForm<FormAnswer>([undefined, 'link-sent'], (_answer, form) =>
    form.reset(),
  );
  if (answer?.ok && answer.form !== 'link-sent') {
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-extrabold">Your account is deleted</h1>
        <Alert tone="info">{answer.message}</Alert>
        <Link to="/" className="mt-6 block font-semibold text-brand underline">
          Back to the shop
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-extrabold">Download or delete your data</h1>
      <h2 className="mt-8 text-xl font-bold">Download my data</h2>
      <p className="mt-2 text-muted">
        One ZIP file with everything we hold about you: your account, medical profile, quiz answers, orders with their items and payments,
        consents, subscriptions, coaching sessions, food log, messages, your results as PDF, your nutritional plans with the files you
        uploaded, and who opened your results and when.
      </p>
      {archive.delivery === 'emailed' || archive.latest?.status === 'preparing' ? (
        <EmailedArchive latest={archive.latest} linkDays={archive.linkDays} />
      ) : (
        <DownloadArchive />
      )}

      <h2 id="delete-account" className="mt-12 text-xl font-bold">
        Delete my account
      </h2>
      <p className="mt-2 text-muted">
        Your health data and everything that names you are deleted at once. Orders whose kit has not shipped yet are cancelled and refunded
        in full first. While a kit is on its way or a sample is at the lab, your account can be deleted once your results are ready. What
        the law makes us keep of your purchases (what was paid and refunded, with tax) is kept under a reference that no longer names you,
        without anything about your tests. We e-mail you when it is done.
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm"
        aria-label="Delete my account"
      >
        {confirmBy === 'password' ? (
          <Field label="Your password" name="password" type="password" autoComplete="current-password" error={errors.password} />
        ) : (
          <>
            <input type="hidden" name="confirmBy" value="email" />
            <p className="text-sm text-muted">
              Your account signs in without a password. We e-mail you a link to confirm it is you; the link works for{' '}
              {DELETION_LINK_MINUTES} minutes, and nothing is deleted until you confirm on the page it opens.
            </p>
          </>
        )}
        {answer?.ok ? <Alert tone="info">{answer.message}</Alert> : null}
        {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
        <Button type="submit" className="w-full" pending={pending} pendingLabel={confirmBy === 'password' ? 'Deleting…' : 'Sending…'}>
          {confirmBy === 'password' ? 'Delete my account' : 'E-mail me a link to delete my account'}
        </Button>
      </fetcher.Form>
      <Link to="/account" className="mt-6 block text-center font-semibold text-brand underline">
        Back to my account
      </Link>
    </section>
  );
}
