import { createHttp, type HttpOptions } from './http.ts';
import {
  leadPaths,
  type RedemptionChoice,
  type GiftDelivery,
  type GiftRedemption,
  type GiftType,
  type CheckoutAccount,
  type CollectionChoice,
  type LeadInput,
  type LeadKind,
  type MedicalProfile,
  type QuizAnswerSet,
  type ResultSetInput,
} from '@shop/core';

export { ApiError, isApiError } from './errors.ts';
export { resolveApiBaseUrl } from './config.ts';
export { createHttp, RETRY_ATTEMPTS, RETRY_DELAY_MS } from './http.ts';

export interface QuizResult {
  id: string;
  variant: string;
  createdAt: string;
  title: string;
  areas: string[];
  gift: boolean;
  goal: { slug: string; name: string; goalId: number | null };
  starterTest: {
    id: number;
    title: string;
    overview: string;
    type: string;
    biomarkers: string[];
    priceCents: number;
    price: string;
  };
}

export interface CartItem {
  id: string;
  productCode: string;
  testId: number | null;
  /** what the line is to the cart rules: the quiz's starter test, what builds on it, an area test, … */
  kind: 'starter' | 'starter-extra' | 'area' | 'complete' | 'addon' | 'gift';
  title: string;
  unitPriceCents: number;
  quantity: number;
  maxQuantity: number;
  lineTotalCents: number;
  charge: 'now' | 'on_results' | 'recurring';
  frequency: 'monthly' | 'quarterly' | null;
  unitPrice: string;
  lineTotal: string;
  compareAtPrice: string | null;
  note: string | null;
}

export interface Cart {
  id: string;
  items: CartItem[];
  itemCount: number;
  giftType: 'one_off' | 'improvement_program' | null;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  deferredCents: number;
  /** the signed-in customer's store credit this cart uses: already taken off `totalCents` */
  storeCreditCents: number;
  display: {
    subtotal: string;
    discount: string;
    tax: string;
    shipping: string;
    total: string;
    deferred: string;
    storeCredit: string;
    couponCode: string | null;
    firstTest: string | null;
    baseCompleteTests: number;
    area: string | null;
    goal: string | null;
    date: string | null;
    dateIso: string | null;
  };
}

export interface AddToCart {
  productCode: string;
  testId?: number;
  quizResultId?: string;
  origin?: 'quiz' | 'area' | 'addon';
  quantity?: number;
  frequency?: 'monthly' | 'quarterly';
  /** the customer said yes to replacing the quiz starter test */
  confirmReplace?: boolean;
}

/** The gift in the cart: its type, what it holds, and the delivery form once filled in. */
export interface CartGift {
  type: GiftType;
  title: string;
  contents: { kind: 'areas'; areas: string[] } | { kind: 'complete' };
  delivery: GiftDelivery | null;
}

/** What a gift holds, as the gift pages choose it: up to five areas, or the Complete bundle. */
export interface GiftChoice {
  type: GiftType;
  areas: string[];
  complete: boolean;
}

/** An order's gift, as its purchaser and the console see it (never its code). */
export interface OrderGift {
  type: string;
  recipientName: string;
  recipientEmail: string;
  deliverOn: string;
  deliveryDate: string;
  status: string;
  statusLabel: string;
  deliveredAt: string | null;
  redeemedAt: string | null;
}

/** The 409 body of an addition that would replace the quiz starter test. */
export interface CartChangeConfirmation {
  code: 'CART_CHANGE_NEEDS_CONFIRMATION';
  message: string;
  replaces: Array<{ id: string; productCode: string; title: string }>;
  adding: { productCode: string; title: string };
  keptByEmail: boolean;
}

export interface OrderSummary {
  id: string;
  number: number;
  status: string;
  statusLabel: string;
  email: string;
  total: string;
  totalCents: number;
  createdAt: string;
}

export interface OrderDetail extends OrderSummary {
  subtotal: string;
  discount: string;
  tax: string;
  shipping: string;
  deferred: string;
  /** what store credit paid of it, and what of that a refund gave back */
  storeCredit: string | null;
  storeCreditReturned: string | null;
  /** an order that redeemed a gift: the giver's first name, and the program offered to a one-off gift's recipient */
  redeemedGift: { type: 'one_off' | 'improvement_program'; from: string; programLater: { productCode: string; price: string } | null } | null;
  items: Array<{ title: string; quantity: number; unitPrice: string; charge: string }>;
  payments: Array<{ status: string; amount: string; card: string | null; createdAt: string }>;
  collection: {
    method: 'home' | 'lab';
    label: string;
    zipCode: string;
    city: string | null;
    labLocationId: string | null;
  } | null;
  timeline: Array<{ event: string; status: string; at: string; reason: string | null }>;
  kits: OrderKit[];
  /** the gift the order bought, if it bought one */
  gift: OrderGift | null;
  /** what the customer must do next, or waits for */
  nextStep: { kind: string; text: string; href: string | null };
}

