import { describe, expect, it } from 'vitest';
import { getProduct, productCodes, type ProductCode } from '../catalog/products.ts';
import { customerNextStep, customerStatusLabel, type LabReviewStage } from './next-step.ts';
import { afterPaymentOf, needsSample, orderNeedsSample, sampleFreeProductCodes, type AfterPayment } from './samples.ts';

// Every product, written out: a product added to the catalog fails here until it is classified.
const expected: Record<ProductCode, AfterPayment> = {
  'base-quiz': 'sample',
  'base-improvement-plan': 'sample',
  'base-improvement-plan-pay-upfront': 'sample',
  'improvement-program-later': 'program_later',
  'improvement-program-after-results': 'program_later',
  'base-complete': 'sample',
  'base-complete-improvement-plan': 'sample',
  'base-complete-improvement-plan-pay-upfront': 'sample',
  'base-monitor': 'sample',
  'fast-track': 'sample',
  'food-allergy': 'sample',
  'food-sensitivity': 'sample',
  'nutritional-plan': 'lab_report',
  'health-coach': 'coach_session',
  'base-daily': 'membership',
  'gift-one-off': 'gift',
  'gift-improvement-program': 'gift',
};

describe('which products need a sample', () => {
  it('classifies every product of the catalog', () => {
    expect(Object.keys(expected).sort()).toEqual([...productCodes].sort());
  });

  it.each(productCodes.map((code) => [code, expected[code]] as const))('%s: %s', (code, after) => {
    expect(afterPaymentOf(code)).toBe(after);
    expect(needsSample(code)).toBe(after === 'sample');
    expect(sampleFreeProductCodes.includes(code)).toBe(after !== 'sample');
  });

  it('treats every gift of the catalog as a gift: its recipient gives the sample', () => {
    for (const code of productCodes) if (getProduct(code).type === 'gift') expect(afterPaymentOf(code)).toBe('gift');
  });

  it('asks a code the catalog does not know for a sample, as the shop always did', () => {
    expect(needsSample('retired-test')).toBe(true);
    expect(needsSample('constructor')).toBe(true);
  });

  it('sends an order to the collection choice when one of its products needs a sample', () => {
    expect(orderNeedsSample(['nutritional-plan'])).toBe(false);
    expect(orderNeedsSample(['base-daily', 'health-coach', 'gift-one-off'])).toBe(false);
    expect(orderNeedsSample(['base-quiz', 'base-daily'])).toBe(true);
    expect(orderNeedsSample(['gift-improvement-program', 'food-allergy'])).toBe(true);
  });
});

describe('the next step of a paid order with nothing to collect', () => {
  const step = (...codes: string[]) => customerNextStep('id', 'paid', [], codes);

  it('says what each product does next instead of asking for a home kit or a lab', () => {
    expect(step('base-daily')).toEqual({ kind: 'no_sample', text: expect.stringContaining('Base Daily membership is active'), href: null });
    expect(step('nutritional-plan')).toMatchObject({
      text: expect.stringContaining('a nutritionist reviews it within 48 hours'),
      href: '/account/nutritional-plan',
    });
    expect(step('health-coach')).toMatchObject({
      text: expect.stringContaining('book your one-to-one session with a health coach'),
      href: '/account/coaching',
    });
    expect(step('improvement-program-later').text).toContain('starts with your starter test’s results');
  });

  it('tells each product once, in the order’s order', () => {
    const text = step('health-coach', 'nutritional-plan', 'health-coach').text;
    expect(text.indexOf('health coach')).toBeLessThan(text.indexOf('nutritionist'));
    expect(text.split('health coach')).toHaveLength(2);
    // the link goes to the first product's page
    expect(step('nutritional-plan', 'health-coach').href).toBe('/account/nutritional-plan');
    expect(step('base-daily', 'health-coach').href).toBe('/account/coaching');
  });

  it('leaves a gift’s delivery to the gift, and its other products to their steps', () => {
    expect(step('gift-one-off').kind).toBe('none');
    expect(step('gift-one-off', 'health-coach')).toMatchObject({ kind: 'no_sample', text: expect.stringContaining('health coach') });
  });

  it('still asks for the collection choice when something needs a sample', () => {
    expect(customerNextStep('id', 'collection_pending', [], ['base-quiz', 'base-daily'])).toMatchObject({
      kind: 'choose_collection',
      href: '/collection?order=id',
    });
  });

  it('follows the nutritional plan’s review instead of asking for the lab report once it is in', () => {
    const plan = (labReview?: LabReviewStage) => customerNextStep('id', 'paid', [], ['nutritional-plan'], { labReview });
    expect(plan()).toMatchObject({ label: 'Upload your lab report', href: '/account/nutritional-plan' });
    expect(plan('awaiting_upload')).toMatchObject({ label: 'Upload your lab report' });
    expect(plan('in_review')).toMatchObject({
      kind: 'no_sample',
      text: expect.stringContaining('Your lab report is with our nutritionists'),
      label: 'See where your plan stands',
    });
    expect(plan('delivered')).toMatchObject({
      kind: 'no_sample',
      text: 'Your nutritional plan is ready: read it in your account or download it as a PDF.',
      href: '/account/nutritional-plan',
      label: 'Read your plan',
    });
    expect(plan('delivered').text).not.toContain('upload');
    // the other products of the order keep their own steps
    expect(customerNextStep('id', 'paid', [], ['health-coach', 'nutritional-plan'], { labReview: 'delivered' }).text).toContain(
      'health coach',
    );
  });

  it('labels a paid order by its plan once the plan is in review or written', () => {
    expect(customerStatusLabel('paid')).toBe('Paid');
    expect(customerStatusLabel('paid', { labReview: 'awaiting_upload' })).toBe('Paid');
    expect(customerStatusLabel('paid', { labReview: 'in_review' })).toBe('Plan in review');
    expect(customerStatusLabel('paid', { labReview: 'delivered' })).toBe('Plan delivered');
    // an order that also took a sample follows its sample's track
    expect(customerStatusLabel('results_ready', { labReview: 'delivered' })).toBe('Results ready');
  });

  it('does not ask an order left waiting for a collection choice with nothing to collect', () => {
    expect(customerNextStep('id', 'collection_pending', [], ['health-coach']).kind).toBe('no_sample');
  });
});
