import { describe, expect, it } from 'vitest';
import {
  EXPERIMENT_COOKIE,
  EXPERIMENT_COOKIE_MAX_AGE,
  EXPERIMENT_COOKIE_PATH,
  formatExperimentCookie,
  formatAssignments,
  parseExperimentCookie,
  readAssignments,
} from './experiments.ts';
import { experiments } from './definitions.ts';

describe('the exp cookie (specification §3, §9)', () => {
  it('is named exp and lives 7 days on /', () => {
    expect(EXPERIMENT_COOKIE).toBe('exp');
    expect(EXPERIMENT_COOKIE_MAX_AGE).toBe(7 * 24 * 60 * 60);
    expect(EXPERIMENT_COOKIE_PATH).toBe('/');
  });

  it.each([
    ['quiz.2', { experimentId: 'quiz', variants: [2] }],
    ['home-hero.1-0-3', { experimentId: 'home-hero', variants: [1, 0, 3] }],
    ['A_b-9.99', { experimentId: 'A_b-9', variants: [99] }],
    ['x.0', { experimentId: 'x', variants: [0] }],
  ])('round-trips %s', (value, assignment) => {
    expect(parseExperimentCookie(value)).toEqual(assignment);
    expect(formatExperimentCookie(assignment)).toBe(value);
  });

  it.each([
    undefined,
    '',
    'quiz',
    'quiz.',
    '.1',
    'quiz.1-',
    'quiz.-1',
    'quiz.1--2',
    'quiz.100',
    'quiz.01',
    'quiz.1.2',
    'quiz.1,2',
    'quiz.1 ',
    ' quiz.1',
    'qu iz.1',
    'quiz%2E1',
    'quiz.a',
    `${'a'.repeat(41)}.1`,
    `quiz.${Array.from({ length: 21 }, () => '1').join('-')}`,
  ])('rejects %j', (value) => {
    expect(parseExperimentCookie(value)).toBeUndefined();
  });

  it.each([
    { experimentId: 'has.dot', variants: [1] },
    { experimentId: 'quiz', variants: [] },
    { experimentId: 'quiz', variants: [100] },
    { experimentId: 'quiz', variants: [-1] },
    { experimentId: 'quiz', variants: [1.5] },
  ])('refuses to format $experimentId $variants', (assignment) => {
    expect(() => formatExperimentCookie(assignment)).toThrow(RangeError);
  });
});

describe("the shop's experiments in one cookie", () => {
  it('holds one slot per experiment, in their order', () => {
    const assigned = { quiz: 'quiz-c', 'quiz-results': '/quiz-results', checkout: '/checkout-payment-b' };
    expect(experiments.map((experiment) => experiment.id)).toEqual(['quiz', 'quiz-results', 'checkout']);
    expect(formatAssignments(assigned)).toBe('shop.2-0-1');
    expect(readAssignments('shop.2-0-1')).toEqual(assigned);
  });

  it.each([undefined, 'quiz.1', 'shop.2-0', 'shop.3-0-1', 'shop.0-4-0', 'shop.0-0-0-0'])('reads %j as no assignment', (value) => {
    expect(readAssignments(value)).toBeUndefined();
  });

  it('refuses to write a variant the experiment does not have', () => {
    expect(() => formatAssignments({ quiz: 'quiz-z', 'quiz-results': '/quiz-results', checkout: '/checkout-payment' })).toThrow(RangeError);
  });
});
