import { reportPurchaseToAdvertiser } from './advertising/conversions.ts';
import { commissionOfPaidOrder, reverseEarningsOfEndedOrder } from './affiliates/ledger.ts';
import { rewardProviderReferralOfPaidOrder } from './affiliates/provider-referrals.ts';
import { closeCartOfPaidOrder } from './cart/repository.ts';
import { refundOrderOfExpiredKit } from './billing/expired-kit-refund.ts';
import { returnBankDrawOfEndedOrder } from './employer-cover/bank.ts';
import { tellEmployerAdminsOfEmptyBank, tellEmployerAdminsOfLowBank } from './employer-cover/bank-notices.ts';
import { releaseCoverOfUnpaidOrder } from './employer-cover/cover.ts';
import { returnGuaranteeToEmployer } from './employer-cover/guarantee.ts';
import { tellEmployerAdminsOfInvoice, tellEmployerAdminsOfPayment } from './employers/invoice-notify.ts';
import { settleEmployerInvoiceAtIssuer } from './employers/invoice-settlement.ts';
import { settleReportedEmployerPayment } from './employers/employer-payments.ts';
import type { EventHandler } from './events/bus.ts';
import { countPaidOrderInExperiments } from './experiments/conversions.ts';
import { tellPurchaserOfRedemption } from './gifts/notify.ts';
import { makeGiftOfPaidOrder } from './gifts/schedule.ts';
import { tellMemberOrderApproved } from './orders/approval-notify.ts';
import { tellMemberKitReplaced, tellMemberSampleNeedsClinician } from './orders/kit-failure-notify.ts';
import { sendReceiptOfPaidOrder } from './orders/receipt.ts';
import { startProgramAfterResults } from './programs/after-results.ts';
import { billProgramWhenResultsReady } from './programs/billing.ts';
import { completeProgramAfterLastRetest, tellMemberProgramCompleted, tellMemberRetestCreated } from './programs/retest-notify.ts';
import { tellMemberGuaranteeApplied } from './programs/guarantee-notify.ts';
import { tellMemberLabsReceived, tellMemberOutsideResultsEntered, tellMemberPlanReady } from './lab-reviews/notify.ts';
import { answerLeads } from './leads/notify.ts';
import { prepareRequestedArchive } from './my-data/archive-job.ts';
import { tellSenderOfPaidPayLink } from './providers/paid-notice.ts';
import { closePayLinkOfPaidOrder } from './providers/pay-links.ts';
import { tellClientOfClinicPaidOrder } from './providers/clinic-orders.ts';
import { recordClinicFeeOfPaidOrder } from './providers/fees.ts';
import { webhookDeliveriesOfProviderOrders } from './providers/webhook-delivery.ts';
import { rewardReferrerOfPaidOrder } from './promotions/referrals.ts';
import { holdOrReleaseClinicResults, releaseHeldResultsOfWithdrawnClient } from './providers/results-release.ts';
import type { ResultsCipher } from './results/crypto.ts';
import { tellClientResultsReleased, tellCustomerResultsReady } from './results/notify.ts';
import { sendCallBackText } from './results/outreach-notify.ts';
import { returnCreditOfEndedOrder } from './store-credit/service.ts';
import { endSubscriptionsOfEndedOrder, startSubscriptionsOfPaidOrder } from './subscriptions/start.ts';
import { tellSupportOfMessage } from './support/notify.ts';
import { outboxTexts, type TextSender } from './texts/port.ts';

/**
 * Who reacts to what, for the web processes and the workers alike. A producer records its event
 * (events/catalog.ts) and knows none of these; a new consumer is one line here, and
 * `EventBus.replay` gives it the events it missed.
 */
