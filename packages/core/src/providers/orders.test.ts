import { describe, expect, it } from 'vitest';
import { getProduct } from '../catalog/products.ts';
import { tests } from '../catalog/tests.ts';
import {
  CLINIC_FEE_MAX_CENTS,
  clinicFeeLabel,
  findCatalogItem,
  providerCatalog,
  providerOrderMessages,
  providerOrderSchema,
} from './orders.ts';

describe('the provider test catalog', () => {
  it('holds every test at the starter test’s price, the Complete bundle, food allergy and food sensitivity', () => {
    expect(providerCatalog).toHaveLength(tests.length + 3);
    expect(findCatalogItem('test-53')).toMatchObject({
      productCode: 'base-quiz',
      testId: 53,
      priceCents: getProduct('base-quiz').priceCents,
    });
    expect(findCatalogItem('base-complete')?.priceCents).toBe(getProduct('base-complete').priceCents);
    expect(findCatalogItem('food-allergy')?.priceCents).toBe(17500);
    expect(findCatalogItem('food-sensitivity')?.priceCents).toBe(18400);
    expect(findCatalogItem('base-daily')).toBeUndefined();
  });
});

describe('the provider order form', () => {
  const parse = (input: unknown) => providerOrderSchema.safeParse(input);
  const firstMessage = (input: unknown) => {
    const parsed = parse(input);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('takes a client and tests of the catalog, the client paying', () => {
    expect(parse({ clientId: 'c1', items: ['test-1', 'base-complete'] }).data).toEqual({
      clientId: 'c1',
      payer: 'client',
      items: ['test-1', 'base-complete'],
    });
  });

  it('refuses an empty selection, an unknown or repeated test, and no client', () => {
    expect(firstMessage({ clientId: 'c1', items: [] })).toBe(providerOrderMessages.items);
    expect(firstMessage({ clientId: 'c1', items: ['test-999'] })).toBe(providerOrderMessages.unknownItem);
    expect(firstMessage({ clientId: 'c1', items: ['test-1', 'test-1'] })).toBe(providerOrderMessages.unknownItem);
    expect(firstMessage({ clientId: '', items: ['test-1'] })).toBe(providerOrderMessages.client);
    expect(firstMessage({ clientId: 'c1', items: ['test-1'], payer: 'provider' })).toBe('Please choose who pays');
  });

  it('takes a custom fee from $0 to $500 in cents, with the custom fee payer only', () => {
    expect(parse({ clientId: 'c1', items: ['test-1'], payer: 'custom_fee', feeCents: 2500 }).data?.feeCents).toBe(2500);
    expect(parse({ clientId: 'c1', items: ['test-1'], payer: 'custom_fee', feeCents: 0 }).success).toBe(true);
    expect(parse({ clientId: 'c1', items: ['test-1'], payer: 'custom_fee', feeCents: CLINIC_FEE_MAX_CENTS }).success).toBe(true);
    expect(firstMessage({ clientId: 'c1', items: ['test-1'], payer: 'custom_fee', feeCents: CLINIC_FEE_MAX_CENTS + 1 })).toBe(
      providerOrderMessages.feeBounds,
    );
    expect(firstMessage({ clientId: 'c1', items: ['test-1'], payer: 'custom_fee', feeCents: -1 })).toBe(providerOrderMessages.feeBounds);
    expect(firstMessage({ clientId: 'c1', items: ['test-1'], payer: 'custom_fee', feeCents: 12.5 })).toBe(providerOrderMessages.feeBounds);
    expect(firstMessage({ clientId: 'c1', items: ['test-1'], payer: 'custom_fee' })).toBe(providerOrderMessages.feeBounds);
    expect(firstMessage({ clientId: 'c1', items: ['test-1'], payer: 'client', feeCents: 2500 })).toBe(
      providerOrderMessages.feeOnlyWithCustomFee,
    );
  });

  it('names the fee line after the clinic', () => {
    expect(clinicFeeLabel('Green Valley Clinic')).toBe('Interpretation fee — Green Valley Clinic');
  });
});
