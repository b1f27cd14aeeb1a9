import { describe, expect, it } from 'vitest';
import { consoleActions } from './console-actions.ts';
import { customerNextStep } from './next-step.ts';
import { kitRegistrationSchema } from './kit-schemas.ts';
import { kitsForOrder } from './order-kits.ts';

describe('the kits of an order', () => {
  it('gives the Complete bundle its three kits, preparing at home', () => {
    expect(kitsForOrder([{ productCode: 'base-complete', testId: null }], 'home').map((kit) => [kit.kitSlug, kit.status])).toEqual([
      ['blood', 'preparing'],
      ['daily-rhythm-saliva', 'preparing'],
      ['hormone-saliva', 'preparing'],
    ]);
  });

  it('gives a starter test one kit, sent to the lab for a partner lab', () => {
    expect(kitsForOrder([{ productCode: 'base-quiz', testId: 53 }], 'lab')).toEqual([
      { kitSlug: 'daily-rhythm-saliva', title: 'Daily rhythm saliva kit', status: 'lab_order_sent' },
    ]);
  });

  it('gives two tests of one kit a single kit', () => {
    expect(
      kitsForOrder(
        [
          { productCode: 'base-quiz', testId: 1 },
          { productCode: 'fast-track', testId: 65 },
        ],
        'home',
      ),
    ).toHaveLength(1);
  });
});

describe('console actions', () => {
  it('offers approval and decline while a clinician decides', () => {
    expect(consoleActions('approval_pending', [], true).map((action) => action.action)).toEqual([
      'approve',
      'decline',
      'refund',
      'cancel',
      'resend_email',
    ]);
  });

  it('offers shipping per kit still preparing, and samples per kit out', () => {
    expect(
      consoleActions(
        'kit_preparing',
        [
          { kitSlug: 'blood', status: 'preparing' },
          { kitSlug: 'hormone-saliva', status: 'registered' },
        ],
        false,
      ),
    ).toEqual([{ action: 'ship', kitSlug: 'blood' }, { action: 'sample_received', kitSlug: 'hormone-saliva' }, { action: 'resend_email' }]);
  });

  it('offers no refund when nothing is left to refund', () => {
    expect(consoleActions('cancelled', [], false)).toEqual([{ action: 'resend_email' }]);
    // the guarantee is offered when core's verdict says it may be applied, and only then
    expect(consoleActions('completed', [], false, true)).toEqual([{ action: 'resend_email' }, { action: 'apply_guarantee' }]);
    expect(consoleActions('completed', [], false)).toEqual([{ action: 'resend_email' }]);
  });
});

describe('the customer’s next step', () => {
  it.each([
    ['collection_pending', [], 'choose_collection'],
    ['profile_pending', [], 'fill_profile'],
    ['approval_pending', [], 'wait_for_approval'],
    ['kit_shipped', ['shipped'], 'register_kit'],
    ['kit_shipped', ['registered'], 'send_sample'],
    ['lab_order_sent', ['lab_order_sent'], 'visit_lab'],
    ['sample_received', ['sample_received'], 'wait_for_results'],
  ] as const)('%s -> %s', (status, kits, kind) => {
    expect(customerNextStep('id', status, kits, ['base-quiz']).kind).toBe(kind);
  });
});

describe('kit codes', () => {
  it('reads a code typed in lower case without the dash', () => {
    expect(kitRegistrationSchema.parse({ code: ' abcd2345 ' })).toEqual({ code: 'ABCD-2345' });
  });
  it('refuses something that is not a code', () => {
    expect(kitRegistrationSchema.safeParse({ code: 'abc' }).success).toBe(false);
  });
});
