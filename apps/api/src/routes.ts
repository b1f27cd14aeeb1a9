import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@shop/db';
import type { Area } from './auth/areas.ts';
import { accountRoutes, signInRoutes } from './account/routes.ts';
import { orderCancelRoutes } from './account/order-cancel-routes.ts';
import { myDataRoutes } from './my-data/routes.ts';
import { authRoutes } from './account/auth-routes.ts';
import { orderTeamRoles, roles, staffRoles } from './auth/session.ts';
import { outboxRoutes } from './admin/routes.ts';
import { adminJobRoutes } from './jobs/admin-routes.ts';
import { jobsTestClockRoutes } from './jobs/test-clock-routes.ts';
import { adminOrderRoutes } from './admin/order-routes.ts';
import { adminKitFailureRoutes } from './admin/kit-failure-routes.ts';
import { adminPeopleRoutes } from './admin/people-routes.ts';
import { adminCoachingRoutes } from './coaching/admin-routes.ts';
import { adminEmployerRoutes } from './employers/admin-routes.ts';
import { adminDemoRequestRoutes } from './employers/demo-request-routes.ts';
import { adminEmployerInvoiceRoutes, businessInvoiceRoutes } from './employers/invoice-routes.ts';
import { employerRoutes } from './employers/routes.ts';
import { employerTestClockRoutes } from './employers/test-clock-routes.ts';
import { rewardsTestClockRoutes } from './payouts/test-clock-routes.ts';
import { businessEligibilityRoutes } from './employers/portal-eligibility-routes.ts';
import { businessPortalRoutes } from './employers/portal-routes.ts';
import { businessBillingRoutes } from './employers/billing-routes.ts';
import { adminClinicRoutes } from './providers/console-routes.ts';
import { adminEmployerRevocationRoutes, businessLaunchRoutes } from './employers/launch-kit-routes.ts';
import { businessAdminRoutes, employerInvitationRoutes } from './employers/admin-invitation-routes.ts';
import { coachingRoutes } from './coaching/routes.ts';
import { meetingRoomRoutes } from './coaching/room-routes.ts';
import { adminLabReviewRoutes } from './lab-reviews/admin-routes.ts';
import { adminOutsideReportRoutes, outsideReportRoutes } from './lab-reviews/outside-routes.ts';
import { labReviewRoutes } from './lab-reviews/routes.ts';
import { adminExperimentRoutes } from './experiments/admin-routes.ts';
import { experimentRoutes } from './experiments/routes.ts';
import { cartRoutes } from './cart/routes.ts';
import { cartGiftRoutes } from './gifts/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { checkoutRoutes } from './checkout/routes.ts';
import { programChargeRoutes } from './programs/routes.ts';
import { programPlanRoutes } from './programs/plan-routes.ts';
import { programRetestRoutes } from './programs/retest-routes.ts';
import { programTestClockRoutes } from './programs/test-clock-routes.ts';
import { healthRoutes } from './health/routes.ts';
import { giftRedemptionRoutes } from './gifts/redemption-routes.ts';
import { storeCreditRoutes } from './store-credit/routes.ts';
import { minorRoutes } from './minors/routes.ts';
import { labRoutes } from './labs/routes.ts';
import { leadRoutes } from './leads/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { sampleSentRoutes } from './orders/sample-sent-routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { paymentWebhookRoutes } from './billing/webhook-routes.ts';
import { consoleReads, recordConsoleRead } from './audit/console-reads.ts';
import { accountAuditRoutes, adminAuditRoutes } from './audit/routes.ts';
import { providerReferralRoutes } from './affiliates/provider-referrals.ts';
import { adminSupportRoutes } from './support/admin-routes.ts';
import { memberSupportRoutes, supportRoutes } from './support/routes.ts';
import { adminStaffRoutes } from './staff/admin-routes.ts';
import { adminLicenceRoutes } from './staff/licence-routes.ts';
import { staffInvitationRoutes } from './staff/routes.ts';
import { adminChargeRetryRoutes } from './charge-retries/routes.ts';
import { quizRoutes } from './quiz/routes.ts';
import { healthConsentRoutes, memberHealthConsentRoutes } from './health-consents/routes.ts';
import { promotionRoutes } from './cart/coupon-routes.ts';
import { couponAdminRoutes } from './promotions/admin-routes.ts';
import { referralLandingRoutes, referralRoutes } from './promotions/referral-routes.ts';
import { affiliateLandingRoutes } from './affiliates/landing-routes.ts';
import { affiliateAreaRoutes } from './affiliates/area-routes.ts';
import { adminAffiliateRoutes } from './affiliates/admin-routes.ts';
import { adminPayoutRoutes } from './payouts/admin-routes.ts';
import { affiliateApplicationRoutes } from './affiliates/application-routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { labResultsRoutes } from './results/lab-routes.ts';
import { resultsRoutes } from './results/routes.ts';
import { healthRecordRoutes } from './results/health-record-routes.ts';
import { resultsEntryRoutes } from './results/admin-routes.ts';
import { resultOutreachRoutes } from './results/outreach-routes.ts';
import { textOutboxRoutes } from './texts/admin-routes.ts';
import { adminSubscriptionRoutes } from './subscriptions/admin-routes.ts';
import { dailyRoutes } from './daily/routes.ts';
import { subscriptionRoutes } from './subscriptions/routes.ts';
import { subscriptionTestClockRoutes } from './subscriptions/test-clock-routes.ts';
import { providerAreaRoutes } from './providers/area-routes.ts';
import { providerPublicRoutes } from './providers/routes.ts';
import { payLinkRoutes } from './providers/pay-link-routes.ts';

