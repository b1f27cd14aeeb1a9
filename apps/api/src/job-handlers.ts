import type { Database } from '@shop/db';
import { sendConversionJob } from './advertising/conversions.ts';
import { approveRewardsJob } from './affiliates/jobs.ts';
import { coachingReminderJob } from './coaching/reminders.ts';
import { embeddedPayouts, type PayoutPort } from './payouts/port.ts';
import { payoutJob } from './payouts/job.ts';
import { expireCartsJob } from './cart/expiry.ts';
import { embeddedInvoicing, type InvoicingPort } from './billing/invoicing.ts';
import type { EmailSender } from './email/port.ts';
import { invoiceJob } from './employers/invoice-job.ts';
import { unpaidDrawsJob } from './employers/unpaid-draws.ts';
import type { EventBus } from './events/bus.ts';
import type { SecretSealer } from './email/sealed-secrets.ts';
import { sendEmailJob } from './email/send-job.ts';
import { giftDeliverJob } from './gifts/delivery.ts';
import { removeMinorJob } from './minors/service.ts';
import { collectionReminderJob } from './orders/collection-reminder.ts';
import { lostKitsJob } from './orders/lost-kits.ts';
import { expiredKitRefundJob } from './billing/expired-kit-refund.ts';
import type { PaymentGateway } from './payments/port.ts';
import { tellClientJob } from './providers/clinic-orders.ts';
import { payLinkExpiryJob, payLinkReminderJob } from './providers/pay-links.ts';
import { deliverWebhookJob } from './providers/webhook-delivery.ts';
import { webhookFailingJob } from './providers/webhook-failing.ts';
import { programBillJob } from './programs/billing.ts';
import { programRetestsJob } from './programs/retests.ts';
import { pruneNoncesJob } from './results/nonce-prune.ts';
import { retentionJob } from './retention/schedule.ts';
import { buildArchiveJob } from './my-data/archive-job.ts';
import type { ResultsCipher } from './results/crypto.ts';
import type { FileStorage } from './files/storage.ts';
import { subscriptionDeliverJob } from './subscriptions/deliver-job.ts';
import { applyPriceChangesJob, yearlyReminderJob } from './subscriptions/renewal-notices.ts';
import type { JobHandlers, JobLog } from './jobs/worker.ts';
import type { HomeKitLaboratory } from '@shop/core';

export interface JobDeps {
  db: Database;
  email: EmailSender;
  /** seals the secrets of e-mails queued by jobs (a gift's code), and opens them to send */
  emailSecrets: SecretSealer;
  /** where uploaded files are kept: retention removes lab reports' files from it, and an erased account's */
  files: FileStorage;
  /** the results key: a member's data archive is built with it (opening what is sealed) and sealed with it */
  cipher: ResultsCipher;
  /** runs the queued handlers of domain events (`event.handle`) */
  events: EventBus;
  gateway: PaymentGateway;
  /** where payouts to affiliates and clinics go: the embedded batch when left out */
  payouts?: PayoutPort;
  /** where employer groups' invoices are issued: the embedded PDF when left out */
  invoicing?: InvoicingPort;
  publicUrl: string;
  /** the home kits' laboratory a data archive's results PDFs name (HOME_KIT_LAB_*), when named */
  homeKitLab?: HomeKitLaboratory | null;
  /** the shop's sender: the organizer of the coaching invitations */
  emailFrom: string;
  supportEmail: string;
  /** development and tests: clinics' webhooks may go to http://localhost and http://127.0.0.1 */
  webhooksToLoopback: boolean;
  /** the advertiser's conversion endpoint (AD_CONVERSIONS_URL), when configured */
  adConversionsUrl?: string;
  log: JobLog;
}

/** Every job the shop runs, by name (the names other code queues: see `JobPayloads`). */
export function createJobHandlers(deps: JobDeps): JobHandlers {
  return {
    'email.send': sendEmailJob(deps.db, deps.email, deps.emailSecrets),
    'program.bill': programBillJob(deps),
    'minor.remove': removeMinorJob({ db: deps.db, storage: deps.files }, deps.log),
    'cart.expire': expireCartsJob(deps.db, deps.log),
    'collection.remind': collectionReminderJob(deps.db, deps.publicUrl),
    'kits.watch': lostKitsJob(deps),
    'kit.refund': expiredKitRefundJob(deps),
    'coaching.remind': coachingReminderJob({ db: deps.db, publicUrl: deps.publicUrl, emailFrom: deps.emailFrom }),
    'nonce.prune': pruneNoncesJob(deps.db, deps.log),
    'retention.apply': retentionJob(deps.db, deps.files, deps.log),
    'data_archive.build': buildArchiveJob({
      db: deps.db,
      cipher: deps.cipher,
      storage: deps.files,
      events: deps.events,
      publicUrl: deps.publicUrl,
      homeKitLab: deps.homeKitLab ?? null,
    }),
    'program.retests': programRetestsJob({ db: deps.db, events: deps.events, log: deps.log }),
    'gift.deliver': giftDeliverJob(deps),
    'subscription.deliver': subscriptionDeliverJob(deps),
    'subscription.yearly_reminders': yearlyReminderJob(deps.db, deps.publicUrl),
    'subscription.price_changes': applyPriceChangesJob(deps.db),
    'rewards.approve': approveRewardsJob(deps.db, deps.log),
    'rewards.payout': payoutJob(deps.db, deps.payouts ?? embeddedPayouts, deps.log),
    'employers.invoice': invoiceJob(deps, deps.invoicing ?? embeddedInvoicing),
    'employers.unpaid_draws': unpaidDrawsJob(deps),
    'provider_order.remind': payLinkReminderJob(deps.db),
    'provider_order.expire': payLinkExpiryJob(deps.db, deps.publicUrl),
    'provider_order.tell_client': tellClientJob(deps.db, deps.publicUrl, deps.emailSecrets),
    'provider_webhook.deliver': deliverWebhookJob({
      db: deps.db,
      secrets: deps.emailSecrets,
      allowLoopback: deps.webhooksToLoopback,
      log: deps.log,
    }),
    'provider_webhook.failing': webhookFailingJob(deps),
    'ad_conversion.send': sendConversionJob(deps.adConversionsUrl),
    'event.handle': async ({ eventId, handler }) => void (await deps.events.runQueued(deps.db, eventId, handler)),
  };
}
