/**
 * The track of one kit of an order (DESIGN.md §3: "each kit in an order has its own track"), as
 * one pure function like the order's: (state, event) -> next state, or a refusal that says why.
 *
 * Home kit: preparing -> shipped -> registered (the customer enters the code printed on the kit,
 * which ties the sample to the person tested) -> sample_received -> results_ready. A sample that
 * arrives before its kit was registered is held (`sample_held`) and released by the registration.
 * Partner lab: lab_order_sent -> sample_received -> results_ready.
 *
 * A sample the lab cannot test (`reject_sample`, core's `sampleRejectionReasons`) starts the kit
 * again when a replacement is due: a home kit is prepared again, a lab order is sent again. With
 * its replacement used, the kit waits for a clinician (`sample_rejected`). A kit lost on its way
 * (core's `lostKitRules`) is replaced the same way, or `expired` when the order is refunded.
 */
export const kitStatuses = [
  'preparing',
  'shipped',
  'registered',
  'lab_order_sent',
  'sample_held',
  'sample_received',
  'results_ready',
  'sample_rejected',
  'expired',
] as const;
export type KitStatus = (typeof kitStatuses)[number];

export type KitEvent =
  | { type: 'ship'; trackingNumber: string }
  | { type: 'register' }
  | { type: 'sample_arrived' }
  | { type: 'results_entered' }
  /** `retake`: how the replacement is collected, or null when none is due and a clinician takes it over */
  | { type: 'reject_sample'; retake: 'home' | 'lab' | null }
  /** a lost kit, or a rejected one a clinician sends again: collected again by its method */
  | { type: 'replace'; method: 'home' | 'lab' }
  | { type: 'expire' };

export type KitTransitionResult = { ok: true; status: KitStatus } | { ok: false; reason: string };

const eventWords: Record<KitEvent['type'], string> = {
  ship: 'be shipped',
  register: 'be registered',
  sample_arrived: 'take a sample',
  results_entered: 'take results',
  reject_sample: 'have its sample rejected',
  replace: 'be replaced',
  expire: 'expire',
};

export function kitTransition(status: KitStatus, event: KitEvent): KitTransitionResult {
  if (event.type === 'ship' && status === 'preparing' && event.trackingNumber.trim() === '') {
    return { ok: false, reason: 'A kit is shipped with its tracking number.' };
  }
  const next = nextKitStatus(status, event);
  if (next) return { ok: true, status: next };
  return { ok: false, reason: `A kit that is ${kitStatusLabels[status].toLowerCase()} cannot ${eventWords[event.type]}.` };
}

function nextKitStatus(status: KitStatus, event: KitEvent): KitStatus | undefined {
  switch (event.type) {
    case 'ship':
      return status === 'preparing' ? 'shipped' : undefined;
    case 'register':
      if (status === 'shipped') return 'registered';
      return status === 'sample_held' ? 'sample_received' : undefined;
    case 'sample_arrived':
      if (status === 'registered' || status === 'lab_order_sent') return 'sample_received';
      return status === 'shipped' ? 'sample_held' : undefined;
    case 'results_entered':
      return status === 'sample_received' ? 'results_ready' : undefined;
    case 'reject_sample':
      if (status !== 'sample_received' && status !== 'sample_held') return undefined;
      return event.retake === null ? 'sample_rejected' : retaken[event.retake];
    case 'replace':
      return replaceable.has(status) ? retaken[event.method] : undefined;
    case 'expire':
      return awaitingSample.has(status) || status === 'sample_rejected' ? 'expired' : undefined;
  }
}

const retaken = { home: 'preparing', lab: 'lab_order_sent' } as const satisfies Record<'home' | 'lab', KitStatus>;
/** A kit whose sample the lab still waits for: the states core's lost-kit rules watch. */
export const awaitingSample: ReadonlySet<KitStatus> = new Set(['shipped', 'registered', 'lab_order_sent']);
const replaceable: ReadonlySet<KitStatus> = new Set(['shipped', 'registered', 'lab_order_sent', 'sample_rejected']);

/** Words the customer and the operator read for a kit's state. */
export const kitStatusLabels: Record<KitStatus, string> = {
  preparing: 'Preparing',
  shipped: 'Shipped',
  registered: 'Registered',
  lab_order_sent: 'Lab order sent',
  sample_held: 'Sample held until the kit is registered',
  sample_received: 'Sample received',
  results_ready: 'Results ready',
  sample_rejected: 'The lab could not test the sample: a clinician will contact you',
  expired: 'Refunded: the sample never reached the lab',
};

export function isKitStatus(value: string): value is KitStatus {
  return (kitStatuses as readonly string[]).includes(value);
}

/** The kit has left the shop (or went to a lab): every state after preparing. */
const beyondShipping: ReadonlySet<KitStatus> = new Set([
  'shipped',
  'registered',
  'sample_held',
  'sample_received',
  'results_ready',
  'lab_order_sent',
  'sample_rejected',
  'expired',
]);
const sampleIn: ReadonlySet<KitStatus> = new Set(['sample_received', 'results_ready']);

/**
 * The order's status is the aggregate of its kits' tracks: the order event the kits call for
 * now, if any. An order is shipped when every kit shipped, and its sample is received when every
 * kit's sample is (a held sample does not count until its kit is registered).
 */
export function orderEventForKits(
  orderStatus: string,
  kits: readonly KitStatus[],
): { type: 'kit_shipped' } | { type: 'sample_received' } | null {
  if (kits.length === 0) return null;
  if (orderStatus === 'kit_preparing' && kits.every((kit) => beyondShipping.has(kit))) return { type: 'kit_shipped' };
  if ((orderStatus === 'kit_shipped' || orderStatus === 'lab_order_sent') && kits.every((kit) => sampleIn.has(kit))) {
    return { type: 'sample_received' };
  }
  return null;
}
