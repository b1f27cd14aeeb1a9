import type { Database } from '@shop/db';
import type { InvoicingPort } from '../billing/invoicing.ts';
import type { EventRecorder } from '../events/bus.ts';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { runInvoices } from './invoices.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** invoices each employer group's covered orders of the month before, once per group and month */
    'employers.invoice': Record<string, never>;
  }
}

/** The queue's `employers.invoice`, queued once a month by the scheduler (and run again, harmlessly, by any retry). */
export function invoiceJob(
  deps: { db: Database; events: EventRecorder; log: JobLog },
  port: InvoicingPort,
): JobHandler<'employers.invoice'> {
  return async (_payload, context) => {
    const run = await runInvoices(deps, port, context.now);
    if (run.issued.length > 0) deps.log.info({ period: run.period, invoices: run.issued.length }, 'employer invoices issued');
  };
}
