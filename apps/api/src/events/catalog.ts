import type { EmployerInvoiceKind, LeadKind } from '@shop/core';

/** See `order.paid`'s `holds`. */
export interface OrderHoldings {
  gift: boolean;
  attribution: boolean;
  subscription: boolean;
  payLink: boolean;
}

/**
 * Every domain event the shop records, with what it carries. Payloads are facts a consumer may
 * need without reading more (ids, amounts, codes) and stay JSON as stored: times are ISO
 * strings. No health data: results stay sealed where they are.
 */
export interface DomainEventPayloads {
  /** an order's money was taken (or nothing was due) and it entered its lifecycle */
  'order.paid': {
    orderId: string;
    number: number;
    cartId: string;
    userId: string;
    email: string;
    paidAt: string;
    totalCents: number;
    /** the discounts it was paid with: a referral's or an affiliate's code among them */
    appliedDiscounts: { source: string; code?: string | null; amountCents: number }[];
    /**
     * checkout: the customer paid (or owed nothing); gift: a gift's recipient redeemed it, the
     * purchaser paid; clinic: a clinic's saved card paid it for its client (no affiliate commission,
     * member referral reward, ad or experiment conversion: docs/decisions/0047-clinic-pays.md)
     */
    via: 'checkout' | 'gift' | 'clinic';
    /**
     * What the order holds that a consumer acts on, read by the statement that moved it to paid,
     * so that a consumer with nothing to do skips its own lookup: a gift in its cart, an
     * affiliate's attribution, a line delivered again (a subscription), a pay link's cart. Absent
     * from an event recorded without them (before they existed, or by a move in single steps):
     * every consumer then looks for itself.
     */
    holds?: OrderHoldings;
  };
  /**
   * a clinician approved an order (or the shop did, for a program's retest: `actor` 'system'): its
   * kits exist, being prepared for a home kit or as a lab order for the partner lab chosen
   */
  'order.approved': { orderId: string; number: number; email: string; method: 'home' | 'lab'; actor: string };
  /** an operator cancelled an order */
  'order.cancelled': { orderId: string; actor: string };
  /** the money of an order went back (an operator's refund, a clinician's decline) */
  'order.refunded': { orderId: string; actor: string; refundedCents: number; storeCreditCents: number; declined: boolean };
  /** one kit of an order left for the customer, with its carrier's tracking number */
  'kit.shipped': { orderId: string; kitSlug: string; shippedAt: string };
  /** one kit's results were entered (their values stay sealed in lab_results) */
  'kit.results_entered': { orderId: string; kitSlug: string; source: 'console' | 'partner_lab' };
  /** every kit of an order has its results: the customer may read them, and a program follows */
  'order.results_ready': { orderId: string; email: string; program: 'none' | 'billed' | 'prepaid' };
  /**
   * the results of an order a clinic placed went to its client: at once by the clinic's rule
   * (`releasedBy` null), or by the member who reviewed them; the client's e-mail and the clinic's
   * webhook follow. Orders of no clinic have no release: their results are the customer's when ready.
   */
  'results.released': {
    orderId: string;
    providerOrderId: string;
    clinicId: string;
    email: string;
    program: 'none' | 'billed' | 'prepaid';
    releasedBy: string | null;
  };
  /**
   * a kit's results hold a critical or alert value (core's `classifyResults`): they are held for a
   * clinician, and the order's results are not ready for the customer until it is released. Which
   * value and its level stay out of the event: the hold row and the sealed results have them.
   */
  'results.held': { orderId: string; holdId: string; kitSlug: string };
  /** a clinician tried to reach the person whose results are held (a call, a text asking them to call back, a letter) */
  'results.outreach_attempted': { orderId: string; holdId: string; attemptId: string; channel: 'call' | 'text' | 'letter' };
  /** a clinician released held results (the person reached, or the rule's attempts made); `order.results_ready` follows once no hold is left */
  'results.hold_released': { orderId: string; holdId: string; releasedBy: string };
  /** a gift's recipient redeemed it: `orderId` is the recipient's order */
  'gift.redeemed': { giftId: string; orderId: string; userId: string };
  /** staff entered the values of a report from another lab a member uploaded: an outside result set is in their health record */
  'outside_results.entered': { reportId: string; resultSetId: string; userId: string; email: string };
  /** a nutritional plan's first file arrived: its review's clock started */
  'lab_review.submitted': { reviewId: string; orderId: string; email: string; dueAt: string };
  /** a nutritionist's plan was written for a member's labs */
  'lab_review.delivered': { reviewId: string; orderId: string; email: string; onTime: boolean };
  /** a program's retest was made: a $0 order of the starter test's kits, for the program's member */
  'program.retest_created': {
    programOrderId: string;
    retestOrderId: string;
    retestOrderNumber: number;
    sequence: number;
    week: number;
    userId: string;
    email: string;
    method: 'home' | 'lab';
  };
  /** the program's last retest has its results: the program order is completed */
  'program.completed': { programOrderId: string; orderNumber: number; userId: string; email: string };
  /** the Improvement Program's guarantee gave the member back what they paid for its tests, once per order */
  'program.guarantee_applied': {
    orderId: string;
    number: number;
    userId: string;
    email: string;
    method: 'refund' | 'store_credit';
    /** what the member got back: what they paid for the tests */
    amountCents: number;
    /** what the employer that covered the order paid for its tests, back to the employer (absent before employers' guarantees) */
    employerCents?: number;
    actor: string;
  };
  /** a client paid the pay link of their clinic's order: `orderId` is the client's order of the shop */
  'provider_order.paid': { providerOrderId: string; clinicId: string; clientId: string; orderId: string; totalCents: number };
  /** a customer wrote to support: a new conversation, or a member's reply in one (the words stay in the thread) */
  'support.message_received': { threadId: string; messageId: string; topic: string; member: boolean; reply: boolean };
  /**
   * an employer group's invoice was issued: its monthly invoice (its lines stay with it: order numbers
   * and amounts only) or a bank top-up's (`kind`; absent in events recorded before it was carried)
   */
  'employer_invoice.issued': {
    invoiceId: string;
    groupId: string;
    number: number;
    period: string;
    totalCents: number;
    kind?: EmployerInvoiceKind;
  };
  /**
   * the gateway that issued an invoice for the shop (Stripe Invoicing) says it was paid or voided
   * there; whoever issued it through the gateway (the employers' monthly invoices) finds it by its
   * reference, or by `issuedFor`, its own id that it gave the gateway with the invoice (null when
   * none; absent in events recorded before it was carried)
   */
  'issued_invoice.settled': { issuer: string; reference: string; issuedFor?: string | null; outcome: 'paid' | 'void'; at: string };
  /**
   * an employer group's invoice was paid, once, however it was paid (`via`: a transfer an operator
   * marked, a card in the portal, the issuer's hosted page); `how` is what the admins' receipt says
   */
  'employer_invoice.paid': {
    invoiceId: string;
    groupId: string;
    number: number;
    period: string;
    totalCents: number;
    via: 'transfer' | 'card' | 'issuer';
    how: string;
    paidAt: string;
    /** a bank top-up's invoice credits the testing bank when paid (absent in events recorded before it was carried) */
    kind?: EmployerInvoiceKind;
  };
  /**
   * the gateway's webhook about an employer's card payment (an invoice or a bank top-up): settled by
   * the employers' own code, as the portal's request settles it, whichever comes first
   */
  'employer_payment.reported': { employerPaymentId: string; paymentId: string; outcome: 'succeeded' | 'failed'; amountCents: number };
  /**
   * the lab could not test a kit's sample (core's `sampleRejectionReasons`): a replacement follows
   * (`kit.replaced`), or, the kit's free replacement used, a clinician's task (`failureId`)
   */
  'kit.sample_rejected': {
    orderId: string;
    number: number;
    email: string;
    kitSlug: string;
    kitTitle: string;
    reason: string;
    outcome: 'replacement' | 'clinician';
    failureId: string;
    actor: string;
  };
  /** a kit starts again at no charge (a rejected sample, a lost kit, a clinician's decision): shipped or sent to the lab as any kit */
  'kit.replaced': {
    orderId: string;
    number: number;
    email: string;
    kitSlug: string;
    kitTitle: string;
    /** a rejection reason or a lost-kit case */
    cause: string;
    method: 'home' | 'lab';
    actor: string;
  };
  /** a kit never came back (core's `lostKitRules`), or a clinician ended it: the order's money goes back */
  'kit.expired': { orderId: string; kitSlug: string; cause: string; actor: string };
  /**
   * a visitor sent one of the storefront's lead forms, for the first time (a form sent again is
   * the same lead): what it promised to e-mail follows. Who and what stay in the lead's row.
   */
  'lead.received': { leadId: string; kind: LeadKind };
  /** a test subscription's delivery was charged */
  'subscription.charged': { subscriptionId: string; sequence: number; orderId: string; amountCents: number };
  /** a member asked for a data archive too large to build while they wait: the worker prepares it (what it holds stays out) */
  'data_archive.requested': { archiveId: string; userId: string };
  /**
   * a member withdrew a consent about their health data (core's healthDataConsentKinds): whoever
   * collects or shares under it stops (decision 0081). Which member and which kind, nothing more.
   */
  'health_consent.withdrawn': { userId: string; kind: string; withdrawnAt: string };
  /**
   * a covered order's draw took a prepaid group's testing bank below core's low line
   * (`bankNoticeRule`): once per crossing, `crossingId` being that draw's ledger entry. Nothing of
   * the order or the employee is carried (decision 0086).
   */
  'employer_bank.low': { groupId: string; crossingId: string };
  /** an empty prepaid bank refused an employee's covered test: the group and the UTC day only (decision 0086) */
  'employer_bank.empty_refused': { groupId: string; day: string };
}

