import { resultsReadyEmail } from '../email/results-templates.ts';
import { onEvent } from '../events/bus.ts';
import { enqueueEmail } from '../email/queue.ts';
import { resultsPagePath } from './service.ts';

/** The customer hears their results are ready (and what follows for their program), once per order. */
export const tellCustomerResultsReady = (publicUrl: string) =>
  onEvent({
    name: 'results.tell-customer',
    on: 'order.results_ready',
    mode: 'in-transaction',
    async handle(tx, { payload }) {
      await enqueueEmail(
        tx,
        resultsReadyEmail(payload.email, `${publicUrl}${resultsPagePath(payload.orderId)}`, payload.program),
        `results-ready:${payload.orderId}`,
      );
    },
  });
