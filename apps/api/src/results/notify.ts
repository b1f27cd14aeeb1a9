import { orderedByLine } from '@shop/core';
import { resultsReadyEmail } from '../email/results-templates.ts';
import { onEvent } from '../events/bus.ts';
import { enqueueEmail } from '../email/queue.ts';
import { clinicOrderOf } from './repository.ts';
import { resultsPagePath } from './service.ts';

/**
 * The customer hears their results are ready (and what follows for their program), once per
 * order. An order a clinic placed is told when the clinic releases its results instead
 * (`results.released`, below), which may be at once or after the practitioner's review.
 */
export const tellCustomerResultsReady = (publicUrl: string) =>
  onEvent({
    name: 'results.tell-customer',
    on: 'order.results_ready',
    mode: 'in-transaction',
    async handle(tx, { payload }) {
      if (await clinicOrderOf(tx, payload.orderId)) return;
      await enqueueEmail(
        tx,
        resultsReadyEmail(payload.email, `${publicUrl}${resultsPagePath(payload.orderId)}`, payload.program),
        `results-ready:${payload.orderId}`,
      );
    },
  });

/** The client of a clinic hears their results were released, with who ordered the tests; once per order. */
export const tellClientResultsReleased = (publicUrl: string) =>
  onEvent({
    name: 'results.tell-client-released',
    on: 'results.released',
    mode: 'in-transaction',
    async handle(tx, { payload }) {
      const clinic = await clinicOrderOf(tx, payload.orderId);
      if (!clinic) return;
      await enqueueEmail(
        tx,
        resultsReadyEmail(payload.email, `${publicUrl}${resultsPagePath(payload.orderId)}`, payload.program, {
          orderedBy: orderedByLine({ practitioner: clinic.orderedBy, clinic: clinic.clinicName }),
          note: Boolean(clinic.note),
        }),
        `results-ready:${payload.orderId}`,
      );
    },
  });
