import type { MemberProgram, ProgramRetests } from '@shop/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { programSteps } from './program-steps';
import { ResultsComparison } from './results-comparison';

const measurement = (value: number, flag: 'low' | 'normal' | 'high') => ({
  value,
  unit: 'ng/mL',
  range: { low: 0.4, high: 1 },
  flag,
  display: {
    value: `${value.toFixed(1)} ng/mL`,
    range: '0.4 – 1.0 ng/mL',
    flag: flag === 'high' ? 'High: above the reference range' : 'Normal: within the reference range',
  },
});

const program = {
  order: { id: 'starter', number: 100001 },
  timeline: { startedOn: '2026-03-10', endsOn: '2026-05-09', planUntil: '2026-06-09', phase: 'program', week: 5, weeks: [] },
} as unknown as MemberProgram;

const order = (id: string, status: string, statusLabel: string) => ({ id, number: 100002, status, statusLabel });

describe('the program’s steps', () => {
  it('mark what is done, the retest under way with its order, and what comes next', () => {
    const retests: ProgramRetests = {
      program: order('starter', 'retests', 'Retests'),
      retests: [
        { sequence: 1, week: 4, dueOn: '2026-03-31', order: order('r1', 'kit_shipped', 'Kit shipped'), resultsIn: false },
        { sequence: 2, week: 8, dueOn: '2026-04-28', order: null, resultsIn: false },
      ],
      comparison: [],
    };
    const steps = programSteps(program, retests);
    expect(steps.map((step) => [step.title, step.state])).toEqual([
      ['Starter test', 'done'],
      ['Program started', 'done'],
      ['Retest 1, week 4', 'now'],
      ['Retest 2, week 8', 'next'],
      ['Program complete', 'next'],
    ]);
    expect(steps[2]).toMatchObject({ detail: 'Kit shipped', link: { to: '/account/orders/r1', label: 'Order #100002' } });
    expect(steps[3]!.detail).toBe('Your kit is prepared on April 28, 2026, at no charge.');
  });

  it('end done once the program is completed', () => {
    const steps = programSteps(program, {
      program: order('starter', 'completed', 'Completed'),
      retests: [
        { sequence: 1, week: 4, dueOn: '2026-03-31', order: order('r1', 'results_ready', 'Results ready'), resultsIn: true },
        { sequence: 2, week: 8, dueOn: '2026-04-28', order: order('r2', 'results_ready', 'Results ready'), resultsIn: true },
      ],
      comparison: [],
    });
    expect(steps.every((step) => step.state === 'done')).toBe(true);
  });
});

describe('the comparison of results', () => {
  it('writes each value, range, flag and change in a table, and labels the chart with the values', () => {
    const html = renderToString(
      <ResultsComparison
        comparison={[
          {
            biomarker: 'cortisol',
            title: 'Cortisol',
            starter: measurement(1.4, 'high'),
            retests: [
              {
                sequence: 1,
                measurement: measurement(0.9, 'normal'),
                change: { direction: 'down', by: 0.5, display: 'Down 0.5 ng/mL since your starter test' },
              },
            ],
          },
        ]}
      />,
    );
    expect(html).toMatch(/<caption class="sr-only">Cortisol(<!-- -->)?: your starter test and retests<\/caption>/);
    expect(html).toContain('Down 0.5 ng/mL');
    expect(html).toContain('High');
    expect(html).toContain('aria-label="Cortisol: Starter 1.4 ng/mL, Retest 1 0.9 ng/mL. Reference range 0.4 – 1.0 ng/mL."');
  });

  it('says what comes before any retest has results', () => {
    expect(renderToString(<ResultsComparison comparison={[]} />)).toContain('When your first retest’s results are in');
  });
});
