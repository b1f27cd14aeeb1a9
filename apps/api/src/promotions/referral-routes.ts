import { formatMoney, parseAttributionCookie, REFERRAL_FRIEND_DISCOUNT_PERCENT, REFERRAL_REWARD_CENTS } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { notFound } from '../errors.ts';
import { readAttribution } from './attribution.ts';
import { referralCodeOf, referrerOf, rewardsOf } from './referrals.ts';

/** A member's referral code, the link to share, and what their referrals earned (the account area). */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/referral',
    {
      schema: {
        tags: ['account'],
        summary: 'The member’s referral code and link, and the rewards earned',
        response: {
          200: z.object({
            code: z.string(),
            link: z.string(),
            friendDiscount: z.string(),
            reward: z.string(),
            rewards: z.array(z.object({ amount: z.string(), status: z.string(), earnedAt: z.string() })),
            earnedTotal: z.string(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const code = await referralCodeOf(app.db, user.id);
      const rewards = await rewardsOf(app.db, user.id);
      const earned = rewards.filter((reward) => reward.status === 'earned');
      return {
        code,
        link: `${app.config.PUBLIC_URL}/?rc=${code}`,
        friendDiscount: `${REFERRAL_FRIEND_DISCOUNT_PERCENT}% off`,
        reward: formatMoney(REFERRAL_REWARD_CENTS),
        rewards: rewards.map((reward) => ({
          amount: formatMoney(reward.amountCents),
          status: reward.status,
          earnedAt: reward.earnedAt.toISOString(),
        })),
        earnedTotal: formatMoney(earned.reduce((sum, reward) => sum + reward.amountCents, 0)),
      };
    },
  );
};

/** What a friend who came by a member's link is told: public, signed in or not. */
export const referralLandingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/referral-landing',
    {
      schema: {
        tags: ['promotions'],
        summary: 'For a friend who came by a member’s link: who referred them (first name only) and the discount they get; 404 otherwise',
        response: {
          200: z.object({ referrerFirstName: z.string().nullable(), friendDiscount: z.string(), message: z.string() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const attribution = parseAttributionCookie(readAttribution(request));
      const referrer = attribution?.referralCode && !attribution.affiliate ? await referrerOf(app.db, attribution.referralCode) : undefined;
      if (!referrer) throw notFound('NO_REFERRAL', 'No member referred this visitor.');
      const friendDiscount = `${REFERRAL_FRIEND_DISCOUNT_PERCENT}% off your first order`;
      return {
        referrerFirstName: referrer.firstName,
        friendDiscount,
        message: `${referrer.firstName ?? 'A friend'} sent you ${friendDiscount}: it is taken off in your cart.`,
      };
    },
  );
};
