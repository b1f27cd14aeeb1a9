import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The shop's own metrics, one set per process (docs/operations.md#metrics). Every label comes
 * from a fixed set written in the code (a route's template, a job's name, an outcome), never from
 * what a request or a row carries: no person, address, id or health detail reaches a label.
 *
 * The counters live for the process, as Prometheus expects: the web process and each worker count
 * what they do, and the scraper adds them up across processes.
 */
export const processRegistry = new Registry();

// Node's own figures (memory, CPU, event loop lag, garbage collection), as shop_process_* and shop_nodejs_*
collectDefaultMetrics({ register: processRegistry, prefix: 'shop_' });

const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'shop_http_requests_total',
  help: 'HTTP requests answered, by route template, method and status code',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [processRegistry],
});

export const httpDuration = new Histogram({
  name: 'shop_http_request_duration_seconds',
  help: 'Time from a request arriving to its response sent, by route template and method',
  labelNames: ['route', 'method'] as const,
  buckets: seconds,
  registers: [processRegistry],
});

export const jobRuns = new Counter({
  name: 'shop_job_runs_total',
  help: 'Job runs finished by this process, by job name and outcome (succeeded, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [processRegistry],
});

export const jobRetries = new Counter({
  name: 'shop_job_retries_total',
  help: 'Failed job runs put back in the queue for another try, by job name',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

export const jobFailures = new Counter({
  name: 'shop_job_failures_total',
  help: 'Jobs failed for good (no tries left, or their workers kept stopping), by job name',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

export const jobDuration = new Histogram({
  name: 'shop_job_duration_seconds',
  help: 'How long a job run took, by job name',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60],
  registers: [processRegistry],
});

export const payments = new Counter({
  name: 'shop_payments_total',
  help: 'Card payments asked of the gateway, by purpose and outcome (succeeded, processing, requires_action, declined, invalid, error)',
  labelNames: ['purpose', 'outcome'] as const,
  registers: [processRegistry],
});

export const refunds = new Counter({
  name: 'shop_refunds_total',
  help: 'Refunds asked of the gateway, by outcome (succeeded, pending, failed, error)',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

export const emails = new Counter({
  name: 'shop_emails_total',
  help: 'E-mails handed to the sender, by transport (smtp, outbox) and outcome (sent, stored, failed)',
  labelNames: ['transport', 'outcome'] as const,
  registers: [processRegistry],
});

export const clinicWebhookAttempts = new Counter({
  name: 'shop_clinic_webhook_attempts_total',
  help: "Attempts to deliver a clinic's webhook, by outcome (delivered, retrying, failed)",
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

// Every series of a fixed set starts at 0, so that `increase()` sees its first event (a counter
// that appears at 1 looks to Prometheus as if it had always been 1).
const paymentPurposes = ['checkout', 'program', 'subscription', 'clinic_card'] as const;
const paymentOutcomes = ['succeeded', 'processing', 'requires_action', 'declined', 'invalid', 'error'] as const;
for (const purpose of paymentPurposes) for (const outcome of paymentOutcomes) payments.inc({ purpose, outcome }, 0);
for (const outcome of ['succeeded', 'pending', 'failed', 'error']) refunds.inc({ outcome }, 0);
for (const outcome of ['delivered', 'retrying', 'failed']) clinicWebhookAttempts.inc({ outcome }, 0);

/** The e-mail series of a sender's transport, at 0 (email/port.ts). */
export function prepareEmailSeries(transport: 'smtp' | 'outbox'): void {
  for (const outcome of transport === 'smtp' ? ['sent', 'failed'] : ['stored']) emails.inc({ transport, outcome }, 0);
}
