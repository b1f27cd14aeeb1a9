import { describe, expect, it } from 'vitest';
import { areaSlugs } from '../catalog/areas.ts';
import { goalSlugs } from '../catalog/goals.ts';
import { questionIds, questions, sexValues, symptomValues } from './questions.ts';
import {
  findQuizVariant,
  isQuizVariantSlug,
  quizResultsPaths,
  quizVariants,
  quizVariantSlugs,
  requiredQuestions,
  variantQuestions,
} from './variants.ts';

describe('the question bank', () => {
  it('holds each question under its own id', () => {
    expect(Object.keys(questions)).toEqual([...questionIds]);
    for (const id of questionIds) expect(questions[id].id).toBe(id);
  });

  it('offers the catalog goals and areas, and the sex values used today', () => {
    const values = (id: keyof typeof questions) => {
      const question = questions[id];
      return question.kind === 'date' ? [] : question.options.map((option) => option.value);
    };
    expect(values('goal')).toEqual([...goalSlugs]);
    expect(values('area')).toEqual([...areaSlugs]);
    expect(values('symptoms')).toEqual([...symptomValues]);
    expect(values('sex')).toEqual(['female', 'male', 'other']);
    expect(values('recipientSex')).toEqual([...sexValues]);
    expect(values('diet')).toEqual(['omnivore', 'vegetarian', 'vegan', 'pescatarian', 'low-carb', 'other']);
  });

  it('gives every choice a label and no value twice', () => {
    for (const question of Object.values(questions)) {
      if (question.kind === 'date') continue;
      const values = question.options.map((option) => option.value);
      expect(new Set(values).size, question.id).toBe(values.length);
      for (const option of question.options) expect(option.label.trim(), `${question.id}.${option.value}`).not.toBe('');
    }
  });
});

describe('quiz variants', () => {
  it('covers every quiz route of the specification', () => {
    expect(Object.keys(quizVariants).sort()).toEqual([...quizVariantSlugs].sort());
    expect(quizVariantSlugs).toHaveLength(13);
  });

  it('asks these questions, in this order', () => {
    const asked = Object.fromEntries(Object.values(quizVariants).map((variant) => [variant.slug, variant.questions]));
    expect(asked).toEqual({
      quiz: ['goal', 'symptoms', 'sex', 'dateOfBirth'],
      'quiz-b': ['symptoms', 'goal', 'sex', 'dateOfBirth'],
      'quiz-c': ['goal', 'sex', 'dateOfBirth'],
      'quiz-base': ['area', 'symptoms', 'sex', 'dateOfBirth'],
      'quiz-base-b': ['area', 'sex', 'dateOfBirth', 'symptoms'],
      'quiz-base-c': ['area', 'sex', 'dateOfBirth'],
      'quiz-base-diet': ['area', 'diet', 'activity', 'symptoms', 'sex', 'dateOfBirth'],
      'quiz-base-diet-b': ['diet', 'activity', 'area', 'symptoms', 'sex', 'dateOfBirth'],
      'quiz-base-diet-c': ['area', 'diet', 'activity', 'sex', 'dateOfBirth'],
      'quiz-base-partners': ['area', 'symptoms', 'sleepHours', 'sex', 'dateOfBirth'],
      'quiz-base-partners-b': ['area', 'sleepHours', 'activity', 'sex', 'dateOfBirth'],
      'quiz-gift': ['goal', 'recipientSex'],
      'quiz-gifting': ['area', 'symptoms', 'recipientSex'],
    });
  });

  it.each(Object.values(quizVariants))('$slug is well formed', (variant) => {
    expect(variant.slug).toMatch(/^quiz/);
    expect(quizResultsPaths).toContain(variant.resultsPath);
    expect(variant.heading.trim()).not.toBe('');
    expect(variant.intro.trim()).not.toBe('');
    for (const id of variant.questions) expect(questionIds, id).toContain(id);
    expect(new Set(variant.questions).size).toBe(variant.questions.length);
    // a recommendation needs a goal or an area, never both
    expect(variant.questions.filter((id) => id === 'goal' || id === 'area')).toHaveLength(1);
    for (const id of Object.keys(variant.titles ?? {})) expect(questionIds, id).toContain(id);
  });

  it('asks every quiz but the gift ones for a date of birth and a sex', () => {
    for (const variant of Object.values(quizVariants)) {
      const gift = variant.audience === 'gift';
      expect(variant.questions.includes('dateOfBirth'), variant.slug).toBe(!gift);
      expect(variant.questions.includes('sex'), variant.slug).toBe(!gift);
      expect(variant.questions.includes('recipientSex'), variant.slug).toBe(gift);
    }
  });

  it('starts the base quizzes from an area and asks the diet quizzes how they eat and move', () => {
    for (const variant of Object.values(quizVariants)) {
      if (variant.slug.startsWith('quiz-base')) expect(variant.questions, variant.slug).toContain('area');
      if (variant.audience === 'diet') expect(variant.questions, variant.slug).toEqual(expect.arrayContaining(['diet', 'activity']));
    }
  });

  it('marks the partner quizzes, and only them, as carrying a partner group', () => {
    const partnered = Object.values(quizVariants).filter((variant) => variant.requiresPartner === true);
    expect(partnered.map((variant) => variant.slug)).toEqual(['quiz-base-partners', 'quiz-base-partners-b']);
    for (const variant of partnered) expect(variant.audience).toBe('partner');
  });

  it('rewords the gift questions to speak of the recipient', () => {
    const [goal, recipientSex] = variantQuestions(quizVariants['quiz-gift']);
    expect(goal?.title).toBe('What would they most like to improve?');
    expect(recipientSex?.title).toBe('What was their sex at birth?');
    for (const question of variantQuestions(quizVariants['quiz-gifting']))
      expect(question.title, question.id).toMatch(/\bthey\b|\btheir\b/);
    expect(variantQuestions(quizVariants.quiz)[0]?.title).toBe('What would you most like to improve?');
  });

  it('lets symptoms be skipped', () => {
    expect(requiredQuestions(quizVariants.quiz)).toEqual(['goal', 'sex', 'dateOfBirth']);
    expect(requiredQuestions(quizVariants['quiz-gifting'])).toEqual(['area', 'recipientSex']);
  });
});

describe('variant lookups', () => {
  it.each(['quiz', 'quiz-base-partners-b', 'quiz-gifting'])('finds %s', (slug) => {
    expect(isQuizVariantSlug(slug)).toBe(true);
    expect(findQuizVariant(slug)?.slug).toBe(slug);
  });

  it.each(['quiz-d', '', 'toString', '__proto__', 'QUIZ'])('knows no %j', (slug) => {
    expect(isQuizVariantSlug(slug)).toBe(false);
    expect(findQuizVariant(slug)).toBeUndefined();
  });
});
