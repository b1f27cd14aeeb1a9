import { layout, route, type RouteConfigEntry } from '@react-router/dev/routes';

// These pages keep the route ids React Router derived from their file names before they moved
// here (`routes/admin-order` for `routes/admin-order.tsx`).
const page = (path: string, file: string, id: string) => route(path, `routes/console/${file}.tsx`, { id });

/**
 * The operator console, in the empty layout: the pages bring their own frame. The area's guard
 * (area.tsx) sends a visitor to sign in and shows a customer that the console is for staff. A
 * page may narrow the roles (the outbox is for operators, results entry for clinicians and
 * operators): that is the API's answer to the page's own request, which `loadForStaff`
 * (lib/staff.server.ts) turns into the same "staff only" page.
 */
export const consoleRoutes: RouteConfigEntry[] = [
  layout('routes/console/area.tsx', [
    page('admin', 'orders', 'routes/admin'),
    page('admin/orders/:id', 'order', 'routes/admin-order'),
    page('admin/customers', 'customers', 'routes/admin-customers'),
    page('admin/leads', 'leads', 'routes/admin-leads'),
    page('admin/coupons', 'coupons', 'routes/admin-coupons'),
    page('admin/orders/:id/results/:kitSlug', 'order-results', 'routes/admin-order-results'),
    page('admin/outbox', 'outbox', 'routes/admin-outbox'),
    page('admin/subscriptions', 'subscriptions', 'routes/admin-subscriptions'),
    route('admin/coaching', 'routes/console/coaching.tsx'),
    route('admin/lab-reviews', 'routes/console/lab-reviews.tsx'),
    route('admin/lab-reviews/:id', 'routes/console/lab-review.tsx'),
    route('admin/result-holds/:id', 'routes/console/result-hold.tsx'),
    route('admin/outside-reports', 'routes/console/outside-reports.tsx'),
    route('admin/outside-reports/:id', 'routes/console/outside-report.tsx'),
    route('admin/messages', 'routes/console/messages.tsx'),
    route('admin/messages/:id', 'routes/console/message-thread.tsx'),
    route('admin/team', 'routes/console/team.tsx'),
    route('admin/approvals', 'routes/console/approvals.tsx'),
    route('admin/clinicians', 'routes/console/clinicians.tsx'),
    route('admin/experiments', 'routes/console/experiments.tsx'),
    route('admin/client-errors', 'routes/console/client-errors.tsx'),
    route('admin/demo-requests', 'routes/console/demo-requests.tsx'),
    route('admin/demo-requests/:id', 'routes/console/demo-request.tsx'),
    route('admin/clinics', 'routes/console/clinics.tsx'),
    route('admin/clinics/:id', 'routes/console/clinic.tsx'),
    route('admin/employers', 'routes/console/employers.tsx'),
    route('admin/employers/:id', 'routes/console/employer.tsx'),
    route('admin/affiliates', 'routes/console/affiliates.tsx'),
    route('admin/payouts', 'routes/console/payouts.tsx'),
    route('admin/jobs', 'routes/console/jobs.tsx'),
    route('admin/kit-tasks', 'routes/console/kit-tasks.tsx'),
    route('admin/audit', 'routes/console/audit.tsx'),
  ]),
];
