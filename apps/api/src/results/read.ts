import { evaluateResult, orderStatusLabels, type EvaluatedResult, type OrderStatus } from '@shop/core';
import type { Executor } from '@shop/db';
import type { SessionUser } from '../auth/auth.ts';
import { recordAudit } from '../audit/log.ts';
import { notFound } from '../errors.ts';
import { isRowId } from '../validation.ts';
import { mayReadResults } from './access.ts';
import type { ResultsCipher } from './crypto.ts';
import { hasOpenHold } from './holds-repository.ts';
import { clinicOrderOf, findOrderById, listKits, listLabResults, type ClinicOrder, type OrderRow } from './repository.ts';
import type { ResultsDeps } from './service.ts';
import { openResults } from './sealing.ts';
import { physicianOfRecord, type PhysicianOfRecord } from '../clinicians/physician.ts';

export interface KitResults {
  kitSlug: string;
  title: string;
  status: string;
  resultsAt: string | null;
  results: EvaluatedResult[];
}

export interface OrderResults {
  order: { id: string; number: number; status: string; statusLabel: string };
  /** who ordered the tests, for an order a clinic placed ("Ordered by Dr … — Green Valley Clinic") */
  orderedBy: { practitioner: string | null; clinic: string } | null;
  /** the clinician who approved the order, with the licence they approved it under */
  physician: { name: string; licence: string } | null;
  /** false while the clinic's practitioner has the results to review: the kits show no values then */
  released: boolean;
  /**
   * true while a critical or alert value holds the results for a clinician (holds.ts): the customer
   * reads no values then, only that a clinician will contact them
   */
  heldForClinician: boolean;
  /** the practitioner's note that came with the released results */
  note: string | null;
  kits: KitResults[];
}

/**
 * An order's results for the customer whose order it is or a clinician; anyone else is told the
 * order does not exist. Every read is written to the audit log before anything is decrypted. The
 * client of a clinic reads the values once the clinic released them (docs/decisions/0044-clinic-results-release.md).
 */
export async function readResults(
  deps: ResultsDeps,
  user: SessionUser,
  orderId: string,
  request: { format: 'json' | 'pdf'; ip: string | null },
): Promise<OrderResults> {
  const order = isRowId(orderId) ? await findOrderById(deps.db, orderId) : undefined;
  if (!order || !mayReadResults(user, order)) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
  const customer = order.userId === user.id;
  const clinic = await clinicOrderOf(deps.db, order.id);
  const held = customer && (await hasOpenHold(deps.db, order.id));
  const withheld = held || (customer && clinic !== undefined && clinic.release !== 'released');
  const [kitRows, resultRows, physician] = await Promise.all([
    listKits(deps.db, order.id),
    withheld ? [] : listLabResults(deps.db, order.id),
    physicianOfRecord(deps.db, order.id),
  ]);
  await recordAudit(deps.db, {
    actor: { id: user.id, role: customer ? 'customer' : (user.role ?? 'customer') },
    action: 'results.read',
    subjectType: 'results',
    subjectId: order.id,
    memberId: order.userId,
    detail: {
      format: request.format,
      kits: resultRows.map((row) => row.kitSlug),
      ...(withheld ? { withheld: true } : {}),
      ...(held ? { held: true } : {}),
    },
    ip: request.ip,
  });
  return present(deps.cipher, order, clinic, kitRows, resultRows, !withheld, physician, held);
}

/**
 * An order's results, values and all, for a reader whose right to them was decided (and audited)
 * by the caller: the clinic that placed the order. Undefined when there is no such order.
 */
export async function openOrderResults(db: Executor, cipher: ResultsCipher, orderId: string): Promise<OrderResults | undefined> {
  const order = await findOrderById(db, orderId);
  if (!order) return undefined;
  // one after the other: `db` may be a transaction, whose connection runs one statement at a time
  const clinic = await clinicOrderOf(db, order.id);
  const kitRows = await listKits(db, order.id);
  const resultRows = await listLabResults(db, order.id);
  const physician = await physicianOfRecord(db, order.id);
  return present(cipher, order, clinic, kitRows, resultRows, clinic === undefined || clinic.release === 'released', physician);
}

function present(
  cipher: ResultsCipher,
  order: OrderRow,
  clinic: ClinicOrder | undefined,
  kitRows: Awaited<ReturnType<typeof listKits>>,
  resultRows: Awaited<ReturnType<typeof listLabResults>>,
  released: boolean,
  physician: PhysicianOfRecord | null,
  heldForClinician = false,
): OrderResults {
  const byKit = new Map(resultRows.map((row) => [row.kitSlug, row]));
  return {
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      statusLabel: orderStatusLabels[order.status as OrderStatus] ?? order.status,
    },
    orderedBy: clinic ? { practitioner: clinic.orderedBy, clinic: clinic.clinicName } : null,
    physician: physician && { name: physician.name, licence: physician.licence },
    released,
    heldForClinician,
    note: released ? (clinic?.note ?? null) : null,
    kits: kitRows.map((kit) => {
      const sealed = byKit.get(kit.kitSlug);
      return {
        kitSlug: kit.kitSlug,
        title: kit.title,
        status: kit.status,
        resultsAt: kit.resultsAt?.toISOString() ?? null,
        results: sealed ? openResults(cipher, sealed).map(evaluateResult) : [],
      };
    }),
  };
}
