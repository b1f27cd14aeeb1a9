import { NUTRITIONAL_PLAN_REVIEW_HOURS, PROGRAM_LENGTH_MONTHS } from '../catalog/constants.ts';
import type { KitStatus } from './kit-track.ts';
import { afterPaymentOf, orderNeedsSample, type AfterPayment } from './samples.ts';
import { orderStatusLabels, type OrderStatus } from './state-machine.ts';

export type NextStepKind =
  | 'pay'
  | 'choose_collection'
  /** paid, with nothing that needs a sample: what the products do next */
  | 'no_sample'
  | 'fill_profile'
  | 'wait_for_approval'
  | 'wait_for_kit'
  | 'register_kit'
  | 'send_sample'
  | 'visit_lab'
  | 'wait_for_results'
  | 'see_results'
  | 'none';

export interface NextStep {
  kind: NextStepKind;
  /** what the customer reads */
  text: string;
  /** where they do it, when it is done on another page */
  href: string | null;
  /** the words of the link to `href`, for a `no_sample` step (each product's page has its own) */
  label?: string;
}

/** Where a nutritional plan's review stands: no lab report yet, a report in review, the plan written. */
export type LabReviewStage = 'awaiting_upload' | 'in_review' | 'delivered';

/** What the shop knows of an order beyond its status: its nutritional plan's review, when it holds one. */
export interface NextStepContext {
  labReview?: LabReviewStage;
}

// The words say what the shop does; the products whose next step has a page of its own link to it.
const afterPaymentSteps: Record<Exclude<AfterPayment, 'sample' | 'gift'>, string> = {
  membership:
    'Your Base Daily membership is active: daily meal plans and your food log are in your account, and tests are 5% off from your next cart. It renews each month until you cancel it in your account.',
  lab_report: `Next comes the lab report you already have: once you upload it, a nutritionist reviews it within ${NUTRITIONAL_PLAN_REVIEW_HOURS} hours and sends you your plan.`,
  coach_session: 'Next, you book your one-to-one session with a health coach.',
  program_later: `Your ${PROGRAM_LENGTH_MONTHS}-month Improvement Program starts with your starter test’s results: your plan follows them.`,
};
const afterPaymentPages: Partial<Record<AfterPayment, { href: string; label: string }>> = {
  coach_session: { href: '/account/coaching', label: 'Book your session' },
  lab_report: { href: '/account/nutritional-plan', label: 'Upload your lab report' },
};

// once the lab report is in, the plan's step says where its review stands instead of asking for it again
const labReviewSteps: Record<Exclude<LabReviewStage, 'awaiting_upload'>, { text: string; href: string; label: string }> = {
  in_review: {
    text: `Your lab report is with our nutritionists: your plan is written within ${NUTRITIONAL_PLAN_REVIEW_HOURS} hours of your upload, and we e-mail you when it is ready.`,
    href: '/account/nutritional-plan',
    label: 'See where your plan stands',
  },
  delivered: {
    text: 'Your nutritional plan is ready: read it in your account or download it as a PDF.',
    href: '/account/nutritional-plan',
    label: 'Read your plan',
  },
};

/** The words of the button to a sample-free product's next page (a `no_sample` step's `href`). */
export function sampleFreeLinkLabel(step: Pick<NextStep, 'label'>): string {
  return step.label ?? 'Continue';
}

/**
 * The status a customer reads: an order with nothing to collect stays paid, so once its
 * nutritional plan is in review or written, the label says that rather than "Paid".
 */
export function customerStatusLabel(status: OrderStatus, context: NextStepContext = {}): string {
  if (status === 'paid' && context.labReview === 'in_review') return 'Plan in review';
  if (status === 'paid' && context.labReview === 'delivered') return 'Plan delivered';
  return orderStatusLabels[status];
}

/**
 * A paid order with nothing that needs a sample: what its products do next, once each. An order
 * of gifts alone waits for their delivery, which the gift itself tells better than its product.
 */
