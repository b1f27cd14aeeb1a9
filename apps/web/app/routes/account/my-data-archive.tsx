import { useEffect } from 'react';
import { data, Link } from 'react-router';
import { isApiError } from '@shop/client/errors';
import { dataArchiveMessages } from '@shop/core';
import { Alert } from '../../components/alert';
import { buttonClasses } from '../../components/button';
import { serverApi } from '../../lib/api';
import { shopDayTime } from '../../lib/dates';
import { pageNotFound } from '../../lib/errors';
import type { Route } from './+types/my-data-archive';

/**
 * Where the e-mailed link to a prepared data archive lands (the area's guard has sent a signed-out
 * visitor to sign in and back). Another account's archive is the 404 page, as one that does not
 * exist; an expired one answers 410 and says what to do.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    return { archive: await serverApi(request, context).preparedDataArchive(params.id), expired: null };
  } catch (error) {
    if (isApiError(error) && error.status === 410) return data({ archive: null, expired: error.message }, { status: 410 });
    if (isApiError(error) && (error.status === 404 || error.status === 400)) pageNotFound();
    throw error;
  }
}

export const meta = () => [{ title: 'Your data archive | Base' }];

/**
 * A ready archive starts downloading as the page opens (the browser stays on the page, as for any
 * attachment); the button does the same without the page's script, or again.
 */
export default function DataArchivePage({ loaderData }: Route.ComponentProps) {
  const { archive, expired } = loaderData;
  const downloadUrl = archive?.status === 'ready' ? archive.downloadUrl : null;
  useEffect(() => {
    if (downloadUrl) window.location.assign(downloadUrl);
  }, [downloadUrl]);

  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-extrabold">{expired ? 'This link has expired' : 'Your data archive'}</h1>
      <div className="mt-6 space-y-4">
        {expired ? <Alert tone="warning">{expired}</Alert> : null}
        {archive?.status === 'preparing' ? <Alert tone="info">{dataArchiveMessages.notReady}</Alert> : null}
        {archive?.status === 'failed' ? <Alert tone="error">{dataArchiveMessages.failed}</Alert> : null}
        {downloadUrl && archive ? (
          <>
            <p className="text-muted">
              Everything we hold about you, as one ZIP file. Your download starts by itself; if it does not, use the button. It can be
              downloaded until {shopDayTime(archive.expiresAt ?? archive.requestedAt)}.
            </p>
            <a href={downloadUrl} download className={buttonClasses()}>
              Download my archive
            </a>
          </>
        ) : null}
      </div>
      <Link to="/account/my-data" className="mt-8 block font-semibold text-brand underline">
        {expired || archive?.status === 'failed' ? 'Ask for a new archive' : 'Back to Download or delete your data'}
      </Link>
    </section>
  );
}
