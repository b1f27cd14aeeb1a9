import { kitSlugs } from '@shop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../errors.ts';
import { validationFailed } from '../validation.ts';
import { LAB_SIGNATURE_HEADER, LAB_TIMESTAMP_HEADER, verifyLabSignature } from './lab-signature.ts';
import { findOrderIdByNumber } from './repository.ts';

/** The headers every partner lab posting is signed with. */
export const labSignatureHeaders = z.object({
  [LAB_TIMESTAMP_HEADER]: z.string().max(20).optional(),
  [LAB_SIGNATURE_HEADER]: z.string().max(200).optional(),
});

/** How a lab names what a posting is about: the order by its number or its id, and the kit. */
export const labKitFields = {
  orderNumber: z.number({ error: 'orderNumber must be the order number' }).int().positive().optional(),
  orderId: z.uuid({ error: 'orderId must be the order id' }).optional(),
  kitSlug: z.enum(kitSlugs, { error: `kitSlug must be one of ${kitSlugs.join(', ')}` }),
};

/** The refinement a posting's schema ends with: one of the two names of the order is given. */
export function namesTheOrder(posting: { orderNumber?: number; orderId?: string }): boolean {
  return posting.orderNumber !== undefined || posting.orderId !== undefined;
}
export const namesTheOrderMessage = { error: 'Name the order by orderNumber or orderId' };

/**
 * A partner lab's posting, read in the one safe order: the endpoint is configured, the signature
 * matches the raw bytes, then the JSON, its schema and the order it names. The signature is the
 * posting's nonce (lab-signature.ts), so the caller's write refuses a replay.
 */
export async function readSignedLabPosting<Posting extends { orderNumber?: number; orderId?: string }>(
  app: FastifyInstance,
  request: FastifyRequest,
  schema: z.ZodType<Posting>,
): Promise<{ posting: Posting; orderId: string; nonce: string }> {
  const secret = app.results.labSecret;
  if (!secret) throw new AppError(503, 'LAB_ENDPOINT_OFF', 'Partner lab postings are not configured (LAB_WEBHOOK_SECRET).');
  if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'LAB_BODY', 'The body must be JSON.');
  const timestamp = request.headers[LAB_TIMESTAMP_HEADER];
  const signature = request.headers[LAB_SIGNATURE_HEADER];
  const check = verifyLabSignature({
    secret,
    timestamp: typeof timestamp === 'string' ? timestamp : undefined,
    signature: typeof signature === 'string' ? signature : undefined,
    body: request.body,
  });
  if (!check.ok) throw new AppError(401, 'LAB_SIGNATURE', check.reason);
  let json: unknown;
  try {
    json = JSON.parse(request.body.toString('utf8'));
  } catch {
    throw new AppError(400, 'INVALID_JSON', 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw validationFailed(parsed.error.issues);
  const posting = parsed.data;
  const orderId =
    posting.orderId ?? (posting.orderNumber !== undefined ? await findOrderIdByNumber(app.db, posting.orderNumber) : undefined);
  if (!orderId) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
  return { posting, orderId, nonce: check.nonce };
}
