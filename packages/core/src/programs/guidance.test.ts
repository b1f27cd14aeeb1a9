import { describe, expect, it } from 'vitest';
import { biomarkers, type BiomarkerSlug } from '../catalog/biomarkers.ts';
import { programFoods } from './foods.ts';
import { biomarkerGuidance, guidanceFor, reasonFor } from './guidance/index.ts';
import { programHabits } from './habits.ts';
import { buildPlan } from './plan.ts';
import { programSupplements } from './supplements.ts';
import { resultOutside } from './test-results.ts';

const slugs = Object.keys(biomarkers) as BiomarkerSlug[];
const cases = slugs.flatMap((slug) => (['low', 'high'] as const).map((flag) => [slug, flag] as const));

// Directions where food and habits have nothing to add: their section only explains.
const explainOnly = new Set(['ldl:low', 'hdl:high', 'triglycerides:low', 'hs-crp:low', 'hba1c:low']);

describe('the guidance of each biomarker', () => {
  it.each(cases)('%s %s has a reason in the shop’s words', (slug, flag) => {
    const { name, plural } = biomarkerGuidance[slug];
    const opening = `Your ${name} ${plural ? 'were' : 'was'} ${flag === 'low' ? 'below' : 'above'} range: `;
    const reason = reasonFor(slug, flag);
    expect(reason.startsWith(opening)).toBe(true);
    expect(reason.length - opening.length).toBeGreaterThan(60);
    expect(reason).toMatch(/[.]$/);
    // it explains and never diagnoses or promises
    expect(reason).not.toMatch(/\byou have\b|\bdiagnos|\bcures?\b|\bguarantee/i);
  });

  it.each(cases)('%s %s names only reviewed foods, habits and supplements, without contradicting itself', (slug, flag) => {
    const guidance = guidanceFor(slug, flag);
    for (const id of [...(guidance.favour ?? []), ...(guidance.limit ?? [])]) expect(programFoods[id], id).toBeDefined();
    for (const id of guidance.habits ?? []) expect(programHabits[id], id).toBeDefined();
    for (const id of guidance.supplements ?? []) expect(programSupplements[id], id).toBeDefined();
    for (const list of [guidance.favour, guidance.limit, guidance.habits, guidance.supplements]) {
      expect(new Set(list ?? []).size).toBe((list ?? []).length);
    }
    const limited = new Set(guidance.limit ?? []);
    expect((guidance.favour ?? []).filter((id) => limited.has(id))).toEqual([]);
    const avoided = new Set(guidance.avoidSupplements ?? []);
    expect((guidance.supplements ?? []).filter((id) => avoided.has(id))).toEqual([]);
  });

  it.each(cases)('%s %s becomes a plan section with its reason and advice', (slug, flag) => {
    const plan = buildPlan({ results: [resultOutside(slug, flag)] });
    expect(plan.sections).toHaveLength(1);
    const [section] = plan.sections;
    expect(section).toMatchObject({ biomarker: slug, flag, title: biomarkers[slug].title, reason: reasonFor(slug, flag) });
    const guidance = guidanceFor(slug, flag);
    expect(section!.favour.map((food) => food.id)).toEqual(guidance.favour ?? []);
    expect(section!.limit.map((food) => food.id)).toEqual(guidance.limit ?? []);
    expect(section!.habits.map((habit) => habit.id)).toEqual(guidance.habits ?? []);
    const advised = section!.favour.length + section!.limit.length + section!.habits.length + section!.supplements.length;
    if (explainOnly.has(`${slug}:${flag}`)) {
      expect(advised).toBe(0);
      expect(section!.reason).toMatch(/nothing in your plan changes|your clinician reads it/);
      expect(plan.general).not.toBeNull();
    } else {
      expect(advised).toBeGreaterThan(0);
      expect(plan.general).toBeNull();
    }
  });

  it('tells every supplement to be discussed with a clinician', () => {
    for (const [id, supplement] of Object.entries(programSupplements)) expect(supplement.note, id).toMatch(/clinician/);
  });

  it('uses “were” for a plural name', () => {
    expect(reasonFor('triglycerides', 'high')).toMatch(/^Your triglycerides were above range: triglycerides rise with sugar/);
    expect(reasonFor('ldl', 'high')).toMatch(/^Your LDL cholesterol was above range: LDL is the cholesterol/);
  });
});

describe('what the guidance says', () => {
  it('a low ferritin: iron-rich foods with vitamin C, tea and coffee away from meals, iron to discuss', () => {
    expect(reasonFor('ferritin', 'low')).toBe(
      'Your ferritin was below range: ferritin is your body’s store of iron, and a low level is a common, fixable cause of tiredness, hair loss and poor concentration. Iron-rich foods are absorbed best with vitamin C, and away from tea and coffee.',
    );
    const guidance = guidanceFor('ferritin', 'low');
    expect(guidance.favour).toEqual(expect.arrayContaining(['red-meat', 'lentils', 'spinach', 'bell-peppers', 'oranges', 'kiwi']));
    expect(guidance.limit).toEqual(['tea-coffee-with-meals']);
    expect(guidance.habits).toEqual(['vitamin-c-with-iron']);
    expect(guidance.supplements).toEqual(['iron']);
  });

  it('a high LDL: soluble fibre and oily fish in, saturated fats out, plant sterols to discuss', () => {
    const guidance = guidanceFor('ldl', 'high');
    expect(guidance.favour).toEqual(expect.arrayContaining(['oats', 'barley', 'salmon', 'mackerel', 'olive-oil']));
    expect(guidance.limit).toEqual(expect.arrayContaining(['butter-and-lard', 'cheese-and-cream', 'fatty-meat', 'processed-meat']));
    expect(guidance.habits).toContain('soluble-fibre-daily');
    expect(guidance.supplements).toEqual(['plant-sterols']);
  });

  it('a low vitamin D: daylight, oily fish and eggs, vitamin D3 to discuss; a high one: review what is taken, none added', () => {
    const low = guidanceFor('vitamin-d', 'low');
    expect(low.habits).toEqual(['daylight']);
    expect(low.favour).toEqual(expect.arrayContaining(['salmon', 'sardines', 'eggs', 'mushrooms']));
    expect(low.supplements).toEqual(['vitamin-d']);
    const high = guidanceFor('vitamin-d', 'high');
    expect(high.habits).toEqual(['review-supplements']);
    expect(high.avoidSupplements).toEqual(['vitamin-d']);
    expect(high.favour ?? []).toEqual([]);
  });

  it('a thyroid result sends the member to a clinician and keeps kelp out', () => {
    for (const [slug, flag] of [
      ['tsh', 'high'],
      ['tsh', 'low'],
      ['free-t4', 'low'],
      ['free-t4', 'high'],
    ] as const) {
      expect(reasonFor(slug, flag)).toMatch(/clinician’s review/);
      expect(guidanceFor(slug, flag).habits).toContain('no-kelp');
    }
    expect(guidanceFor('tsh', 'low').limit).toContain('caffeine');
  });

  it('a high hs-CRP suggests testing again once well', () => {
    expect(guidanceFor('hs-crp', 'high').habits?.[0]).toBe('repeat-when-well');
    expect(reasonFor('hs-crp', 'high')).toMatch(/worth repeating/);
  });
});
