import { createHttp, type HttpOptions } from './http.ts';
import { createCall, type AnswerOf, type ApiPath, type BodyOf, type ParamsOf, type QueryOf, type ResponseOf } from './typed.ts';
import { leadPaths, type LeadInput, type LeadKind, type UsState, type ConsentKind, type ShareConsentKind } from '@shop/core';

export { ApiError, isApiError } from './errors.ts';
export { resolveApiBaseUrl } from './config.ts';
export { createHttp, RETRY_ATTEMPTS, RETRY_DELAY_MS } from './http.ts';
export type { AnswerOf, ApiPath, BodyOf, CallInput, MethodOf, ParamsOf, QueryOf, ResponseOf } from './typed.ts';
export type { paths } from './api-types.ts';

// The names the pages use for the API's shapes, each read off the OpenAPI document
// (packages/client/openapi.json, from the API's route schemas): none is written out by hand.

export type BusinessBilling = ResponseOf<'/api/business/billing', 'get'>;
export type BusinessPaymentAnswer = ResponseOf<'/api/business/invoices/{invoiceId}/payments', 'post'>;
export type QuizResult = ResponseOf<'/api/quiz-results/{id}', 'get'>;
export type AffiliateLanding = ResponseOf<'/api/affiliate-landings/{code}', 'get'>;
export type Cart = ResponseOf<'/api/cart', 'get'>;
export type CartItem = Cart['items'][number];
export type AddToCart = BodyOf<'/api/cart/items', 'post'>;
/** The gift in the cart: its type, what it holds, and the delivery form once filled in. */
export type CartGift = NonNullable<ResponseOf<'/api/cart/gift', 'get'>['gift']>;
/** What a gift holds, as the gift pages choose it: up to five areas, or the Complete bundle. */
export type GiftChoice = BodyOf<'/api/cart/gift', 'put'>;
/** The 409 body of an addition that would replace the quiz starter test. */
export type CartChangeConfirmation = Extract<AnswerOf<'/api/cart/items', 'post', 409>, { code: 'CART_CHANGE_NEEDS_CONFIRMATION' }>;
export type OrderSummary = ResponseOf<'/api/orders', 'get'>['orders'][number];
export type OrderDetail = ResponseOf<'/api/orders/{id}', 'get'>;
/** One kit of an order and where it is on its track. */
export type OrderKit = OrderDetail['kits'][number];
/** An order's gift, as its purchaser and the console see it (never its code). */
export type OrderGift = NonNullable<OrderDetail['gift']>;
/** An order as the console sees it: with its customer, its kits' codes and what may be done now. */
export type AdminOrder = ResponseOf<'/api/admin/orders/{id}', 'get'>;
export type AdminApprovalQueue = ResponseOf<'/api/admin/orders/approval-queue', 'get'>;
export type AdminClinicians = ResponseOf<'/api/admin/clinicians', 'get'>;
export type ConsoleActionName = AdminOrder['actions'][number]['action'];
export type Paged = Pick<ResponseOf<'/api/admin/orders', 'get'>, 'page' | 'pageSize' | 'total'>;
export type AdminCustomer = ResponseOf<'/api/admin/customers', 'get'>['customers'][number];
export type AdminLead = ResponseOf<'/api/admin/leads', 'get'>['leads'][number];
export type AdminCoupon = ResponseOf<'/api/admin/coupons', 'post'>;
export type Lab = ResponseOf<'/api/labs', 'get'>['labs'][number];
/** An order's lab results, kit by kit; a kit without results yet has an empty list. */
export type OrderResults = ResponseOf<'/api/orders/{id}/results', 'get'>;
/** The member's lifetime health record: every order's released results as a timeline, and a trend per biomarker. */
export type HealthRecord = ResponseOf<'/api/account/health-record', 'get'>;
export type BiomarkerTrendView = HealthRecord['biomarkers'][number];
/** One biomarker of a lab result, against its reference range. */
export type BiomarkerResultView = OrderResults['kits'][number]['results'][number];
/** A gift as its code shows it to the recipient: what it holds, and only the giver's first name. */
export type GiftView = ResponseOf<'/api/gifts/check', 'post'>;
/** The customer's store credit: the spendable balance and each gift card. */
export type StoreCredit = ResponseOf<'/api/account/store-credit', 'get'>;
/** The Improvement Program charge of an order, as its approval page shows it. */
export type ProgramCharge = ResponseOf<'/api/checkout/program-charges/{orderId}', 'get'>;
/** A member's test subscription, as their account shows it. */
export type Subscription = ResponseOf<'/api/account/subscriptions/{id}/cancel', 'post'>;
export type FoodLog = ResponseOf<'/api/account/daily/food-log', 'get'>;
/** A member's data archive prepared by the worker and e-mailed as a link: being prepared, ready, failed or expired. */
export type DataArchive = ResponseOf<'/api/account/my-data/archives/{id}', 'get'>;
export type MealPlan = ResponseOf<'/api/account/daily/meal-plan', 'get'>;
export type Marketplace = ResponseOf<'/api/account/daily/marketplace', 'get'>;
export type FoodLogEntry = FoodLog['days'][number]['entries'][number];
/** A subscription delivery's charge, as its approval page shows it. */
export type SubscriptionDeliveryCharge = ResponseOf<'/api/account/subscriptions/deliveries/{id}/charge', 'get'>;
/** The subscriptions console: what is due, waiting, to ship and shipped, and every subscription. */
export type AdminSubscriptions = ResponseOf<'/api/admin/subscriptions', 'get'>;
export type AdminSubscriptionLine = AdminSubscriptions['subscriptions'][number];
export type AdminSubscriptionDelivery = AdminSubscriptions['attention'][number];
/** A member's health coach sessions: paid, booked and left, their booked sessions and the open slots. */
export type CoachingOverview = ResponseOf<'/api/account/coaching', 'get'>;
/** The member's active Improvement Program: plan, timeline and weekly shopping lists. */
export type MemberProgram = ResponseOf<'/api/account/program', 'get'>;
export type ProgramShoppingList = MemberProgram['shoppingLists'][number];
export type ProgramRetests = ResponseOf<'/api/account/program/retests', 'get'>;
export type ProgramRetest = ProgramRetests['retests'][number];
export type BiomarkerComparisonRow = ProgramRetests['comparison'][number];
/** The 3rd test offered at the end of the member's program: their starter test again. */
export type ThirdTestOffer = NonNullable<ResponseOf<'/api/account/program/third-test', 'get'>['offer']>;
/** A coaching slot in the console, with who booked it. */
export type AdminCoachingSlot = ResponseOf<'/api/admin/coaching/slots', 'get'>['slots'][number];
/** A member's nutritional plans: waiting for their labs, in review, or written. */
export type NutritionalPlan = ResponseOf<'/api/account/nutritional-plans', 'get'>['plans'][number];
export type LabUploadReceipt = ResponseOf<'/api/account/nutritional-plans/{orderId}/files', 'post'>;
/** A report from another lab the member uploaded for their health record: waiting, or entered. */
export type OutsideReport = ResponseOf<'/api/account/outside-reports', 'get'>['reports'][number];
export type AdminOutsideQueue = ResponseOf<'/api/admin/outside-reports', 'get'>;
export type AdminOutsideReport = ResponseOf<'/api/admin/outside-reports/{id}', 'get'>;
/** The console's nutritional plan reviews: open ones with their clock, then the latest sent. */
export type AdminLabReviewQueue = ResponseOf<'/api/admin/lab-reviews', 'get'>;
export type AdminLabReview = ResponseOf<'/api/admin/lab-reviews/{id}', 'get'>;
/** Results held for a clinician's outreach (a critical or alert value): the queue with its clocks, and one hold. */
export type AdminResultHold = ResponseOf<'/api/admin/result-holds', 'get'>['holds'][number];
export type AdminResultHoldDetail = ResponseOf<'/api/admin/result-holds/{id}', 'get'>;
/** The cart's discount code and what it takes off. */
export type CartDiscounts = ResponseOf<'/api/cart/coupon', 'post'>;
/** A placed order; `requiresAction` when the bank asks the customer to authenticate first. */
export type CheckoutResult = ResponseOf<'/api/checkout/orders', 'post'>;
/** An employer group as its employees see it: name, cover, goals and how eligibility is proven. */
export type EmployerGroupPage = ResponseOf<'/api/employers/{slug}', 'get'>;
/** What an employee proves eligibility with: a single-use code, or their census line. */
/** The signed-in employee's covers this plan year, and where each stands. */
export type MyEmployerCover = ResponseOf<'/api/employers/my-covers', 'get'>['covers'][number];
export type EligibilityProof = BodyOf<'/api/employers/{slug}/eligibility', 'post'>['proof'];
/** An employer group as the console shows it: its settings and counts that name nobody. */
export type AdminEmployerGroup = ResponseOf<'/api/admin/employers/{id}', 'get'>;
export type EmployerGroupSettings = BodyOf<'/api/admin/employers', 'post'>;
export type CensusUploadAnswer = ResponseOf<'/api/admin/employers/{id}/census', 'post'>;
export type EmployerBank = ResponseOf<'/api/admin/employers/{id}/bank', 'get'>;
/** The employer portal's census in force: version, row count, uploaded when and by whom. */
export type BusinessCensus = ResponseOf<'/api/business/census', 'get'>;
/** A census the portal refused: core's reasons, each at its line. */
export type BusinessCensusRefusal = AnswerOf<'/api/business/census', 'post', 422>;
export type BusinessCodeBatch = ResponseOf<'/api/business/codes', 'get'>['batches'][number];
/** The employer portal: the admin's own group and its figures, never a person. */
export type BusinessPortal = ResponseOf<'/api/business/portal', 'get'>;
export type BusinessLaunchKit = ResponseOf<'/api/business/portal/launch-kit', 'get'>;
export type BusinessBankNotice = ResponseOf<'/api/business/portal/bank-notice', 'get'>;
/** A clinic's dashboard: the clinic, the member asking and their role there, and its figures. */
export type ProviderDashboard = ResponseOf<'/api/providers/dashboard', 'get'>;
/** A clinic's saved card as its admins see it: brand, last four and expiry, or none. */
export type ProviderClinicCard = ResponseOf<'/api/providers/billing/card', 'get'>;
/** Which gateway takes cards, and what its card form needs. */
export type PaymentsConfig = ResponseOf<'/api/payments/config', 'get'>;
/** A clinic's team: members; for admins, invitations and requests to join waiting. */
export type ProviderTeam = ResponseOf<'/api/providers/team', 'get'>;
export type ProviderClient = ResponseOf<'/api/providers/clients/{id}', 'get'>;
export type ProviderOrder = ResponseOf<'/api/providers/orders', 'get'>['orders'][number];
export type ProviderDraft = ResponseOf<'/api/providers/drafts', 'get'>['drafts'][number];
/** A clinic's order as its client's link shows it: a pay link, or an order the clinic paid. */
export type PayLinkView = ResponseOf<'/api/pay-links/open', 'post'>;
export type ClinicFeeLedger = ResponseOf<'/api/providers/fees', 'get'>;
export type ProviderWebhooks = ResponseOf<'/api/providers/webhooks', 'get'>;
export type ProviderSignUpForm = BodyOf<'/api/provider-signup', 'post'>;
/** The affiliate's own dashboard: their links, and per code and month the clicks, first orders and earnings. */
export type AffiliateDashboard = ResponseOf<'/api/affiliate/dashboard', 'get'>;
/** The console's affiliates: each with their codes, the reward ledger and the payouts. */
export type AdminAffiliates = ResponseOf<'/api/admin/affiliates', 'get'>;
export type AdminLedgerEntry = AdminAffiliates['ledger'][number];
export type AdminAffiliateApplication = AdminAffiliates['applications'][number];
export type AffiliateApplicationForm = BodyOf<'/api/affiliate-applications', 'post'>;
/** The console's payouts: affiliates and clinics with what they are owed and their payout account, and the latest payouts. */
export type AdminPayouts = ResponseOf<'/api/admin/payouts', 'get'>;
export type AdminPayee = AdminPayouts['payees'][number];
export type PayoutAccountForm = BodyOf<'/api/admin/payouts/accounts', 'post'>;
export type AffiliateMemberApplicationForm = BodyOf<'/api/affiliate-applications/mine', 'post'>;
export type AffiliateApprovalForm = BodyOf<'/api/admin/affiliates/{id}/approve', 'post'>;

