import { evaluateResult, orderStatusLabels, type EvaluatedResult, type OrderStatus } from '@shop/core';
import type { SessionUser } from '../auth/auth.ts';
import { recordAudit } from '../audit/log.ts';
import { notFound } from '../errors.ts';
import { mayReadResults } from './access.ts';
import { findOrderById, listKits, listLabResults } from './repository.ts';
import type { ResultsDeps } from './service.ts';
import { openResults } from './sealing.ts';

export interface KitResults {
  kitSlug: string;
  title: string;
  status: string;
  resultsAt: string | null;
  results: EvaluatedResult[];
}

export interface OrderResults {
  order: { id: string; number: number; status: string; statusLabel: string };
  kits: KitResults[];
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * An order's results for the customer whose order it is or a clinician; anyone else is told the
 * order does not exist. Every read is written to the audit log before anything is decrypted.
 */
export async function readResults(
  deps: ResultsDeps,
  user: SessionUser,
  orderId: string,
  request: { format: 'json' | 'pdf'; ip: string | null },
): Promise<OrderResults> {
  const order = isUuid(orderId) ? await findOrderById(deps.db, orderId) : undefined;
  if (!order || !mayReadResults(user, order)) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
  const [kitRows, resultRows] = await Promise.all([listKits(deps.db, order.id), listLabResults(deps.db, order.id)]);
  await recordAudit(deps.db, {
    actor: { id: user.id, role: order.userId === user.id ? 'customer' : (user.role ?? 'customer') },
    action: 'results.read',
    subjectType: 'results',
    subjectId: order.id,
    detail: { format: request.format, kits: resultRows.map((row) => row.kitSlug) },
    ip: request.ip,
  });
  const byKit = new Map(resultRows.map((row) => [row.kitSlug, row]));
  return {
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      statusLabel: orderStatusLabels[order.status as OrderStatus] ?? order.status,
    },
    kits: kitRows.map((kit) => {
      const sealed = byKit.get(kit.kitSlug);
      return {
        kitSlug: kit.kitSlug,
        title: kit.title,
        status: kit.status,
        resultsAt: kit.resultsAt?.toISOString() ?? null,
        results: sealed ? openResults(deps.cipher, sealed).map(evaluateResult) : [],
      };
    }),
  };
}
