/**
 * When a member's "Download my data" is answered at once, and when it is prepared by the shop's
 * worker and e-mailed as a link (docs/decisions/0075-what-deleting-an-account-keeps.md, "A large
 * archive"). The API estimates the archive before building it, the page says which way it goes,
 * the e-mail and the page say how long the link works, and retention deletes it after that.
 */

const MB = 1024 * 1024;

export const dataArchiveRule = {
  /**
   * The largest archive, as estimated, built while the member waits. Building reads every uploaded
   * file from the file storage, opens it and renders every results report in the web process's
   * memory, and the browser then receives it all: up to 25 MB (two full-size photos of a lab report
   * with a few results reports) that is a few seconds on the shop's machine and on a home
   * connection (25 MB at 50 Mbit/s is four seconds). Above it the request would hold a web process
   * and its memory for as long as a slow connection takes, so the worker builds it instead.
   */
  immediateMaxBytes: 25 * MB,
  /**
   * What one order's results count for in the estimate: the PDF report and its JSON are a few
   * hundred kilobytes, and rendering the report costs about the time half a megabyte takes to
   * send, so each counts as half a megabyte.
   */
  bytesPerResultsReport: MB / 2,
  /** the account, profile, orders, messages and the rest as JSON: small beside the files */
  baseBytes: MB / 4,
  /**
   * How long the e-mailed link opens a prepared archive, from the moment it is ready: a week to
   * find the e-mail and download it, after which the sealed archive is deleted (a copy of someone's
   * health data is kept no longer than it is useful).
   */
  linkDays: 7,
} as const;

/** What an archive will hold that decides its size: the uploaded files' bytes, and how many orders have results. */
export interface DataArchiveContents {
  uploadBytes: number;
  resultsReports: number;
}

export function estimateDataArchiveBytes(contents: DataArchiveContents): number {
  return dataArchiveRule.baseBytes + contents.uploadBytes + contents.resultsReports * dataArchiveRule.bytesPerResultsReport;
}

/** Whether the archive is prepared by the worker and e-mailed as a link, rather than downloaded at once. */
export function dataArchiveIsEmailed(
  contents: DataArchiveContents,
  immediateMaxBytes: number = dataArchiveRule.immediateMaxBytes,
): boolean {
  return estimateDataArchiveBytes(contents) > immediateMaxBytes;
}

/** When a prepared archive's link stops working, from the time it was ready. */
export function dataArchiveExpiresAt(readyAt: Date): Date {
  return new Date(readyAt.getTime() + dataArchiveRule.linkDays * 24 * 3600 * 1000);
}

export const dataArchiveMessages = {
  preparing: 'We are preparing your archive; we will e-mail you a link within minutes.',
  expired: `This link to your archive has expired: a prepared archive can be downloaded for ${dataArchiveRule.linkDays} days. Ask for a new one from “Download my data” in your account.`,
  notReady: 'Your archive is still being prepared. We will e-mail you a link as soon as it is ready.',
  failed: 'Your archive could not be prepared. Please ask for it again; if it fails again, message support.',
  notFound: 'We could not find this archive. Open “Download my data” in your account to ask for one.',
} as const;