type LeadPath = Extract<ApiPath, `/api/leads/${string}`>;
type AdminOrderActionPath = Extract<ApiPath, `/api/admin/orders/{id}/${'approve' | 'decline' | 'refund' | 'cancel' | 'resend-email'}`>;
type AdminOrderAction = AdminOrderActionPath extends `/api/admin/orders/{id}/${infer A}` ? A : never;

export function createApiClient(options: HttpOptions = {}) {
  const http = createHttp(options);
  const call = createCall(http);
  return {
    baseUrl: http.baseUrl,
    health: () => call('get', '/api/health'),
    submitQuiz: (
      variant: BodyOf<'/api/quiz-results', 'post'>['variant'],
      answers: BodyOf<'/api/quiz-results', 'post'>['answers'],
      consent?: BodyOf<'/api/quiz-results', 'post'>['consent'],
    ) => call('post', '/api/quiz-results', { body: { variant, answers, consent } }),
    latestQuizResult: () => call('get', '/api/quiz-results/latest'),
    getQuizResult: (id: string) => call('get', '/api/quiz-results/{id}', { params: { id } }),
    getCart: () => call('get', '/api/cart'),
    addToCart: (item: AddToCart) => call('post', '/api/cart/items', { body: item }),
    updateCartItem: (itemId: string, change: BodyOf<'/api/cart/items/{itemId}', 'patch'>) =>
      call('patch', '/api/cart/items/{itemId}', { params: { itemId }, body: change }),
    removeFromCart: (itemId: string) => call('delete', '/api/cart/items/{itemId}', { params: { itemId } }),
    getCartGift: () => call('get', '/api/cart/gift'),
    /** puts a gift in the cart, or changes what it holds */
    chooseGift: (choice: GiftChoice) => call('put', '/api/cart/gift', { body: choice }),
    saveGiftDelivery: (delivery: BodyOf<'/api/cart/gift/delivery', 'put'>) => call('put', '/api/cart/gift/delivery', { body: delivery }),
    referral: () => call('get', '/api/account/referral'),
    /** an affiliate's landing page: 404 for a code that is unknown or disabled */
    affiliateLanding: (code: string) => call('get', '/api/affiliate-landings/{code}', { params: { code } }),
    affiliateDashboard: () => call('get', '/api/affiliate/dashboard'),
    /** where the affiliate's browser downloads their dashboard as CSV, under the API's public base URL */
    affiliateDashboardCsvPath: (publicApiBaseUrl = '/api') => `${publicApiBaseUrl}/affiliate/dashboard.csv`,
    adminAffiliates: () => call('get', '/api/admin/affiliates'),
    adminPayouts: () => call('get', '/api/admin/payouts'),
    /** an operator sets the Stripe account a payee's transfers go to (audited) */
    setPayoutAccount: (form: PayoutAccountForm) => call('post', '/api/admin/payouts/accounts', { body: form }),
    /** where an operator's browser downloads a month's payout batch as CSV, under the API's public base URL */
    payoutBatchCsvPath: (period: string, publicApiBaseUrl = '/api') =>
      `${publicApiBaseUrl}/admin/payouts/batch.csv?period=${encodeURIComponent(period)}`,
    /** an operator voids a pending ledger entry, with the reason (audited) */
    voidLedgerEntry: (id: string, reason: string) =>
      call('post', '/api/admin/affiliates/ledger/{id}/void', { params: { id }, body: { reason } }),
    /** an application to the affiliate program: makes the applicant's account and signs it in */
    applyAsAffiliate: (form: AffiliateApplicationForm) => call('post', '/api/affiliate-applications', { body: form }),
    /** an application with the signed-in customer's account */
    applyAsMemberAffiliate: (form: AffiliateMemberApplicationForm) => call('post', '/api/affiliate-applications/mine', { body: form }),
    /** the signed-in account's own application: its state only */
    myAffiliateApplication: () => call('get', '/api/affiliate-applications/mine'),
    /** an operator approves an application with codes, the landing's words and the commission (audited, e-mailed) */
    approveAffiliateApplication: (id: string, approval: AffiliateApprovalForm) =>
      call('post', '/api/admin/affiliates/{id}/approve', { params: { id }, body: approval }),
    /** an operator declines an application with the reason the applicant is sent (audited) */
    declineAffiliateApplication: (id: string, reason: string) =>
      call('post', '/api/admin/affiliates/{id}/decline', { params: { id }, body: { reason } }),
    applyCoupon: (code: string) => call('post', '/api/cart/coupon', { body: { code } }),
    removeCoupon: () => call('delete', '/api/cart/coupon'),
    paymentsConfig: () => call('get', '/api/payments/config'),
    authenticateTestPayment: (clientSecret: string, approve: boolean) =>
      call('post', '/api/payments/test-gateway/authentications', { body: { clientSecret, approve } }),
    createTestPaymentMethod: (card: BodyOf<'/api/payments/test-gateway/payment-methods', 'post'>) =>
      call('post', '/api/payments/test-gateway/payment-methods', { body: card }),
    checkoutAccount: (account: BodyOf<'/api/checkout/account', 'post'>) => call('post', '/api/checkout/account', { body: account }),
    /**
     * `tested`: where the person tested lives, which a cart holding a test needs; `consents`: each
     * consent the cart needs (core's `consentsNeeded`), which the customer checked
     */
    placeOrder: (
      paymentMethod: string,
      idempotencyKey: string,
      tested: { testedState?: UsState | undefined; testedZip?: string } = {},
      consents: ReadonlyArray<ConsentKind | 'collect_health_data' | ShareConsentKind> = [],
    ) =>
      call('post', '/api/checkout/orders', {
        body: { paymentMethod, ...tested, consents: [...consents] },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    programCharge: (orderId: string) => call('get', '/api/checkout/program-charges/{orderId}', { params: { orderId } }),
    approveProgramCharge: (orderId: string, paymentMethod?: string) =>
      call('post', '/api/checkout/program-charges/{orderId}/approval', {
        params: { orderId },
        body: paymentMethod ? { paymentMethod } : {},
      }),
    confirmProgramCharge: (orderId: string) => call('post', '/api/checkout/program-charges/{orderId}/confirm', { params: { orderId } }),
    subscriptions: () => call('get', '/api/account/subscriptions'),
    foodLog: () => call('get', '/api/account/daily/food-log'),
    mealPlan: () => call('get', '/api/account/daily/meal-plan'),
    marketplace: () => call('get', '/api/account/daily/marketplace'),
    logFood: (entry: BodyOf<'/api/account/daily/food-log', 'post'>) => call('post', '/api/account/daily/food-log', { body: entry }),
    removeFoodLogEntry: (id: string) => call('delete', '/api/account/daily/food-log/{id}', { params: { id } }),
    cancelSubscription: (id: string) => call('post', '/api/account/subscriptions/{id}/cancel', { params: { id } }),
    /** cancels one's own order before it ships, refunded in full */
    cancelOrder: (id: string) => call('post', '/api/account/orders/{id}/cancel', { params: { id } }),
    subscriptionDeliveryCharge: (deliveryId: string) =>
      call('get', '/api/account/subscriptions/deliveries/{id}/charge', { params: { id: deliveryId } }),
    approveSubscriptionDelivery: (deliveryId: string, paymentMethod?: string) =>
      call('post', '/api/account/subscriptions/deliveries/{id}/approval', {
        params: { id: deliveryId },
        body: paymentMethod ? { paymentMethod } : {},
      }),
    confirmSubscriptionDelivery: (deliveryId: string) =>
      call('post', '/api/account/subscriptions/deliveries/{id}/confirm', { params: { id: deliveryId } }),
    adminSubscriptions: () => call('get', '/api/admin/subscriptions'),
    program: () => call('get', '/api/account/program'),
    programRetests: () => call('get', '/api/account/program/retests'),
    /** the 3rd test offered at the end of the program; `offer` is null before its week 8 */
    thirdTestOffer: () => call('get', '/api/account/program/third-test'),
    emailShoppingList: (week: number) => call('post', '/api/account/program/shopping-list/email', { body: { week } }),
    coaching: () => call('get', '/api/account/coaching'),
    openCoachingSlots: () => call('get', '/api/account/coaching/slots'),
    bookCoachingSession: (slotId: string) => call('post', '/api/account/coaching/bookings', { body: { slotId } }),
    rescheduleCoachingSession: (bookingId: string, slotId: string) =>
      call('post', '/api/account/coaching/reschedule', { body: { bookingId, slotId } }),
    cancelCoachingSession: (bookingId: string) => call('post', '/api/account/coaching/cancel', { body: { bookingId } }),
    meetingRoom: (room: string) => call('get', '/api/meet/{room}', { params: { room } }),
    adminCoachingSlots: () => call('get', '/api/admin/coaching/slots'),
    publishCoachingSlot: (slot: BodyOf<'/api/admin/coaching/slots', 'post'>) => call('post', '/api/admin/coaching/slots', { body: slot }),
    cancelCoachingSlot: (slotId: string) => call('post', '/api/admin/coaching/slots/{id}/cancel', { params: { id: slotId } }),
    nutritionalPlans: () => call('get', '/api/account/nutritional-plans'),
    /** one file of the member's lab report, its bytes as they are */
    uploadLabFile: (orderId: string, bytes: Uint8Array<ArrayBuffer>) =>
      http.request<LabUploadReceipt>('POST', `/account/nutritional-plans/${encodeURIComponent(orderId)}/files`, { bytes }),
    outsideReports: () => call('get', '/api/account/outside-reports'),
    /** a report from another lab, its bytes as they are; the lab and the collection day (and a consent ticked now) in the query */
    uploadOutsideReport: (fields: { labName: string; collectedOn: string; consentVersion?: string }, bytes: Uint8Array<ArrayBuffer>) => {
      const query = new URLSearchParams({ labName: fields.labName, collectedOn: fields.collectedOn });
      if (fields.consentVersion) query.set('consentVersion', fields.consentVersion);
      return http.request<OutsideReport>('POST', `/account/outside-reports?${query.toString()}`, { bytes });
    },
    deleteOutsideReport: (id: string) => call('post', '/api/account/outside-reports/{id}/delete', { params: { id } }),
    adminOutsideReports: () => call('get', '/api/admin/outside-reports'),
    adminOutsideReport: (id: string) => call('get', '/api/admin/outside-reports/{id}', { params: { id } }),
    /** where staff's browser opens an outside report's file, under the API's public base URL */
    adminOutsideFilePath: (id: string, publicApiBaseUrl = '/api') =>
      `${publicApiBaseUrl}/admin/outside-reports/${encodeURIComponent(id)}/file`,
    enterOutsideResults: (id: string, body: BodyOf<'/api/admin/outside-reports/{id}/results', 'post'>) =>
      call('post', '/api/admin/outside-reports/{id}/results', { params: { id }, body }),
    /** where the browser downloads a written nutritional plan as a PDF, under the API's public base URL */
    nutritionalPlanPdfPath: (orderId: string, publicApiBaseUrl = '/api') =>
      `${publicApiBaseUrl}/account/nutritional-plans/${encodeURIComponent(orderId)}/plan.pdf`,
    /** the variant of an experiment this visitor is shown, recorded as their exposure (the server calls it as the page renders) */
    exposeExperiment: (experimentId: string) => call('post', '/api/experiments/{experimentId}/exposures', { params: { experimentId } }),
    reportClientError: (report: BodyOf<'/api/client-errors', 'post'>) => call('post', '/api/client-errors', { body: report }),
    adminExperiments: () => call('get', '/api/admin/experiments'),
    adminClientErrors: () => call('get', '/api/admin/client-errors'),
    turnExperimentVariantOff: (id: string, variant: string) =>
      call('post', '/api/admin/experiments/{id}/variants/off', { params: { id }, body: { variant } }),
    endExperiment: (id: string, defaultVariant: string | null) =>
      call('post', '/api/admin/experiments/{id}/end', { params: { id }, body: { defaultVariant } }),
    adminLabReviews: () => call('get', '/api/admin/lab-reviews'),
    adminLabReview: (id: string) => call('get', '/api/admin/lab-reviews/{id}', { params: { id } }),
    adminResultHolds: () => call('get', '/api/admin/result-holds'),
    adminResultHold: (id: string) => call('get', '/api/admin/result-holds/{id}', { params: { id } }),
    recordOutreachAttempt: (id: string, attempt: BodyOf<'/api/admin/result-holds/{id}/attempts', 'post'>) =>
      call('post', '/api/admin/result-holds/{id}/attempts', { params: { id }, body: attempt }),
    releaseHeldResults: (id: string, note: string) =>
      call('post', '/api/admin/result-holds/{id}/release', { params: { id }, body: { note } }),
    /** where a reviewer's browser opens one file of a review, under the API's public base URL */
    adminLabFilePath: (reviewId: string, fileId: string, publicApiBaseUrl = '/api') =>
      `${publicApiBaseUrl}/admin/lab-reviews/${encodeURIComponent(reviewId)}/files/${encodeURIComponent(fileId)}`,
    writeLabPlan: (id: string, plan: BodyOf<'/api/admin/lab-reviews/{id}/plan', 'post'>) =>
      call('post', '/api/admin/lab-reviews/{id}/plan', { params: { id }, body: plan }),
    adminShipSubscriptionDelivery: (deliveryId: string, trackingNumber: string) =>
      call('post', '/api/admin/subscriptions/deliveries/{id}/ship', { params: { id: deliveryId }, body: { trackingNumber } }),
    confirmOrderPayment: (orderId: string) => call('post', '/api/checkout/orders/{orderId}/confirm', { params: { orderId } }),
    checkGift: (code: string) => call('post', '/api/gifts/check', { body: { code } }),
    redeemGift: (redemption: BodyOf<'/api/gifts/redeem', 'post'>, idempotencyKey: string) =>
      call('post', '/api/gifts/redeem', { body: redemption, headers: { 'Idempotency-Key': idempotencyKey } }),
    storeCredit: () => call('get', '/api/account/store-credit'),
    myEmployerCovers: () => call('get', '/api/employers/my-covers'),
    listOrders: () => call('get', '/api/orders'),
    getOrder: (id: string) => call('get', '/api/orders/{id}', { params: { id } }),
    orderResults: (orderId: string) => call('get', '/api/orders/{id}/results', { params: { id: orderId } }),
    healthRecord: () => call('get', '/api/account/health-record'),
    /** where the browser downloads an order's results as a PDF, under the API's public base URL */
    orderResultsPdfPath: (orderId: string, publicApiBaseUrl = '/api') =>
      `${publicApiBaseUrl}/orders/${encodeURIComponent(orderId)}/results.pdf`,
    /** where the browser downloads the lab requisition of an order waiting at its partner lab */
    orderRequisitionPdfPath: (orderId: string, publicApiBaseUrl = '/api') =>
      `${publicApiBaseUrl}/orders/${encodeURIComponent(orderId)}/requisition.pdf`,
    /** the console: a clinician or operator enters one kit's results, once */
    enterResults: (
      orderId: string,
      kitSlug: ParamsOf<'/api/admin/orders/{id}/results/{kitSlug}', 'post'>['kitSlug'],
      resultSet: BodyOf<'/api/admin/orders/{id}/results/{kitSlug}', 'post'>,
    ) => call('post', '/api/admin/orders/{id}/results/{kitSlug}', { params: { id: orderId, kitSlug }, body: resultSet }),
    chooseCollection: (orderId: string, choice: BodyOf<'/api/orders/{id}/collection', 'post'>) =>
      call('post', '/api/orders/{id}/collection', { params: { id: orderId }, body: choice }),
    findLabs: (zip: string) => call('get', '/api/labs', { query: { zip } }),
    adminOrders: (filter: QueryOf<'/api/admin/orders', 'get'> = {}) => call('get', '/api/admin/orders', { query: filter }),
    adminOrder: (id: string) => call('get', '/api/admin/orders/{id}', { params: { id } }),
    /** the orders waiting for a clinician, oldest first, in lanes: the asker's to approve, another's, or no one's yet */
    adminApprovalQueue: () => call('get', '/api/admin/orders/approval-queue'),
    /** one console action on an order: approve, decline, refund, cancel, resend-email */
    adminOrderAction: (id: string, action: AdminOrderAction, reason?: string) =>
      call('post', `/api/admin/orders/{id}/${action}` as AdminOrderActionPath, { params: { id }, body: reason ? { reason } : {} }),
    /** the Improvement Program's guarantee (operators): a required reason, a refund to the card or store credit */
    adminApplyGuarantee: (id: string, body: { reason: string; method: 'refund' | 'store_credit' }) =>
      call('post', '/api/admin/orders/{id}/guarantee', { params: { id }, body }),
    adminShipKit: (id: string, kitSlug: string, trackingNumber: string) =>
      call('post', '/api/admin/orders/{id}/kits/{kitSlug}/ship', { params: { id, kitSlug }, body: { trackingNumber } }),
    adminSampleReceived: (id: string, kitSlug: string) =>
      call('post', '/api/admin/orders/{id}/kits/{kitSlug}/sample-received', { params: { id, kitSlug }, body: {} }),
    adminRejectSample: (id: string, kitSlug: string, rejection: { reason: string; note?: string }) =>
      call('post', '/api/admin/orders/{id}/kits/{kitSlug}/reject-sample', { params: { id, kitSlug }, body: rejection }),
    adminKitTasks: () => call('get', '/api/admin/kit-tasks'),
    adminReplaceKitOfTask: (id: string, note?: string) =>
      call('post', '/api/admin/kit-tasks/{id}/replace', { params: { id }, body: { note } }),
    adminRefundKitOfTask: (id: string, note?: string) =>
      call('post', '/api/admin/kit-tasks/{id}/refund', { params: { id }, body: { note } }),
    /** the audit log, newest first, filtered by member and staff member (operators) */
    adminAudit: (filter: QueryOf<'/api/admin/audit', 'get'> = {}) => call('get', '/api/admin/audit', { query: filter }),
    adminCustomers: (filter: QueryOf<'/api/admin/customers', 'get'> = {}) => call('get', '/api/admin/customers', { query: filter }),
    adminLeads: (filter: QueryOf<'/api/admin/leads', 'get'> = {}) => call('get', '/api/admin/leads', { query: filter }),
    adminDemoRequests: (filter: QueryOf<'/api/admin/demo-requests', 'get'> = {}) =>
      call('get', '/api/admin/demo-requests', { query: filter }),
    adminDemoRequest: (id: string) => call('get', '/api/admin/demo-requests/{id}', { params: { id } }),
    moveDemoRequest: (id: string, body: BodyOf<'/api/admin/demo-requests/{id}/status', 'post'>) =>
      call('post', '/api/admin/demo-requests/{id}/status', { params: { id }, body }),
    noteDemoRequest: (id: string, note: string) => call('post', '/api/admin/demo-requests/{id}/notes', { params: { id }, body: { note } }),
    createEmployerGroupFromDemoRequest: (id: string, group: EmployerGroupSettings) =>
      call('post', '/api/admin/demo-requests/{id}/employer-group', { params: { id }, body: group }),
    employerGroup: (slug: string) => call('get', '/api/employers/{slug}', { params: { slug } }),
    proveEmployerEligibility: (slug: string, body: BodyOf<'/api/employers/{slug}/eligibility', 'post'>) =>
      call('post', '/api/employers/{slug}/eligibility', { params: { slug }, body }),
    /** takes the employer's cover off the signed-in employee's cart, which they then buy at the normal price */
    dropEmployerCartCover: () => call('delete', '/api/employers/cart-cover'),
    /** e-mails the signed-in employee a one-time link to their work address, which proves eligibility by domain */
    requestEmployerWorkEmailLink: (slug: string, body: BodyOf<'/api/employers/{slug}/work-email', 'post'>) =>
      call('post', '/api/employers/{slug}/work-email', { params: { slug }, body }),
    adminClinics: () => call('get', '/api/admin/clinics'),
    adminClinic: (id: string) => call('get', '/api/admin/clinics/{id}', { params: { id } }),
    adminEmployerGroups: () => call('get', '/api/admin/employers'),
    adminEmployerGroup: (id: string) => call('get', '/api/admin/employers/{id}', { params: { id } }),
    createEmployerGroup: (group: EmployerGroupSettings) => call('post', '/api/admin/employers', { body: group }),
    updateEmployerGroup: (id: string, group: EmployerGroupSettings) =>
      call('put', '/api/admin/employers/{id}', { params: { id }, body: group }),
    mintEmployerCodes: (id: string, count: number) => call('post', '/api/admin/employers/{id}/codes', { params: { id }, body: { count } }),
    uploadEmployerCensus: (id: string, csv: string, dryRun: boolean) =>
      call('post', '/api/admin/employers/{id}/census', { params: { id }, body: { csv, dryRun } }),
    inviteEmployerAdmin: (id: string, email: string) =>
      call('post', '/api/admin/employers/{id}/admins', { params: { id }, body: { email } }),
    revokeEmployerAdmin: (id: string, email: string) =>
      call('post', '/api/admin/employers/{id}/admins/revoke', { params: { id }, body: { email } }),
    /** a group's admin invitations, newest first: sent, accepted or expired */
    adminEmployerInvitations: (id: string) => call('get', '/api/admin/employers/{id}/admins', { params: { id } }),
    businessPortal: () => call('get', '/api/business/portal'),
    /** the invitations of the admin's group, newest first: sent, accepted or expired */
    businessAdmins: () => call('get', '/api/business/portal/admins'),
    inviteBusinessAdmin: (email: string) => call('post', '/api/business/portal/admins', { body: { email } }),
    revokeBusinessAdmin: (email: string) => call('post', '/api/business/portal/admins/revoke', { body: { email } }),
    businessLaunchKit: () => call('get', '/api/business/portal/launch-kit'),
    businessBankNotice: () => call('get', '/api/business/portal/bank-notice'),
    businessInvoices: () => call('get', '/api/business/invoices'),
    businessCensus: () => call('get', '/api/business/census'),
    uploadBusinessCensus: (csv: string, dryRun: boolean) => call('post', '/api/business/census', { body: { csv, dryRun } }),
    businessCodeBatches: () => call('get', '/api/business/codes'),
    mintBusinessCodes: (count: number) => call('post', '/api/business/codes', { body: { count } }),
    businessInvoice: (invoiceId: string) => call('get', '/api/business/invoices/{invoiceId}', { params: { invoiceId } }),
    businessBilling: () => call('get', '/api/business/billing'),
    saveBusinessBillingDetails: (details: BodyOf<'/api/business/billing/details', 'put'>) =>
      call('put', '/api/business/billing/details', { body: details }),
    /** an invoice is charged once: a double submit joins the first payment */
    payBusinessInvoice: (invoiceId: string, paymentMethod: string) =>
      call('post', '/api/business/invoices/{invoiceId}/payments', { params: { invoiceId }, body: { paymentMethod } }),
    confirmBusinessPayment: (paymentId: string) => call('post', '/api/business/payments/{paymentId}/confirm', { params: { paymentId } }),
    /** a top-up is charged once per `requestKey`: the form's own, the same for a double submit */
    topUpBusinessBank: (topUp: BodyOf<'/api/business/bank/top-ups', 'post'>) => call('post', '/api/business/bank/top-ups', { body: topUp }),
    /** an invoice of an amount for the group's prepaid testing bank, once per request key (decision 0088) */
    requestBusinessTopUpInvoice: (topUp: BodyOf<'/api/business/bank/top-up-invoices', 'post'>) =>
      call('post', '/api/business/bank/top-up-invoices', { body: topUp }),
    /** where an employer admin's browser downloads one of their group's invoices, under the API's public base URL */
    businessInvoicePdfPath: (invoiceId: string, publicApiBaseUrl = '/api') =>
      `${publicApiBaseUrl}/business/invoices/${encodeURIComponent(invoiceId)}/invoice.pdf`,
    adminEmployerInvoices: (id: string) => call('get', '/api/admin/employers/{id}/invoices', { params: { id } }),
    /** where an operator's browser downloads one of a group's invoices, under the API's public base URL */
    adminEmployerInvoicePdfPath: (id: string, invoiceId: string, publicApiBaseUrl = '/api') =>
      `${publicApiBaseUrl}/admin/employers/${encodeURIComponent(id)}/invoices/${encodeURIComponent(invoiceId)}/invoice.pdf`,
    markEmployerInvoice: (id: string, invoiceId: string, status: 'paid' | 'void') =>
      call('post', '/api/admin/employers/{id}/invoices/{invoiceId}/status', { params: { id, invoiceId }, body: { status } }),
    /** a group's billing mode and its prepaid testing bank: balance and ledger, newest first */
    adminEmployerBank: (id: string) => call('get', '/api/admin/employers/{id}/bank', { params: { id } }),
    setEmployerBillingMode: (id: string, mode: 'invoice' | 'prepaid') =>
      call('put', '/api/admin/employers/{id}/billing-mode', { params: { id }, body: { mode } }),
    topUpEmployerBank: (id: string, topUp: BodyOf<'/api/admin/employers/{id}/bank/top-ups', 'post'>) =>
      call('post', '/api/admin/employers/{id}/bank/top-ups', { params: { id }, body: topUp }),
    /** takes money off a group's bank, with the reason and a reference (never more than the balance) */
    correctEmployerBank: (id: string, correction: BodyOf<'/api/admin/employers/{id}/bank/corrections', 'post'>) =>
      call('post', '/api/admin/employers/{id}/bank/corrections', { params: { id }, body: correction }),
    lookUpEmployerInvitation: (token: string) => call('post', '/api/employer-invitations/lookup', { body: { token } }),
    /** an invitation accepted with the account signed in: its address must be the invited one */
    acceptEmployerInvitation: (token: string) => call('post', '/api/employer-invitations/accept', { body: { token } }),
    acceptEmployerInvitationWithNewAccount: (form: BodyOf<'/api/employer-invitations/accept-with-new-account', 'post'>) =>
      call('post', '/api/employer-invitations/accept-with-new-account', { body: form }),
    adminCoupons: () => call('get', '/api/admin/coupons'),
    createCoupon: (coupon: BodyOf<'/api/admin/coupons', 'post'>) => call('post', '/api/admin/coupons', { body: coupon }),
    registerKit: (orderId: string, code: string) =>
      call('post', '/api/orders/{id}/kits/register', { params: { id: orderId }, body: { code } }),
    sampleSent: (orderId: string, kitSlug: string) =>
      call('post', '/api/orders/{id}/kits/{kitSlug}/sample-sent', { params: { id: orderId, kitSlug } }),
    requestPasswordReset: (email: string) => call('post', '/api/password-reset', { body: { email } }),
    setNewPassword: (form: BodyOf<'/api/new-password', 'post'>) => call('post', '/api/new-password', { body: form }),
    adminOutbox: (to?: string) => call('get', '/api/admin/outbox', { query: { to } }),
    adminJobs: () => call('get', '/api/admin/jobs'),
    adminRetryJob: (id: string) => call('post', '/api/admin/jobs/{id}/retry', { params: { id } }),
    adminDiscardJob: (id: string) => call('post', '/api/admin/jobs/{id}/discard', { params: { id } }),
    /** unbilled programs and failed renewals, each with no try queued */
    adminStuckCharges: () => call('get', '/api/admin/billing/stuck'),
    adminRetryProgramBilling: (orderId: string) => call('post', '/api/admin/billing/programs/{orderId}/retry', { params: { orderId } }),
    adminRetryRenewal: (deliveryId: string) => call('post', '/api/admin/billing/renewals/{deliveryId}/retry', { params: { deliveryId } }),
    changePassword: (form: BodyOf<'/api/account/password', 'post'>) => call('post', '/api/account/password', { body: form }),
    /** deletes the signed-in member's account, with their password (docs/decisions/0075-what-deleting-an-account-keeps.md) */
    deleteAccount: (form: BodyOf<'/api/account/delete', 'post'>) => call('post', '/api/account/delete', { body: form }),
    /** whether deleting the account is confirmed with the password or by a link e-mailed to it */
    accountDeletion: () => call('get', '/api/account/deletion'),
    /** deletes an account without a password, with the token of the link e-mailed to it */
    confirmAccountDeletion: (token: string) => call('post', '/api/account/delete/confirm', { body: { token } }),
    /** how the member's data archive is downloaded (at once, or prepared and e-mailed), and their latest prepared one */
    dataArchive: () => call('get', '/api/account/my-data/archive'),
    /** asks for the member's data archive to be prepared and e-mailed as a link */
    requestDataArchive: () => call('post', '/api/account/my-data/archives'),
    /** one of the member's prepared data archives: 404 for another account's, 410 once expired */
    preparedDataArchive: (id: string) => call('get', '/api/account/my-data/archives/{id}', { params: { id } }),
    getProfile: () => call('get', '/api/account/profile'),
    /** who at the shop read the member's results, and when */
    resultsReads: () => call('get', '/api/account/results-reads'),
    giveHealthConsent: (consent: BodyOf<'/api/health-consents', 'post'>) => call('post', '/api/health-consents', { body: consent }),
    healthConsents: () => call('get', '/api/account/health-consents'),
    /** the consents about health data this account or browser holds in force */
    healthConsentsInForce: () => call('get', '/api/health-consents/in-force'),
    withdrawHealthConsent: (kind: string) => call('post', '/api/account/health-consents/{kind}/withdraw', { params: { kind } }),
    saveProfile: (profile: BodyOf<'/api/account/profile', 'put'>) => call('put', '/api/account/profile', { body: profile }),
    /** sends one of the storefront's lead forms; a second sending of the same lead answers the same */
    submitLead: <K extends LeadKind>(kind: K, form: LeadInput<K>) =>
      call('post', `/api/leads/${leadPaths[kind]}` as LeadPath, { body: form }),
    /** a clinic member's referral of a practitioner: the lead, and the clinic's claim to the provider referral's $50 */
    referProvider: (form: LeadInput<'provider_referral'>) => call('post', '/api/providers/referrals', { body: form }),
    signInOptions: () => call('get', '/api/sign-in-options'),
    /** where to send the browser to sign in with Google; it comes back to callbackURL */
    startGoogleSignIn: (callbackURL: string, errorCallbackURL: string) =>
      call('post', '/api/auth/sign-in/social', { body: { provider: 'google', callbackURL, errorCallbackURL } }),
    signIn: (email: string, password: string) => call('post', '/api/auth/sign-in/email', { body: { email, password } }),
    signOut: () => call('post', '/api/auth/sign-out', { body: {} }),
    session: () => call('get', '/api/auth/get-session'),
    /** a message to support from the contact page, a member's or a visitor's */
    sendSupportMessage: (message: BodyOf<'/api/support/messages', 'post'>) => call('post', '/api/support/messages', { body: message }),
    supportThreads: () => call('get', '/api/account/messages'),
    supportThread: (id: string) => call('get', '/api/account/messages/{id}', { params: { id } }),
    replyToSupport: (id: string, body: string) => call('post', '/api/account/messages/{id}/replies', { params: { id }, body: { body } }),
    adminSupportThreads: (status: QueryOf<'/api/admin/messages', 'get'>['status'] = 'open') =>
      call('get', '/api/admin/messages', { query: { status } }),
    adminSupportThread: (id: string) => call('get', '/api/admin/messages/{id}', { params: { id } }),
    adminReplyToThread: (id: string, body: string) => call('post', '/api/admin/messages/{id}/replies', { params: { id }, body: { body } }),
    adminCloseThread: (id: string) => call('post', '/api/admin/messages/{id}/close', { params: { id } }),
    adminChangeCollection: (id: string, choice: BodyOf<'/api/admin/messages/{id}/collection', 'post'>) =>
      call('post', '/api/admin/messages/{id}/collection', { params: { id }, body: choice }),
    adminStaffInvitations: () => call('get', '/api/admin/staff/invitations'),
    /** the clinicians with their licences by state (operators) */
    adminClinicians: () => call('get', '/api/admin/clinicians'),
    /** a clinician's licence in a state, recorded or renewed (operators) */
    setClinicianLicence: (id: string, licence: BodyOf<'/api/admin/clinicians/{id}/licences', 'post'>) =>
      call('post', '/api/admin/clinicians/{id}/licences', { params: { id }, body: licence }),
    removeClinicianLicence: (id: string, state: string) =>
      call('post', '/api/admin/clinicians/{id}/licences/{state}/remove', { params: { id, state } }),
    inviteStaff: (invitation: BodyOf<'/api/admin/staff/invitations', 'post'>) =>
      call('post', '/api/admin/staff/invitations', { body: invitation }),
    resendStaffInvitation: (id: string) => call('post', '/api/admin/staff/invitations/{id}/resend', { params: { id } }),
    revokeStaffInvitation: (id: string) => call('post', '/api/admin/staff/invitations/{id}/revoke', { params: { id } }),
    lookUpStaffInvitation: (token: string) => call('post', '/api/staff-invitations/lookup', { body: { token } }),
    acceptStaffInvitation: (form: BodyOf<'/api/staff-invitations/accept', 'post'>) =>
      call('post', '/api/staff-invitations/accept', { body: form }),
    /** a clinic's free sign-up: made, or the clinic it matches offered to join (`match`), or the request to join sent */
    providerSignUp: (form: ProviderSignUpForm) => call('post', '/api/provider-signup', { body: form }),
    providerDashboard: () => call('get', '/api/providers/dashboard'),
    providerSettings: (settings: BodyOf<'/api/providers/settings', 'put'>) => call('put', '/api/providers/settings', { body: settings }),
    providerTeam: () => call('get', '/api/providers/team'),
    inviteToClinic: (invitation: BodyOf<'/api/providers/team/invitations', 'post'>) =>
      call('post', '/api/providers/team/invitations', { body: invitation }),
    resendClinicInvitation: (id: string) => call('post', '/api/providers/team/invitations/{id}/resend', { params: { id } }),
    revokeClinicInvitation: (id: string) => call('post', '/api/providers/team/invitations/{id}/revoke', { params: { id } }),
    removeClinicMember: (id: string) => call('post', '/api/providers/team/members/{id}/remove', { params: { id } }),
    changeClinicMemberRole: (id: string, role: BodyOf<'/api/providers/team/members/{id}/role', 'post'>['role']) =>
      call('post', '/api/providers/team/members/{id}/role', { params: { id }, body: { role } }),
    approveJoinRequest: (id: string, role: BodyOf<'/api/providers/team/join-requests/{id}/approve', 'post'>['role']) =>
      call('post', '/api/providers/team/join-requests/{id}/approve', { params: { id }, body: { role } }),
    declineJoinRequest: (id: string) => call('post', '/api/providers/team/join-requests/{id}/decline', { params: { id } }),
    providerClients: (q = '') => call('get', '/api/providers/clients', { query: { q } }),
    addProviderClient: (client: BodyOf<'/api/providers/clients', 'post'>) => call('post', '/api/providers/clients', { body: client }),
    providerClient: (id: string) => call('get', '/api/providers/clients/{id}', { params: { id } }),
    assignPractitioner: (id: string, memberId: string | null) =>
      call('post', '/api/providers/clients/{id}/practitioner', { params: { id }, body: { memberId } }),
    providerOrders: (clientId?: string) => call('get', '/api/providers/orders', { query: clientId ? { clientId } : {} }),
    providerFees: () => call('get', '/api/providers/fees'),
    /** the clinic's saved card, which pays the orders the clinic pays for (admins) */
    providerClinicCard: () => call('get', '/api/providers/billing/card'),
    saveProviderClinicCard: (paymentMethod: string) => call('post', '/api/providers/billing/card', { body: { paymentMethod } }),
    confirmProviderClinicCard: () => call('post', '/api/providers/billing/card/confirm'),
    removeProviderClinicCard: () => call('delete', '/api/providers/billing/card'),
    /** an order the clinic pays is charged once per key: a double click or a retry sends the same one */
    sendProviderOrder: (order: BodyOf<'/api/providers/orders', 'post'>, idempotencyKey?: string) =>
      call('post', '/api/providers/orders', { body: order, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} }),
    chargeProviderOrder: (id: string) => call('post', '/api/providers/orders/{id}/charge', { params: { id } }),
    providerDrafts: () => call('get', '/api/providers/drafts'),
    draftProviderOrder: (draft: BodyOf<'/api/providers/drafts', 'post'>) => call('post', '/api/providers/drafts', { body: draft }),
    sendProviderDraft: (id: string) => call('post', '/api/providers/drafts/{id}/send', { params: { id } }),
    discardProviderDraft: (id: string) => call('post', '/api/providers/drafts/{id}/discard', { params: { id } }),
    resendProviderOrder: (id: string) => call('post', '/api/providers/orders/{id}/resend', { params: { id } }),
    resendClinicPaidOrderEmail: (id: string) => call('post', '/api/providers/orders/{id}/client-email', { params: { id } }),
    cancelProviderOrder: (id: string) => call('post', '/api/providers/orders/{id}/cancel', { params: { id } }),
    markProviderOrderPaid: (id: string) => call('post', '/api/providers/orders/{id}/mark-paid', { params: { id } }),
    /** when the clinic's results reach its clients (admins) */
    providerResultsRelease: (body: BodyOf<'/api/providers/settings/results-release', 'put'>) =>
      call('put', '/api/providers/settings/results-release', { body }),
    /** an order's results for its practitioner or an admin, released or held (each read audited) */
    providerOrderResults: (id: string) => call('get', '/api/providers/orders/{id}/results', { params: { id } }),
    releaseProviderResults: (id: string, note: string) =>
      call('post', '/api/providers/orders/{id}/release', { params: { id }, body: { note } }),
    /** the clinic's webhook endpoints and delivery log (admins) */
    providerWebhooks: () => call('get', '/api/providers/webhooks'),
    addProviderWebhook: (url: string) => call('post', '/api/providers/webhooks/endpoints', { body: { url } }),
    removeProviderWebhook: (id: string) => call('post', '/api/providers/webhooks/endpoints/{id}/remove', { params: { id } }),
    redeliverProviderWebhook: (id: string) => call('post', '/api/providers/webhooks/deliveries/{id}/redeliver', { params: { id } }),
    /** a client's pay link: the clinic, tests and total; the first look marks it opened */
    openPayLink: (token: string) => call('post', '/api/pay-links/open', { body: { token } }),
    payLinkAccount: (token: string, password: string) => call('post', '/api/pay-links/account', { body: { token, password } }),
    /** `consents`: the client's consent to share their results and progress with the clinic, which paying needs */
    payPayLink: (token: string, paymentMethod: string, idempotencyKey: string, consents: ReadonlyArray<'share_with_clinic'> = []) =>
      call('post', '/api/pay-links/pay', {
        body: { token, paymentMethod, consents: [...consents] },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    lookUpClinicInvitation: (token: string) => call('post', '/api/provider-invitations/lookup', { body: { token } }),
    /** an invitation accepted with the account signed in: its address must be the invited one */
    acceptClinicInvitationSignedIn: (token: string) => call('post', '/api/provider-invitations/accept-signed-in', { body: { token } }),
    acceptClinicInvitation: (form: BodyOf<'/api/provider-invitations/accept', 'post'>) =>
      call('post', '/api/provider-invitations/accept', { body: form }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
