import { text } from 'node:stream/consumers';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../root';

type BoundaryProps = Parameters<typeof ErrorBoundary>[0];

/** Renders the boundary as the server does for a prerendered page: everything, lazy parts included. */
async function render(error: unknown): Promise<string> {
  const props = { error, params: {}, loaderData: undefined, actionData: undefined } as unknown as BoundaryProps;
  const { prelude } = await prerenderToNodeStream(
    <MemoryRouter>
      <ErrorBoundary {...props} />
    </MemoryRouter>,
  );
  return text(prelude);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the root error boundary', () => {
  it('shows the error page with a way home when a page fails to render', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = await render(new Error('render failed'));
    expect(html).toContain('Error <!-- -->500');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go back to home<\/a>/);
    // the cause is logged on the server and never shown to the visitor
    expect(html).not.toContain('render failed');
    expect(logged).toHaveBeenCalled();
  });

  it('shows the not-found page for a 404', async () => {
    const html = await render({ status: 404, statusText: 'Not Found', internal: false, data: null });
    expect(html).toContain('This page could not be found');
    expect(html).toContain('Whoops - we couldn&#x27;t find what you&#x27;re looking for.');
    expect(html).toMatch(/href="\/quiz"[^>]*>Take the quiz/);
    expect(html).toMatch(/href="\/"[^>]*>Go to homepage/);
  });
});

describe('the error page’s own guard', () => {
  it('passes its page through, and when that page fails shows plain words and a plain link home', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { ErrorPageGuard } = await import('../layouts/route-error');
    const guard = new ErrorPageGuard({ children: <p>the error page</p> });
    expect(renderToStaticMarkup(<>{guard.render()}</>)).toBe('<p>the error page</p>');
    guard.state = ErrorPageGuard.getDerivedStateFromError();
    const html = renderToStaticMarkup(<>{guard.render()}</>);
    expect(html).toContain('An error occurred while showing the error page');
    expect(html).toMatch(/<a href="\/"[^>]*>Go back to home<\/a>/);
  });
});