/** One kit of an order and where it is on its track. */
export interface OrderKit {
  kitSlug: string;
  title: string;
  status: string;
  statusLabel: string;
  trackingNumber: string | null;
  shippedAt: string | null;
  registeredAt: string | null;
  sampleReceivedAt: string | null;
  resultsAt: string | null;
}

export type ConsoleActionName = 'approve' | 'decline' | 'ship' | 'sample_received' | 'refund' | 'cancel' | 'resend_email';

/** An order as the console sees it: with its customer, its kits' codes and what may be done now. */
export interface AdminOrder extends OrderDetail {
  customer: { id: string; name: string; email: string } | null;
  kits: Array<OrderKit & { code: string | null }>;
  /** `allowed` is false when the state allows it but the signed-in role may not do it */
  actions: Array<{ action: ConsoleActionName; kitSlug?: string; allowed: boolean }>;
}

export interface Paged {
  page: number;
  pageSize: number;
  total: number;
}

export interface AdminCustomer {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  orderCount: number;
}

export interface AdminLead {
  id: string;
  kind: string;
  email: string;
  fields: Record<string, string | boolean>;
  createdAt: string;
}

export interface AdminCoupon {
  id: string;
  code: string;
  kind: string;
  value: number;
  label: string;
  giveaway: boolean;
  startsAt: string;
  expiresAt: string | null;
  usageLimit: number | null;
  oncePerCustomer: boolean;
}

export interface Lab {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  /** great-circle miles from the searched ZIP code, one decimal */
  distanceMiles: number;
}

/** One biomarker of a lab result, against its reference range. */
export interface BiomarkerResultView {
  biomarker: string;
  title: string;
  value: number;
  unit: string;
  range: { low?: number; high?: number };
  flag: 'low' | 'normal' | 'high';
  /** value, range and flag as text, formatted for reading */
  display: { value: string; range: string; flag: string };
}

/** An order's lab results, kit by kit; a kit without results yet has an empty list. */
export interface OrderResults {
  order: { id: string; number: number; status: string; statusLabel: string };
  kits: Array<{ kitSlug: string; title: string; status: string; resultsAt: string | null; results: BiomarkerResultView[] }>;
}

/** A gift as its code shows it to the recipient: what it holds, and only the giver's first name. */
export interface GiftView {
  type: 'one_off' | 'improvement_program';
  title: string;
  from: string;
  message: string | null;
  includesProgram: boolean;
  options: Array<{ choice: RedemptionChoice; label: string; testTitle: string; description: string }>;
  programLater: { productCode: string; price: string } | null;
}

/** The customer's store credit: the spendable balance and each gift card. */
export interface StoreCredit {
  balanceCents: number;
  balance: string;
  cards: Array<{ label: string; initial: string; balance: string; issuedAt: string; expiresAt: string | null }>;
}

/** The Improvement Program charge of an order, as its approval page shows it. */
export interface ProgramCharge {
  orderNumber: number;
  amount: string | null;
  state: 'awaiting_approval' | 'paid' | 'nothing_due';
  card: { brand: string; last4: string } | null;
}

/** A member's test subscription, as their account shows it. */
export interface Subscription {
  id: string;
  title: string;
  frequency: string;
  /** "every month", "every 3 months" */
  frequencyLabel: string;
  priceCents: number;
  price: string;
  /** 'active', 'past_due' or 'cancelled' */
  status: string;
  statusLabel: string;
  nextDeliveryOn: string | null;
  /** the next delivery's day, for people ("March 31, 2026"); null once cancelled */
  nextDelivery: string | null;
  orderId: string;
  orderNumber: number;
  startedAt: string;
  cancelledAt: string | null;
  /** a delivery the bank held back until the member approves it */
  approval: { deliveryId: string; amount: string; path: string } | null;
  deliveries: Array<{ sequence: number; dueOn: string; due: string; status: string; statusLabel: string; amount: string; trackingNumber: string | null }>;
}