function sampleFreeNextStep(productCodes: readonly string[], context: NextStepContext): NextStep {
  const texts = new Set<string>();
  let link: { href: string; label: string } | null = null;
  for (const code of productCodes) {
    const after = afterPaymentOf(code);
    if (after === 'sample' || after === 'gift') continue;
    const stage = after === 'lab_report' ? context.labReview : undefined;
    const step = stage && stage !== 'awaiting_upload' ? labReviewSteps[stage] : null;
    texts.add(step?.text ?? afterPaymentSteps[after]);
    link ??= step ?? afterPaymentPages[after] ?? null;
  }
  if (texts.size === 0) return { kind: 'none', text: 'Your gift is e-mailed to its recipient on the day you chose.', href: null };
  const step: NextStep = { kind: 'no_sample', text: [...texts].join(' '), href: link?.href ?? null };
  return link ? { ...step, label: link.label } : step;
}

/** What the customer must do next for an order, or what they wait for; `productCodes` are its lines'. */
export function customerNextStep(
  orderId: string,
  status: OrderStatus,
  kits: readonly KitStatus[],
  productCodes: readonly string[],
  context: NextStepContext = {},
): NextStep {
  switch (status) {
    case 'pending_payment':
      return { kind: 'pay', text: 'Your payment has not gone through yet. Please pay to place your order.', href: null };
    case 'paid':
    case 'collection_pending':
      // collection_pending too: an order paid before this rule may wait there with nothing to collect
      if (!orderNeedsSample(productCodes)) return sampleFreeNextStep(productCodes, context);
      return {
        kind: 'choose_collection',
        text: 'Choose an at-home kit or a partner lab for your test.',
        href: `/collection?order=${orderId}`,
      };
    case 'profile_pending':
      return {
        kind: 'fill_profile',
        text: 'Fill in your medical profile: your order is not processed until you do.',
        href: '/account/profile',
      };
    case 'approval_pending':
      return { kind: 'wait_for_approval', text: 'A clinician is reviewing your order. We e-mail you once it is approved.', href: null };
    case 'kit_preparing':
      return {
        kind: 'wait_for_kit',
        text: 'We are preparing your kit. We e-mail you its tracking number when it ships; kits arrive in 2-5 business days.',
        href: null,
      };
    case 'kit_shipped':
      if (kits.some((kit) => kit === 'shipped' || kit === 'sample_held')) {
        return {
          kind: 'register_kit',
          text: 'When your kit arrives, register it with the code printed on it, then take and send your sample.',
          href: null,
        };
      }
      return {
        kind: 'send_sample',
        text: 'Take your sample as the kit’s instructions say and send it back in the prepaid envelope.',
        href: null,
      };
    case 'lab_order_sent':
      return {
        kind: 'visit_lab',
        text: 'Your lab order is on its way to the partner lab (within 2 business days). Visit the lab you chose: the visit takes 15-20 minutes.',
        href: null,
      };
    case 'sample_received':
      return {
        kind: 'wait_for_results',
        text: 'The lab has your sample. Results arrive 5 business days after the lab receives it (5-7 for at-home kits).',
        href: null,
      };
    case 'results_ready':
    case 'program_billing':
      return { kind: 'see_results', text: 'Your results are ready.', href: `/account/orders/${orderId}/results` };
    case 'program_active':
    case 'retests':
      return {
        kind: 'see_results',
        text: 'Your results are ready, and your 2-month Improvement Program has started: your plan follows them.',
        href: `/account/orders/${orderId}/results`,
      };
    case 'completed':
      return {
        kind: 'see_results',
        text: 'Your program is complete. Your results stay here for you.',
        href: `/account/orders/${orderId}/results`,
      };
    case 'cancelled':
    case 'refunded':
      return { kind: 'none', text: 'Nothing more to do for this order.', href: null };
  }
}
