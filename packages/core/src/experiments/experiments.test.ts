import { describe, expect, it } from 'vitest';
import {
  assignVariants,
  EXPERIMENT_COOKIE,
  EXPERIMENT_COOKIE_MAX_AGE,
  EXPERIMENT_COOKIE_PATH,
  formatExperimentCookie,
  parseExperimentCookie,
  quizExperiment,
  quizVariantForExperiment,
  resolveAssignment,
} from './experiments.ts';

const fixed = (value: number) => () => value;

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

describe('assignment', () => {
  it('picks one variant per slot from the random source', () => {
    const values = [0, 0.5, 0.99];
    let call = 0;
    const assignment = assignVariants({ id: 'home', arms: [2, 3, 4] }, () => values[call++] ?? 0);
    expect(assignment).toEqual({ experimentId: 'home', variants: [0, 1, 3] });
  });

  it('stays in range even when random returns 1', () => {
    expect(assignVariants({ id: 'quiz', arms: [3] }, fixed(1)).variants).toEqual([2]);
  });

  it('spreads visitors over every variant', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 30; i += 1) seen.add(assignVariants(quizExperiment, fixed(i / 30)).variants[0] ?? -1);
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });

  it.each([
    { id: 'bad id', arms: [2] },
    { id: 'quiz', arms: [] },
    { id: 'quiz', arms: [0] },
    { id: 'quiz', arms: [101] },
    { id: 'quiz', arms: [2.5] },
  ])('refuses the experiment $id $arms', (experiment) => {
    expect(() => assignVariants(experiment, Math.random)).toThrow(RangeError);
  });

  it('keeps a valid stored assignment and replaces one that does not fit', () => {
    expect(resolveAssignment('quiz.1', quizExperiment, fixed(0))).toEqual({
      assignment: { experimentId: 'quiz', variants: [1] },
      fresh: false,
    });
    expect(resolveAssignment('quiz.3', quizExperiment, fixed(0))).toEqual({
      assignment: { experimentId: 'quiz', variants: [0] },
      fresh: true,
    });
    expect(resolveAssignment('quiz.1-1', quizExperiment, fixed(0)).fresh).toBe(true);
    expect(resolveAssignment('other.1', quizExperiment, fixed(0)).fresh).toBe(true);
    expect(resolveAssignment(undefined, quizExperiment, fixed(0.5))).toEqual({
      assignment: { experimentId: 'quiz', variants: [1] },
      fresh: true,
    });
  });
});

describe('the quiz experiment', () => {
  it.each([
    [0, 'quiz'],
    [1, 'quiz-b'],
    [2, 'quiz-c'],
    [7, 'quiz'],
  ])('index %i shows %s', (index, slug) => {
    expect(quizVariantForExperiment({ experimentId: quizExperiment.id, variants: [index] })).toBe(slug);
  });

  it('shows the control without an assignment or with another experiment', () => {
    expect(quizVariantForExperiment(undefined)).toBe('quiz');
    expect(quizVariantForExperiment({ experimentId: 'home', variants: [2] })).toBe('quiz');
  });
});