/** A subscription delivery's charge, as its approval page shows it. */
export interface SubscriptionDeliveryCharge {
  title: string;
  sequence: number;
  dueOn: string;
  due: string;
  amount: string;
  state: 'awaiting_approval' | 'paid' | 'nothing_due';
  card: { brand: string; last4: string } | null;
}

export interface AdminSubscriptionLine {
  id: string;
  title: string;
  customer: { name: string; email: string };
  orderId: string;
  orderNumber: number;
  frequencyLabel: string;
  price: string;
  status: string;
  statusLabel: string;
  nextDeliveryOn: string | null;
  startedAt: string;
  cancelledAt: string | null;
}

export interface AdminSubscriptionDelivery {
  id: string;
  subscriptionId: string;
  title: string;
  customer: { name: string; email: string };
  orderNumber: number;
  sequence: number;
  dueOn: string;
  amount: string;
  status: string;
  statusLabel: string;
  trackingNumber: string | null;
  chargedAt: string | null;
  shippedAt: string | null;
}

/** The subscriptions console: what is due, waiting, to ship and shipped, and every subscription. */
export interface AdminSubscriptions {
  today: string;
  due: AdminSubscriptionLine[];
  attention: AdminSubscriptionDelivery[];
  toShip: AdminSubscriptionDelivery[];
  shipped: AdminSubscriptionDelivery[];
  subscriptions: AdminSubscriptionLine[];
  canShip: boolean;
}

/** The cart's discount code and what it takes off. */
export interface CartDiscounts {
  couponCode: string | null;
  applied: Array<{ source: string; code: string | null; label: string; discount: string }>;
  discount: string;
  total: string;
}

/** A placed order; `requiresAction` when the bank asks the customer to authenticate first. */
export interface CheckoutResult {
  order: { id: string; number: number; status: string; total: string };
  requiresAction?: { clientSecret: string };
}

