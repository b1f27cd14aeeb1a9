import { layout, type RouteConfig } from '@react-router/dev/routes';
import { accountRoutes } from './routes/account/account.routes';
import { authRoutes } from './routes/auth/auth.routes';
import { afterPaymentRoutes, checkoutRoutes } from './routes/checkout/checkout.routes';
import { consoleRoutes } from './routes/console/console.routes';
import { contentRoutes } from './routes/content/content.routes';
import { partnerRoutes } from './routes/partners/partners.routes';
import { providerRoutes } from './routes/providers/providers.routes';
import { notFoundRoutes, quizRoutes, shopRoutes } from './routes/shop/shop.routes';
import { supportRoutes } from './routes/support/support.routes';

// The pages sit in one folder per area of the shop, by who uses them (routes/shop, auth, account,
// checkout, content, partners, providers, console); each folder's *.routes.ts lists its pages.
// Here each area is placed in one of the specification's six layouts. Checkout shows the logo
// alone so nothing leads away from paying; the quiz keeps a way home; checkout, the quiz and the
// pages after payment end with the legal line, whose help link every shop page has in the same
// place; the operator console brings its own frame.
export default [
  layout('layouts/default.tsx', [
    ...shopRoutes,
    ...authRoutes,
    ...accountRoutes,
    ...contentRoutes,
    ...partnerRoutes,
    ...supportRoutes,
    ...notFoundRoutes,
  ]),
  layout('layouts/logo-clickable.tsx', quizRoutes),
  layout('layouts/logo.tsx', checkoutRoutes),
  layout('layouts/logo-legal-footer.tsx', afterPaymentRoutes),
  layout('layouts/providers.tsx', providerRoutes),
  layout('layouts/empty.tsx', consoleRoutes),
] satisfies RouteConfig;
