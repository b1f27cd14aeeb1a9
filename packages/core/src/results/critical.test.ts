import { describe, expect, it } from 'vitest';
import type { BiomarkerSlug } from '../catalog/biomarkers.ts';
import {
  classifyResults,
  outreachAgeText,
  outreachClock,
  outreachFindingOf,
  outreachThresholds,
  releaseRule,
  type OutreachChannel,
  type OutreachOutcome,
} from './critical.ts';
import { biomarkerReferences } from './reference.ts';

const result = (biomarker: BiomarkerSlug, value: number) => ({ biomarker, value });

describe('outreach thresholds', () => {
  it('sit inside each biomarker’s plausible bounds and outside its reference range, critical beyond alert, each with a source', () => {
    for (const [slug, limits] of Object.entries(outreachThresholds)) {
      const reference = biomarkerReferences[slug as BiomarkerSlug];
      expect(limits.source.length, slug).toBeGreaterThan(10);
      for (const side of ['low', 'high'] as const) {
        for (const limit of [limits[side]?.alert, limits[side]?.critical]) {
          if (limit === undefined) continue;
          expect(limit, slug).toBeGreaterThanOrEqual(reference.plausible.min);
          expect(limit, slug).toBeLessThanOrEqual(reference.plausible.max);
          if (side === 'high' && reference.range.high !== undefined) expect(limit, slug).toBeGreaterThan(reference.range.high);
          if (side === 'low' && reference.range.low !== undefined) expect(limit, slug).toBeLessThan(reference.range.low);
        }
        const { alert, critical } = limits[side] ?? {};
        if (alert !== undefined && critical !== undefined) {
          if (side === 'high') expect(critical, slug).toBeGreaterThan(alert);
          else expect(critical, slug).toBeLessThan(alert);
        }
      }
    }
  });
});

describe('a result’s finding', () => {
  it('is critical for triglycerides at or above 1,000 mg/dL, an alert from 500, none below', () => {
    expect(outreachFindingOf(result('triglycerides', 2500))).toEqual({ biomarker: 'triglycerides', side: 'high', level: 'critical' });
    expect(outreachFindingOf(result('triglycerides', 1000))?.level).toBe('critical');
    expect(outreachFindingOf(result('triglycerides', 999))?.level).toBe('alert');
    expect(outreachFindingOf(result('triglycerides', 500))?.level).toBe('alert');
    expect(outreachFindingOf(result('triglycerides', 499))).toBeUndefined();
  });

  it('reads both sides: magnesium critical below 1.0 and above 4.9 mg/dL', () => {
    expect(outreachFindingOf(result('magnesium', 0.9))).toEqual({ biomarker: 'magnesium', side: 'low', level: 'critical' });
    expect(outreachFindingOf(result('magnesium', 1.1))).toEqual({ biomarker: 'magnesium', side: 'low', level: 'alert' });
    expect(outreachFindingOf(result('magnesium', 2))).toBeUndefined();
    expect(outreachFindingOf(result('magnesium', 3.6))).toEqual({ biomarker: 'magnesium', side: 'high', level: 'alert' });
    expect(outreachFindingOf(result('magnesium', 5))).toEqual({ biomarker: 'magnesium', side: 'high', level: 'critical' });
  });

  it('is none for a biomarker without limits, however far outside its range', () => {
    expect(outreachFindingOf(result('melatonin', 400))).toBeUndefined();
  });
});

describe('a result set', () => {
  it('takes its most urgent finding’s level and lists every finding', () => {
    const set = classifyResults([result('ldl', 200), result('triglycerides', 1200), result('hdl', 50)]);
    expect(set.level).toBe('critical');
    expect(set.findings.map((finding) => [finding.biomarker, finding.level])).toEqual([
      ['ldl', 'alert'],
      ['triglycerides', 'critical'],
    ]);
    expect(classifyResults([result('ldl', 195), result('hdl', 50)]).level).toBe('alert');
    expect(classifyResults([result('ldl', 90), result('hdl', 50)])).toEqual({ level: undefined, findings: [] });
  });
});

describe('the clock', () => {
  const heldAt = new Date('2026-03-01T10:00:00Z');
  it('is due within the hour for a critical value, the next day for an alert, overdue only without an attempt', () => {
    const later = new Date('2026-03-01T11:30:00Z');
    expect(outreachClock('critical', heldAt, later, 0)).toEqual({
      ageMinutes: 90,
      dueAt: new Date('2026-03-01T11:00:00Z'),
      overdue: true,
    });
    expect(outreachClock('critical', heldAt, later, 1).overdue).toBe(false);
    expect(outreachClock('alert', heldAt, later, 0)).toMatchObject({ dueAt: new Date('2026-03-02T10:00:00Z'), overdue: false });
  });

  it('reads as minutes, hours or days', () => {
    expect(outreachAgeText(35)).toBe('35 min');
    expect(outreachAgeText(185)).toBe('3 h 5 min');
    expect(outreachAgeText(2 * 24 * 60 + 4 * 60 + 3)).toBe('2 d 4 h');
  });
});

describe('the release rule', () => {
  const attempt = (channel: OutreachChannel, outcome: OutreachOutcome) => ({ channel, outcome });
  it('releases once the person is reached', () => {
    expect(releaseRule([attempt('call', 'no_answer'), attempt('call', 'reached')])).toEqual({ allowed: true, reason: 'reached' });
  });

  it('asks for three attempts, then a letter, before releasing to a person not reached', () => {
    expect(releaseRule([])).toMatchObject({ allowed: false });
    const three = [attempt('call', 'no_answer'), attempt('text', 'sent'), attempt('call', 'left_message')];
    expect(releaseRule(three.slice(0, 2))).toMatchObject({ allowed: false, message: expect.stringContaining('2 made so far') });
    expect(releaseRule(three)).toMatchObject({ allowed: false, message: expect.stringContaining('send a letter') });
    expect(releaseRule([attempt('letter', 'sent'), ...three.slice(0, 2)])).toMatchObject({ allowed: false });
    expect(releaseRule([...three, attempt('letter', 'sent')])).toEqual({ allowed: true, reason: 'letter_after_attempts' });
  });
});
