import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../errors.ts';
import { runPayouts } from '../payouts/run.ts';
import { embeddedPayouts } from '../payouts/port.ts';
import { errorResponses } from '../schemas.ts';
import { affiliateOfUser } from './dashboard.ts';
import { approveClearedRewards } from './ledger.ts';

/**
 * A clock for the browser tests of an affiliate's earnings, mounted only with SHOP_TEST_CLOCK=1
 * (refused in production): the signed-in affiliate's own earnings are approved, and then paid, as
 * the hourly `rewards.approve` and the monthly `rewards.payout` jobs would at a later moment,
 * through the same code (everyone else keeps their time). Left out of the API's documentation.
 */
export const affiliateTestClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-clock/affiliate/rewards',
    {
      schema: {
        hide: true,
        body: z.strictObject({ at: z.iso.datetime() }),
        response: { 200: z.object({ approved: z.number().int(), paid: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => {
      const affiliate = await affiliateOfUser(app.db, (await request.requireUser()).id);
      if (!affiliate) throw forbidden('This clock is for an affiliate’s own earnings.');
      const at = new Date(request.body.at);
      const approved = await app.db.transaction((tx) => approveClearedRewards(tx, at, { affiliateId: affiliate.id }));
      const run = await runPayouts(app.db, embeddedPayouts, at, { payee: 'affiliate', id: affiliate.id });
      return { approved: approved.length, paid: run.paid.length };
    },
  );
};
