import { describe, expect, it } from 'vitest';
import { memberCancelMessages, memberCancelVerdict } from './member-cancel.ts';
import { transition } from './state-machine.ts';

describe('memberCancelVerdict', () => {
  it.each(['paid', 'collection_pending', 'profile_pending', 'approval_pending'] as const)(
    'lets a member cancel an order that is %s',
    (status) => {
      expect(memberCancelVerdict(status, [])).toEqual({ ok: true });
    },
  );

  it('lets a member cancel while the kit is being prepared, not once one of its kits shipped', () => {
    expect(memberCancelVerdict('kit_preparing', ['preparing', 'preparing'])).toEqual({ ok: true });
    expect(memberCancelVerdict('kit_preparing', ['preparing', 'shipped'])).toEqual({ ok: false, reason: memberCancelMessages.shipped });
    expect(memberCancelVerdict('kit_shipped', ['shipped'])).toEqual({ ok: false, reason: memberCancelMessages.shipped });
  });

  it('refuses once the lab order was sent, an unpaid order, and an order already closed', () => {
    expect(memberCancelVerdict('lab_order_sent', ['lab_order_sent'])).toEqual({ ok: false, reason: memberCancelMessages.labOrderSent });
    expect(memberCancelVerdict('pending_payment', [])).toEqual({ ok: false, reason: memberCancelMessages.unpaid });
    for (const status of ['cancelled', 'refunded', 'results_ready'] as const) {
      expect(memberCancelVerdict(status, [])).toEqual({ ok: false, reason: memberCancelMessages.closed });
    }
  });

  it('moves the order to cancelled, from where the refund takes it to refunded', () => {
    expect(transition('kit_preparing', { type: 'member_cancel' })).toEqual({ ok: true, status: 'cancelled' });
    expect(transition('cancelled', { type: 'refund' })).toEqual({ ok: true, status: 'refunded' });
    expect(transition('kit_shipped', { type: 'member_cancel' }).ok).toBe(false);
  });
});
