import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConsoleNav } from './console-nav';

/** The console's menu as the server renders it for a member of staff of this role. */
function linksFor(role: string): string[] {
  const Stub = createRoutesStub([
    { id: 'routes/console/area', path: '/admin', loader: () => ({ role }), children: [{ index: true, Component: ConsoleNav }] },
  ]);
  const html = renderToString(<Stub initialEntries={['/admin']} hydrationData={{ loaderData: { 'routes/console/area': { role } } }} />);
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
}

describe('the console’s menu', () => {
  it('offers the page errors to operators alone', () => {
    expect(linksFor('operator')).toContain('/admin/client-errors');
    for (const role of ['support', 'clinician', 'coach']) expect(linksFor(role), role).not.toContain('/admin/client-errors');
    // the rest of the order team's menu is still there
    expect(linksFor('support')).toContain('/admin/messages');
  });

  it('offers the job queue to operators alone', () => {
    expect(linksFor('operator')).toContain('/admin/jobs');
    for (const role of ['support', 'clinician', 'coach']) expect(linksFor(role), role).not.toContain('/admin/jobs');
  });
});