export type DomainEventType = keyof DomainEventPayloads;

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  id: string;
  type: T;
  payload: DomainEventPayloads[T];
  occurredAt: Date;
}

/** What each event is about, for looking events up by subject (an order's history, a gift's). */
const subjects: { [T in DomainEventType]: (payload: DomainEventPayloads[T]) => string } = {
  'order.paid': (payload) => payload.orderId,
  'order.approved': (payload) => payload.orderId,
  'order.cancelled': (payload) => payload.orderId,
  'order.refunded': (payload) => payload.orderId,
  'kit.shipped': (payload) => payload.orderId,
  'kit.results_entered': (payload) => payload.orderId,
  'order.results_ready': (payload) => payload.orderId,
  'results.released': (payload) => payload.orderId,
  'results.held': (payload) => payload.orderId,
  'results.outreach_attempted': (payload) => payload.orderId,
  'results.hold_released': (payload) => payload.orderId,
  'gift.redeemed': (payload) => payload.giftId,
  'subscription.charged': (payload) => payload.subscriptionId,
  'lead.received': (payload) => payload.leadId,
  'program.retest_created': (payload) => payload.programOrderId,
  'program.completed': (payload) => payload.programOrderId,
  'program.guarantee_applied': (payload) => payload.orderId,
  'outside_results.entered': (payload) => payload.reportId,
  'lab_review.submitted': (payload) => payload.reviewId,
  'lab_review.delivered': (payload) => payload.reviewId,
  'provider_order.paid': (payload) => payload.providerOrderId,
  'support.message_received': (payload) => payload.threadId,
  'employer_invoice.issued': (payload) => payload.invoiceId,
  'issued_invoice.settled': (payload) => payload.reference,
  'employer_invoice.paid': (payload) => payload.invoiceId,
  'employer_payment.reported': (payload) => payload.employerPaymentId,
  'kit.sample_rejected': (payload) => payload.orderId,
  'kit.replaced': (payload) => payload.orderId,
  'kit.expired': (payload) => payload.orderId,
  'data_archive.requested': (payload) => payload.archiveId,
  'health_consent.withdrawn': (payload) => payload.userId,
  'employer_bank.low': (payload) => payload.groupId,
  // one refusal notice per group and day: its subject is what the once-a-day check looks up
  'employer_bank.empty_refused': (payload) => `${payload.groupId}:${payload.day}`,
};

export function subjectOf<T extends DomainEventType>(type: T, payload: DomainEventPayloads[T]): string {
  return subjects[type](payload);
}
