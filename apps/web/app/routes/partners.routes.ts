import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Business, affiliate and lead-form pages, shown in the default layout. */
export const partnerRoutes: RouteConfigEntry[] = [
  route('business', 'routes/partners/business.tsx'),
  route('b2b/:b2b', 'routes/partners/b2b.tsx'),
  route('affiliate-program', 'routes/partners/affiliate-program.tsx'),
  route('affiliate/:affiliate', 'routes/partners/affiliate.tsx'),
  route('whitepaper', 'routes/partners/whitepaper.tsx'),
  route('practitioners-referral', 'routes/partners/practitioners-referral.tsx'),
];

/** The provider pages, shown in the providers layout. */
export const providerRoutes: RouteConfigEntry[] = [
  route('providers/home', 'routes/partners/providers-home.tsx'),
  route('providers/terms', 'routes/partners/providers-terms.tsx'),
  route('providers/test-catalog', 'routes/partners/providers-test-catalog.tsx'),
  route('providers/videos-and-faqs', 'routes/partners/providers-videos-and-faqs.tsx'),
  route('providers/videos/:video', 'routes/partners/providers-video.tsx'),
];
