import { describe, expect, it } from 'vitest';
import { assignVariant, bucketOf, fnv1a32 } from './assignment.ts';
import { experiments, findExperiment, noControls, variantToShow, type ExperimentDefinition } from './definitions.ts';

const quiz = findExperiment('quiz')!;
const now = new Date('2026-06-01T12:00:00Z');

describe('the experiments', () => {
  it.each(experiments.map((experiment) => [experiment.id, experiment] as const))('%s is well formed', (_id, experiment) => {
    const keys = experiment.variants.map((variant) => variant.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(experiment.variants.every((variant) => variant.weight > 0)).toBe(true);
    expect(experiment.pages.length).toBeGreaterThan(0);
    expect(Number.isNaN(new Date(experiment.start).getTime())).toBe(false);
  });

  it('names the specification’s variants', () => {
    expect(findExperiment('quiz-results')!.variants.map((v) => v.key)).toEqual([
      '/quiz-results',
      '/quiz-results-b',
      '/quiz-results-c',
      '/quiz-results-d',
    ]);
    expect(findExperiment('checkout')!.variants.map((v) => v.key)).toEqual([
      '/checkout-payment',
      '/checkout-payment-b',
      '/checkout-payment-c',
    ]);
  });
});

describe('deterministic assignment', () => {
  it('hashes with 32-bit FNV-1a (its published test vectors)', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('gives a visitor the same variant every time', () => {
    const visitor = '6f1c2d7e-1b9a-4c55-9d0e-3b7a2f4e8c10';
    const first = assignVariant(quiz, visitor);
    for (let i = 0; i < 5; i += 1) expect(assignVariant(quiz, visitor)).toBe(first);
  });

  it('splits visitors by the weights', () => {
    const weighted: ExperimentDefinition = {
      ...quiz,
      variants: [
        { key: 'a', label: 'A', weight: 3 },
        { key: 'b', label: 'B', weight: 1 },
      ],
    };
    const counts = { a: 0, b: 0 } as Record<string, number>;
    for (let i = 0; i < 8000; i += 1) counts[assignVariant(weighted, `visitor-${i}`)]! += 1;
    // 6000 expected for a: 4 standard deviations (about 155) either way
    expect(counts.a).toBeGreaterThan(5845);
    expect(counts.a).toBeLessThan(6155);
  });

  it('splits one experiment independently of another', () => {
    let same = 0;
    for (let i = 0; i < 3000; i += 1) {
      const visitor = `v${i}`;
      if (bucketOf('quiz', visitor) < 0.5 === bucketOf('checkout', visitor) < 0.5) same += 1;
    }
    expect(same).toBeGreaterThan(1350);
    expect(same).toBeLessThan(1650);
  });
});

describe('what a visitor is shown', () => {
  it('is their variant while the experiment runs', () => {
    expect(variantToShow(quiz, noControls, 'quiz-b', now)).toEqual({ variant: 'quiz-b', counted: true });
  });

  it('is the control, not counted, without an assignment (a bot) or for a variant turned off', () => {
    expect(variantToShow(quiz, noControls, undefined, now)).toEqual({ variant: 'quiz', counted: false });
    expect(variantToShow(quiz, { ...noControls, disabledVariants: ['quiz-b'] }, 'quiz-b', now)).toEqual({
      variant: 'quiz',
      counted: false,
    });
  });

  it('is the default for everyone once it has ended', () => {
    const ended = { disabledVariants: [], endedAt: new Date('2026-05-01'), defaultVariant: 'quiz-c' };
    expect(variantToShow(quiz, ended, 'quiz-b', now)).toEqual({ variant: 'quiz-c', counted: false });
    expect(variantToShow(quiz, { ...ended, defaultVariant: null }, 'quiz-b', now)).toEqual({ variant: 'quiz', counted: false });
  });

  it('counts nobody before its start or after its stop', () => {
    expect(variantToShow({ ...quiz, start: '2026-07-01' }, noControls, 'quiz-b', now).counted).toBe(false);
    expect(variantToShow({ ...quiz, stop: '2026-05-01' }, noControls, 'quiz-b', now).counted).toBe(false);
  });
});