export function shopEventHandlers(config: {
  publicUrl: string;
  supportEmail: string;
  resultsCipher: ResultsCipher;
  adConversionsUrl?: string;
  /** the text-message port (texts/port.ts); the outbox table when not given */
  texts?: TextSender;
}): EventHandler[] {
  return [
    // order.paid: in the payment's transaction, then the receipt from the queue
    makeGiftOfPaidOrder,
    rewardReferrerOfPaidOrder,
    commissionOfPaidOrder,
    closeCartOfPaidOrder,
    countPaidOrderInExperiments,
    closePayLinkOfPaidOrder,
    // provider_order.paid (recorded by the pay link's handler above, in the same transaction)
    recordClinicFeeOfPaidOrder,
    tellClientOfClinicPaidOrder,
    rewardProviderReferralOfPaidOrder,
    startSubscriptionsOfPaidOrder(config.publicUrl),
    // the program bought after a starter test's results starts on them
    startProgramAfterResults,
    sendReceiptOfPaidOrder(config.publicUrl),
    // order.paid, when an advertiser's conversion endpoint is configured
    ...(config.adConversionsUrl ? [reportPurchaseToAdvertiser] : []),
    // order.approved: the member hears what comes next (the kit, or the lab)
    tellMemberOrderApproved(config.publicUrl),
    // order.cancelled, order.refunded: what the order started ends with it
    returnCreditOfEndedOrder,
    endSubscriptionsOfEndedOrder,
    reverseEarningsOfEndedOrder,
    returnBankDrawOfEndedOrder,
    releaseCoverOfUnpaidOrder,
    // order.results_ready
    billProgramWhenResultsReady,
    tellCustomerResultsReady(config.publicUrl),
    completeProgramAfterLastRetest,
    // order.results_ready of an order a clinic placed: released now, or held for its practitioner
    holdOrReleaseClinicResults({ publicUrl: config.publicUrl, cipher: config.resultsCipher }),
    // health_consent.withdrawn, of the consent to share with clinics: results held for a clinic's review go to the client
    releaseHeldResultsOfWithdrawnClient,
    // results.released: the client's e-mail (the clinic's webhook is below)
    tellClientResultsReleased(config.publicUrl),
    // results.outreach_attempted: a clinician's text asking the person to call back
    sendCallBackText(config.texts ?? outboxTexts, config.publicUrl),
    // program.retest_created, program.completed
    tellMemberRetestCreated(config.publicUrl),
    tellMemberProgramCompleted(config.publicUrl),
    // gift.redeemed
    tellPurchaserOfRedemption,
    // lab_review.submitted, lab_review.delivered
    tellMemberLabsReceived(config.publicUrl),
    tellMemberPlanReady(config.publicUrl),
    // outside_results.entered
    tellMemberOutsideResultsEntered(config.publicUrl),
    // program.guarantee_applied: the member's e-mail, and the employer's part back to the employer,
    // whose admins are told where it went
    tellMemberGuaranteeApplied(config.publicUrl),
    returnGuaranteeToEmployer,
    // support.message_received
    tellSupportOfMessage(config),
    // provider_order.paid
    tellSenderOfPaidPayLink(config.publicUrl),
    // provider_order.paid, kit.shipped, results.released, order.refunded: a clinic's webhooks
    webhookDeliveriesOfProviderOrders,
    // employer_invoice.issued
    tellEmployerAdminsOfInvoice(config.publicUrl),
    // employer_bank.low, employer_bank.empty_refused: a prepaid group's admins hear of its bank (aggregate words only)
    tellEmployerAdminsOfLowBank(config.publicUrl),
    tellEmployerAdminsOfEmptyBank(config.publicUrl),
    // issued_invoice.settled: an employer's invoice paid or voided on Stripe Invoicing
    settleEmployerInvoiceAtIssuer,
    // employer_payment.reported: the gateway's webhook about an employer's card payment (an invoice, a bank top-up)
    settleReportedEmployerPayment,
    // employer_invoice.paid: the admins' receipt, however it was paid
    tellEmployerAdminsOfPayment(config.publicUrl),
    // kit.replaced, kit.sample_rejected: the member hears a new kit is coming, or a clinician will call;
    // kit.expired: the order's refund is queued
    tellMemberKitReplaced(config.publicUrl),
    tellMemberSampleNeedsClinician(config.publicUrl),
    refundOrderOfExpiredKit,
    // lead.received: what the storefront's lead form promised to e-mail
    answerLeads(config.publicUrl),
    // data_archive.requested: the worker builds the member's archive and e-mails its link
    prepareRequestedArchive,
  ];
}
