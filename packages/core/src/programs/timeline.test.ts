import { describe, expect, it } from 'vitest';
import { PROGRAM_WEEKS } from './shopping-list.ts';
import { programTimeline } from './timeline.ts';

describe('the program’s timeline', () => {
  it('runs two months from the day it started, with a plan meant for three', () => {
    const timeline = programTimeline('2026-03-10', '2026-03-10');
    expect(timeline).toMatchObject({ startedOn: '2026-03-10', endsOn: '2026-05-09', planUntil: '2026-06-09', phase: 'program', week: 1 });
  });

  it('has eight weeks back to back, the last running on to the program’s last day', () => {
    const { weeks, endsOn } = programTimeline('2026-03-10', '2026-03-10');
    expect(weeks).toHaveLength(PROGRAM_WEEKS);
    expect(weeks[0]).toEqual({ week: 1, startsOn: '2026-03-10', endsOn: '2026-03-16', state: 'current' });
    expect(weeks[1]).toMatchObject({ week: 2, startsOn: '2026-03-17', endsOn: '2026-03-23', state: 'next' });
    expect(weeks[7]).toMatchObject({ week: 8, startsOn: '2026-04-28', endsOn });
    for (const [index, week] of weeks.entries()) {
      const next = weeks[index + 1];
      if (next) expect(Date.parse(next.startsOn) - Date.parse(week.endsOn)).toBe(86_400_000);
    }
  });

  it('counts the week a day falls in, and marks the weeks before it done', () => {
    const timeline = programTimeline('2026-03-10', '2026-03-24');
    expect(timeline.week).toBe(3);
    expect(timeline.weeks.map((week) => week.state)).toEqual(['done', 'done', 'current', 'next', 'next', 'next', 'next', 'next']);
    expect(programTimeline('2026-03-10', '2026-03-23').week).toBe(2);
  });

  it('keeps the program’s last days in week 8', () => {
    expect(programTimeline('2026-03-10', '2026-05-05').week).toBe(8);
    expect(programTimeline('2026-03-10', '2026-05-09')).toMatchObject({ week: 8, phase: 'program' });
  });

  it('ends the program after two months and the plan after three', () => {
    const after = programTimeline('2026-03-10', '2026-05-10');
    expect(after).toMatchObject({ phase: 'plan', week: null });
    expect(after.weeks.every((week) => week.state === 'done')).toBe(true);
    expect(programTimeline('2026-03-10', '2026-06-09').phase).toBe('plan');
    expect(programTimeline('2026-03-10', '2026-06-10').phase).toBe('over');
  });

  it('keeps to the month’s last day for a start at the end of a month', () => {
    expect(programTimeline('2026-12-31', '2027-01-01')).toMatchObject({ endsOn: '2027-02-27', planUntil: '2027-03-30' });
  });

  it('reads a day before the start as the first day, and refuses what is not a day', () => {
    expect(programTimeline('2026-03-10', '2026-03-09')).toMatchObject({ week: 1, phase: 'program' });
    expect(() => programTimeline('2026-3-10', '2026-03-10')).toThrow(RangeError);
    expect(() => programTimeline('2026-03-10', 'today')).toThrow(RangeError);
  });
});
