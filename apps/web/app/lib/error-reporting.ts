/**
 * The page's side of error reporting (client-error-report.ts does the reporting): what every page
 * loads is only this, and the reporting code comes when a page first meets an error, which most
 * visits never do.
 */
export function reportClientError(error: unknown): void {
  if (typeof window === 'undefined') return;
  // a report that cannot load its own code has nowhere to go: the error stays the page's
  void import('./client-error-report').then((module) => module.reportClientError(error)).catch(() => undefined);
}

/** Reports what no error boundary catches: errors thrown by handlers and timers, and rejected promises no one awaited. */
export function installErrorReporting(): () => void {
  const onError = (event: ErrorEvent) => reportClientError(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => reportClientError(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
