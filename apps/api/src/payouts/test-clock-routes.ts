import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runPayouts } from './run.ts';
import { embeddedPayouts } from './port.ts';
import { errorResponses } from '../schemas.ts';
import { affiliateOfUser } from '../affiliates/dashboard.ts';
import { approveClearedRewards } from '../affiliates/ledger.ts';

/**
 * A clock for the browser tests of what referrals earn, mounted only with SHOP_TEST_CLOCK=1
 * (refused in production): the signed-in account's own earnings (an affiliate's commissions, or a
 * member's referral rewards) are approved as the hourly `rewards.approve` job would at a later
 * moment, and an affiliate's are then paid as the monthly `rewards.payout` would, through the same
 * code (everyone else keeps their time). Left out of the API's documentation.
 */
export const rewardsTestClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-clock/rewards',
    {
      schema: {
        hide: true,
        body: z.strictObject({ at: z.iso.datetime() }),
        response: { 200: z.object({ approved: z.number().int(), paid: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const affiliate = await affiliateOfUser(app.db, user.id);
      const at = new Date(request.body.at);
      const only = affiliate ? { affiliateId: affiliate.id } : { referrerUserId: user.id };
      const approved = await app.db.transaction((tx) => approveClearedRewards(tx, at, only));
      const run = affiliate ? await runPayouts(app.db, embeddedPayouts, at, { payee: 'affiliate', id: affiliate.id }) : { paid: [] };
      return { approved: approved.length, paid: run.paid.length };
    },
  );
};