export function createApiClient(options: HttpOptions = {}) {
  const http = createHttp(options);
  return {
    baseUrl: http.baseUrl,
    health: () => http.request<{ status: 'ok' | 'degraded'; database: 'up' | 'down' }>('GET', '/health'),
    submitQuiz: (variant: string, answers: QuizAnswerSet) =>
      http.request<QuizResult>('POST', '/quiz-results', { body: { variant, answers } }),
    latestQuizResult: () => http.request<QuizResult>('GET', '/quiz-results/latest'),
    getQuizResult: (id: string) => http.request<QuizResult>('GET', `/quiz-results/${encodeURIComponent(id)}`),
    getCart: () => http.request<Cart>('GET', '/cart'),
    addToCart: (item: AddToCart) => http.request<Cart>('POST', '/cart/items', { body: item }),
    updateCartItem: (itemId: string, change: { quantity?: number; frequency?: 'monthly' | 'quarterly' }) =>
      http.request<Cart>('PATCH', `/cart/items/${encodeURIComponent(itemId)}`, { body: change }),
    removeFromCart: (itemId: string) => http.request<Cart>('DELETE', `/cart/items/${encodeURIComponent(itemId)}`),
    getCartGift: () => http.request<{ gift: CartGift | null }>('GET', '/cart/gift'),
    /** puts a gift in the cart, or changes what it holds */
    chooseGift: (choice: GiftChoice) => http.request<{ gift: CartGift; cart: Cart }>('PUT', '/cart/gift', { body: choice }),
    saveGiftDelivery: (delivery: GiftDelivery) => http.request<{ gift: CartGift }>('PUT', '/cart/gift/delivery', { body: delivery }),
    referral: () =>
      http.request<{ code: string; link: string; friendDiscount: string; reward: string; earnedTotal: string; rewards: Array<{ amount: string; status: string; earnedAt: string }> }>(
        'GET',
        '/account/referral',
      ),
    applyCoupon: (code: string) => http.request<CartDiscounts>('POST', '/cart/coupon', { body: { code } }),
    removeCoupon: () => http.request<CartDiscounts>('DELETE', '/cart/coupon'),
    paymentsConfig: () =>
      http.request<{ gateway: 'test' | 'stripe'; testMode: boolean; publishableKey: string | null; account: string | null }>(
        'GET',
        '/payments/config',
      ),
    authenticateTestPayment: (clientSecret: string, approve: boolean) =>
      http.request<{ status: string }>('POST', '/payments/test-gateway/authentications', { body: { clientSecret, approve } }),
    createTestPaymentMethod: (card: { number: string; expiry: string; cvc: string }) =>
      http.request<{ paymentMethod: string }>('POST', '/payments/test-gateway/payment-methods', { body: card }),
    checkoutAccount: (account: CheckoutAccount) =>
      http.request<{ user: { id: string; email: string } }>('POST', '/checkout/account', { body: account }),
    placeOrder: (paymentMethod: string, idempotencyKey: string) =>
      http.request<CheckoutResult>('POST', '/checkout/orders', {
        body: { paymentMethod },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    programCharge: (orderId: string) => http.request<ProgramCharge>('GET', `/checkout/program-charges/${encodeURIComponent(orderId)}`),
    approveProgramCharge: (orderId: string, paymentMethod?: string) =>
      http.request<{ state?: 'paid'; requiresAction?: { clientSecret: string } }>(
        'POST',
        `/checkout/program-charges/${encodeURIComponent(orderId)}/approval`,
        { body: paymentMethod ? { paymentMethod } : {} },
      ),
    confirmProgramCharge: (orderId: string) =>
      http.request<{ state?: 'paid'; requiresAction?: { clientSecret: string } }>('POST', `/checkout/program-charges/${encodeURIComponent(orderId)}/confirm`),
    subscriptions: () => http.request<{ subscriptions: Subscription[] }>('GET', '/account/subscriptions'),
    cancelSubscription: (id: string) => http.request<Subscription>('POST', `/account/subscriptions/${encodeURIComponent(id)}/cancel`),
    subscriptionDeliveryCharge: (deliveryId: string) =>
      http.request<SubscriptionDeliveryCharge>('GET', `/account/subscriptions/deliveries/${encodeURIComponent(deliveryId)}/charge`),
    approveSubscriptionDelivery: (deliveryId: string, paymentMethod?: string) =>
      http.request<{ state?: 'paid'; requiresAction?: { clientSecret: string } }>(
        'POST',
        `/account/subscriptions/deliveries/${encodeURIComponent(deliveryId)}/approval`,
        { body: paymentMethod ? { paymentMethod } : {} },
      ),
    confirmSubscriptionDelivery: (deliveryId: string) =>
      http.request<{ state?: 'paid'; requiresAction?: { clientSecret: string } }>('POST', `/account/subscriptions/deliveries/${encodeURIComponent(deliveryId)}/confirm`),
    adminSubscriptions: () => http.request<AdminSubscriptions>('GET', '/admin/subscriptions'),
    adminShipSubscriptionDelivery: (deliveryId: string, trackingNumber: string) =>
      http.request<{ id: string; status: string; trackingNumber: string | null; shippedAt: string | null }>(
        'POST',
        `/admin/subscriptions/deliveries/${encodeURIComponent(deliveryId)}/ship`,
        { body: { trackingNumber } },
      ),
    confirmOrderPayment: (orderId: string) => http.request<CheckoutResult>('POST', `/checkout/orders/${encodeURIComponent(orderId)}/confirm`),
    checkGift: (code: string) => http.request<GiftView>('POST', '/gifts/check', { body: { code } }),
    redeemGift: (redemption: GiftRedemption, idempotencyKey: string) =>
      http.request<{ order: { id: string; number: number; status: string } }>('POST', '/gifts/redeem', {
        body: redemption,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    storeCredit: () => http.request<StoreCredit>('GET', '/account/store-credit'),
    listOrders: () => http.request<{ orders: OrderSummary[] }>('GET', '/orders'),
    getOrder: (id: string) => http.request<OrderDetail>('GET', `/orders/${encodeURIComponent(id)}`),
    orderResults: (orderId: string) => http.request<OrderResults>('GET', `/orders/${encodeURIComponent(orderId)}/results`),
    /** where the browser downloads an order's results as a PDF, under the API's public base URL */
    orderResultsPdfPath: (orderId: string, publicApiBaseUrl = '/api') => `${publicApiBaseUrl}/orders/${encodeURIComponent(orderId)}/results.pdf`,
    /** the console: a clinician or operator enters one kit's results, once */
    enterResults: (orderId: string, kitSlug: string, resultSet: ResultSetInput) =>
      http.request<{ order: { id: string; number: number; status: string }; kit: { kitSlug: string; status: 'results_ready'; resultsAt: string } }>(
        'POST',
        `/admin/orders/${encodeURIComponent(orderId)}/results/${encodeURIComponent(kitSlug)}`,
        { body: resultSet },
      ),
    chooseCollection: (orderId: string, choice: CollectionChoice) =>
      http.request<OrderDetail>('POST', `/orders/${encodeURIComponent(orderId)}/collection`, { body: choice }),
    findLabs: (zip: string) => http.request<{ labs: Lab[] }>('GET', '/labs', { query: { zip } }),
    adminOrders: (filter: { q?: string; status?: string; page?: number } = {}) =>
      http.request<{ orders: OrderSummary[] } & Paged>('GET', '/admin/orders', { query: filter }),
    adminOrder: (id: string) => http.request<AdminOrder>('GET', `/admin/orders/${encodeURIComponent(id)}`),
    /** one console action on an order: approve, decline, refund, cancel, resend-email */
    adminOrderAction: (id: string, action: 'approve' | 'decline' | 'refund' | 'cancel' | 'resend-email', reason?: string) =>
      http.request<AdminOrder>('POST', `/admin/orders/${encodeURIComponent(id)}/${action}`, { body: reason ? { reason } : {} }),
    adminShipKit: (id: string, kitSlug: string, trackingNumber: string) =>
      http.request<AdminOrder>('POST', `/admin/orders/${encodeURIComponent(id)}/kits/${encodeURIComponent(kitSlug)}/ship`, { body: { trackingNumber } }),
    adminSampleReceived: (id: string, kitSlug: string) =>
      http.request<AdminOrder>('POST', `/admin/orders/${encodeURIComponent(id)}/kits/${encodeURIComponent(kitSlug)}/sample-received`, { body: {} }),
    adminCustomers: (filter: { q?: string; page?: number } = {}) =>
      http.request<{ customers: AdminCustomer[] } & Paged>('GET', '/admin/customers', { query: filter }),
    adminLeads: (filter: { q?: string; kind?: string; page?: number } = {}) =>
      http.request<{ leads: AdminLead[] } & Paged>('GET', '/admin/leads', { query: filter }),
    adminCoupons: () => http.request<{ coupons: AdminCoupon[] }>('GET', '/admin/coupons'),
    createCoupon: (coupon: { code: string; kind: 'percent' | 'fixed'; value: number; usageLimit?: number; expiresAt?: string }) =>
      http.request<AdminCoupon>('POST', '/admin/coupons', { body: coupon }),
    registerKit: (orderId: string, code: string) =>
      http.request<OrderDetail>('POST', `/orders/${encodeURIComponent(orderId)}/kits/register`, { body: { code } }),
    requestPasswordReset: (email: string) =>
      http.request<{ message: string }>('POST', '/account/password-reset', { body: { email } }),
    setNewPassword: (form: { token: string; password: string; confirmPassword: string }) =>
      http.request<{ message: string }>('POST', '/account/new-password', { body: form }),
    adminOutbox: (to?: string) =>
      http.request<{ emails: Array<{ id: string; to: string; subject: string; template: string | null; text: string | null; status: string; createdAt: string }> }>(
        'GET',
        '/admin/outbox',
        { query: { to } },
      ),
    changePassword: (form: { currentPassword: string; password: string; confirmPassword: string }) =>
      http.request<{ message: string }>('POST', '/account/password', { body: form }),
    getProfile: () => http.request<{ profile: MedicalProfile | null }>('GET', '/account/profile'),
    saveProfile: (profile: MedicalProfile) =>
      http.request<{ profile: MedicalProfile; released: number }>('PUT', '/account/profile', { body: profile }),
    /** sends one of the storefront's lead forms; a second sending of the same lead answers the same */
    submitLead: <K extends LeadKind>(kind: K, form: LeadInput<K>) =>
      http.request<{ message: string }>('POST', `/leads/${leadPaths[kind]}`, { body: form }),
    signInOptions: () => http.request<{ google: boolean }>('GET', '/account/sign-in-options'),
    /** where to send the browser to sign in with Google; it comes back to callbackURL */
    startGoogleSignIn: (callbackURL: string, errorCallbackURL: string) =>
      http.request<{ url: string; redirect: boolean }>('POST', '/auth/sign-in/social', {
        body: { provider: 'google', callbackURL, errorCallbackURL },
      }),
    signIn: (email: string, password: string) =>
      http.request<{ user: { id: string; email: string } }>('POST', '/auth/sign-in/email', { body: { email, password } }),
    signOut: () => http.request<{ success: boolean }>('POST', '/auth/sign-out', { body: {} }),
    session: () =>
      http.request<{ user: { id: string; email: string; role: string; name?: string } } | null>('GET', '/auth/get-session'),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