/**
 * Every route of the API, by who may use it: the guarded areas, each entered by its roles alone
 * (decisions 0017 and 0092), then the routes open to anyone, whose handlers judge the visitor
 * themselves (a cart, a checkout, a pay link). `app.ts` mounts them under `/api` in this order.
 */
export function shopAreas(db: Database): Area[] {
  return [
    {
      name: 'console',
      prefix: '/admin',
      roles: staffRoles,
      defaultRoles: orderTeamRoles,
      // every staff read of a member's data is written to the audit log, here, once for the whole console
      reads: {
        sorted: (path) => Object.hasOwn(consoleReads, path),
        record: (request, path) => recordConsoleRead(db, request, path),
      },
      routes: [
        adminCoachingRoutes,
        adminDemoRequestRoutes,
        adminEmployerRoutes,
        adminEmployerRevocationRoutes,
        adminClinicRoutes,
        adminEmployerInvoiceRoutes,
        adminLabReviewRoutes,
        adminOutsideReportRoutes,
        adminOrderRoutes,
        adminPeopleRoutes,
        minorRoutes,
        couponAdminRoutes,
        adminSubscriptionRoutes,
        resultsEntryRoutes,
        resultOutreachRoutes,
        outboxRoutes,
        textOutboxRoutes,
        adminJobRoutes,
        adminChargeRetryRoutes,
        adminSupportRoutes,
        adminStaffRoutes,
        adminLicenceRoutes,
        adminExperimentRoutes,
        adminAffiliateRoutes,
        adminPayoutRoutes,
        adminKitFailureRoutes,
        adminAuditRoutes,
      ],
    },
    // the employer portal: an employer admin's own group, in aggregate figures only
    {
      name: 'business',
      prefix: '/business',
      roles: ['employer_admin'],
      routes: [
        businessPortalRoutes,
        businessInvoiceRoutes,
        businessBillingRoutes,
        businessEligibilityRoutes,
        businessAdminRoutes,
        businessLaunchRoutes,
      ],
    },
    // an affiliate's own dashboard: their codes' clicks and earnings, never a customer
    { name: 'affiliate', prefix: '/affiliate', roles: ['affiliate'], routes: [affiliateAreaRoutes] },
    // a clinic's dashboard: its own team and clients, the clinic found from the member's session
    {
      name: 'providers',
      prefix: '/providers',
      roles: ['provider_admin', 'provider_staff'],
      routes: [providerAreaRoutes, providerReferralRoutes],
    },
    // the member's own account: anyone signed in, each route reading the member's own rows only
    {
      name: 'account',
      prefix: '/account',
      roles,
      routes: [
        accountRoutes,
        accountAuditRoutes,
        memberHealthConsentRoutes,
        referralRoutes,
        programPlanRoutes,
        programRetestRoutes,
        subscriptionRoutes,
        dailyRoutes,
        coachingRoutes,
        labReviewRoutes,
        outsideReportRoutes,
        orderCancelRoutes,
        myDataRoutes,
        healthRecordRoutes,
        storeCreditRoutes,
        memberSupportRoutes,
      ],
    },
  ];
}

/** Open to anyone: the shop's pages' reads, the cart and checkout, the forms, the webhooks. */
export const openRoutes: readonly FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  signInRoutes,
  catalogRoutes,
  quizRoutes,
  healthConsentRoutes,
  cartRoutes,
  cartGiftRoutes,
  promotionRoutes,
  referralLandingRoutes,
  affiliateLandingRoutes,
  affiliateApplicationRoutes,
  paymentRoutes,
  paymentWebhookRoutes,
  checkoutRoutes,
  programChargeRoutes,
  meetingRoomRoutes,
  experimentRoutes,
  providerPublicRoutes,
  payLinkRoutes,
  orderRoutes,
  sampleSentRoutes,
  labRoutes,
  reportRoutes,
  resultsRoutes,
  labResultsRoutes,
  leadRoutes,
  giftRedemptionRoutes,
  employerRoutes,
  employerInvitationRoutes,
  supportRoutes,
  staffInvitationRoutes,
];

/** The test clock's routes (SHOP_TEST_CLOCK=1 only): the browser tests move time with them. */
export const testClockRoutes: readonly FastifyPluginAsync[] = [
  subscriptionTestClockRoutes,
  programTestClockRoutes,
  employerTestClockRoutes,
  rewardsTestClockRoutes,
  jobsTestClockRoutes,
];
