import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Business, affiliate and lead-form pages for would-be partners, shown in the default layout. */
export const partnerRoutes: RouteConfigEntry[] = [
  route('business', 'routes/partners/business.tsx'),
  route('business/portal', 'routes/partners/business-portal.tsx'),
  route('business/portal/accept', 'routes/partners/business-portal-accept.tsx'),
  // the portal's billing: billing details, invoices paid online, the prepaid bank's top-ups
  route('business/portal/billing', 'routes/partners/business-billing.tsx'),
  route('business/portal/billing/invoices/:invoiceId/pay', 'routes/partners/business-invoice-pay.tsx'),
  route('business/portal/billing/add-funds', 'routes/partners/business-add-funds.tsx'),
  route('business/portal/poster', 'routes/partners/business-portal-poster.tsx'),
  route('b2b/:b2b', 'routes/partners/b2b.tsx'),
  route('b2b/:b2b/:goal', 'routes/partners/b2b-eligibility.tsx'),
  route('b2b/:b2b/:goal/confirm', 'routes/partners/b2b-confirm.tsx'),
  route('affiliate-program', 'routes/partners/affiliate-program.tsx'),
  // the affiliate's own dashboard: a static segment, matched before the codes' landings
  route('affiliate/dashboard', 'routes/partners/affiliate-dashboard.tsx'),
  route('affiliate/:affiliate', 'routes/partners/affiliate.tsx'),
  route('whitepaper', 'routes/partners/whitepaper.tsx'),
  route('practitioners-referral', 'routes/partners/practitioners-referral.tsx'),
];
