import { areaSlugs, b2bGoalNames, eligibilityMethods, employerMessages } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cartCookie } from '../cart/cookie.ts';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { dropCartCover } from './cart-cover.ts';
import { proveEligibility, publicGroup } from './enrollment.ts';
import { coversOf } from './my-covers.ts';
import { requestWorkEmailLink } from './work-email.ts';

const slugParams = z.object({ slug: z.string().max(64) });

const publicGroupSchema = z.object({
  slug: z.string(),
  name: z.string(),
  logoText: z.string(),
  cover: z.string(),
  fullyCovered: z.boolean(),
  /** the group covers the Improvement Program with the test (decision 0051) */
  includesProgram: z.boolean(),
  eligibility: z.enum(eligibilityMethods),
  emailDomains: z.array(z.string()),
  planYearEnd: z.string(),
  goals: z.array(
    z.object({ slug: z.enum(b2bGoalNames), title: z.string(), description: z.string(), area: z.enum(areaSlugs), starterTest: z.string() }),
  ),
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Please enter your date of birth' });

const proofSchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('code'), code: z.string().max(64) }),
  z.strictObject({
    method: z.literal('census'),
    firstName: z.string().trim().min(1, { error: 'Please enter your first name' }).max(80),
    lastName: z.string().trim().min(1, { error: 'Please enter your last name' }).max(80),
    dateOfBirth: isoDate,
    emailOrEmployeeId: z.string().trim().min(1, { error: 'Please enter your work e-mail or employee ID' }).max(200),
  }),
  // the token of the one-time link e-mailed to the work address
  z.strictObject({ method: z.literal('domain'), token: z.string().min(20).max(200) }),
]);

// every try costs one, as gift codes do: a typo gets through, guessing codes one by one does not
const proofTries = rateLimited({ limit: limits.giftCodesPerAddress, by: 'address' });

/** An employer group's page and the employee's proof of eligibility, which makes their covered cart. */
export const employerRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.NODE_ENV === 'production';

  app.get(
    '/employers/:slug',
    {
      schema: {
        tags: ['employers'],
        summary: 'An employer group as its employees see it: name, cover, goals and how eligibility is proven',
        params: slugParams,
        response: { 200: publicGroupSchema, ...errorResponses },
      },
    },
    async (request) => publicGroup(app.db, request.params.slug),
  );

  app.get(
    '/employers/my-covers',
    {
      schema: {
        tags: ['employers'],
        summary:
          'The signed-in employee’s covers this plan year: the employer, its page and whether the covered order waits, is placed or needs a new cart',
        response: {
          200: z.object({
            covers: z.array(z.object({ employer: z.string(), slug: z.string(), state: z.enum(['in-cart', 'used', 'proven']) })),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { covers: await coversOf(app.db, user.id) };
    },
  );

  app.post(
    '/employers/:slug/eligibility',
    {
      schema: {
        tags: ['employers'],
        summary: 'Prove the signed-in employee’s eligibility and put the goal’s covered starter test in a new cart',
        description:
          '403: not eligible (why, in the message), or a work-email link asked for by another account. 404: an unknown link. 409: the code or link was used already, the link expired, the census line or work e-mail is another account’s, or the employee’s cover for the plan year is used. The cart is then paid at /checkout-payment-b2b.',
        params: slugParams,
        body: z.strictObject({ goal: z.enum(b2bGoalNames), proof: proofSchema }),
        response: { 200: z.object({ cartId: z.string(), employer: z.string() }), 429: errorSchema, ...errorResponses },
      },
      preHandler: proofTries,
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { cart, employer } = await proveEligibility(app, {
        slug: request.params.slug,
        userId: user.id,
        goal: request.body.goal,
        proof: request.body.proof,
      });
      cartCookie.write(reply, cart.id, secure);
      return { cartId: cart.id, employer };
    },
  );

  app.delete(
    '/employers/cart-cover',
    {
      schema: {
        tags: ['employers'],
        summary: 'Take the employer’s cover off the signed-in employee’s cart, to buy it at the normal price',
        description:
          'For a cover that would refuse the order (the prepaid bank is short, the cover is used, a cap is reached). The lines and the enrollment stay; the cart is then paid at /checkout-payment. 404: the cart has no cover of this account.',
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await dropCartCover(app.db, cartCookie.read(request), user.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/employers/:slug/work-email',
    {
      schema: {
        tags: ['employers'],
        summary: 'E-mail the signed-in employee a one-time link (24 hours) to their work address at the group’s domain',
        description:
          '403: the address is not at the group’s domains, or the plan year is not running. 409: the address confirmed another account’s cover this plan year. Opening the link proves eligibility with `{ method: "domain", token }`.',
        params: slugParams,
        body: z.strictObject({
          goal: z.enum(b2bGoalNames),
          workEmail: z.email({ error: employerMessages.workEmailMissing }).max(254),
        }),
        response: { 202: z.object({ sentTo: z.string(), message: z.string() }), 429: errorSchema, ...errorResponses },
      },
      preHandler: proofTries,
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const sent = await requestWorkEmailLink(
        { db: app.db, publicUrl: app.config.PUBLIC_URL, emailSecrets: app.emailSecrets },
        { slug: request.params.slug, userId: user.id, goal: request.body.goal, workEmail: request.body.workEmail },
      );
      return reply.status(202).send(sent);
    },
  );
};
