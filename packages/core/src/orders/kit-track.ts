/**
 * The track of one kit of an order (DESIGN.md §3: "each kit in an order has its own track"), as
 * one pure function like the order's: (state, event) -> next state, or a refusal that says why.
 *
 * Home kit: preparing -> shipped -> registered (the customer enters the code printed on the kit,
 * which ties the sample to the person tested) -> sample_received -> results_ready. A sample that
 * arrives before its kit was registered is held (`sample_held`) and released by the registration.
 * Partner lab: lab_order_sent -> sample_received -> results_ready.
 */
export const kitStatuses = [
  'preparing',
  'shipped',
  'registered',
  'lab_order_sent',
  'sample_held',
  'sample_received',
  'results_ready',
] as const;
export type KitStatus = (typeof kitStatuses)[number];

export type KitEvent =
  { type: 'ship'; trackingNumber: string } | { type: 'register' } | { type: 'sample_arrived' } | { type: 'results_entered' };

export type KitTransitionResult = { ok: true; status: KitStatus } | { ok: false; reason: string };

const eventWords: Record<KitEvent['type'], string> = {
  ship: 'be shipped',
  register: 'be registered',
  sample_arrived: 'take a sample',
  results_entered: 'take results',
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
  }
}

/** Words the customer and the operator read for a kit's state. */
export const kitStatusLabels: Record<KitStatus, string> = {
  preparing: 'Preparing',
  shipped: 'Shipped',
  registered: 'Registered',
  lab_order_sent: 'Lab order sent',
  sample_held: 'Sample held until the kit is registered',
  sample_received: 'Sample received',
  results_ready: 'Results ready',
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
