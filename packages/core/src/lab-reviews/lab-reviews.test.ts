import { describe, expect, it } from 'vitest';
import {
  formatFileSize,
  hasLatePdfHeader,
  LAB_UPLOAD_MAX_BYTES,
  labPlanFormSchema,
  labPlanSchema,
  labReviewClock,
  labReviewClockText,
  labReviewDueAt,
  linesOf,
  sniffLabFile,
} from './index.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => Uint8Array.from(value, (char) => char.charCodeAt(0));

describe('sniffLabFile', () => {
  it('reads the kind from the first bytes', () => {
    expect(sniffLabFile(text('%PDF-1.7\n%âãÏÓ\n'))).toBe('pdf');
    expect(sniffLabFile(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpeg');
    expect(sniffLabFile(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
  });

  it('refuses what is none of them, whatever its name would say', () => {
    // a Windows executable and a Linux one, as they start
    expect(sniffLabFile(bytes(0x4d, 0x5a, 0x90, 0x00))).toBeNull();
    expect(sniffLabFile(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1))).toBeNull();
    expect(sniffLabFile(text('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffLabFile(bytes())).toBeNull();
    // a PNG's signature cut short is not a PNG
    expect(sniffLabFile(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
  });

  it('finds a PDF header hiding after other bytes', () => {
    expect(hasLatePdfHeader(text('MZ\x90\x00 stub %PDF-1.4 ...'))).toBe(true);
    expect(hasLatePdfHeader(text('%PDF-1.4 a plain one'))).toBe(false);
  });
});

describe('sizes', () => {
  it('speaks in KB below a megabyte and MB above', () => {
    expect(formatFileSize(300)).toBe('1 KB');
    expect(formatFileSize(820 * 1024)).toBe('820 KB');
    expect(formatFileSize(LAB_UPLOAD_MAX_BYTES)).toBe('10.0 MB');
  });
});

describe('the review clock', () => {
  const submitted = new Date('2026-11-27T09:00:00Z');
  const due = labReviewDueAt(submitted);
  const at = (iso: string) => new Date(iso);

  it('is due 48 hours after the first file', () => {
    expect(due.toISOString()).toBe('2026-11-29T09:00:00.000Z');
  });

  it('counts hours left down, and is late from the first minute past', () => {
    expect(labReviewClock(due, null, at('2026-11-27T09:30:00Z'))).toEqual({ state: 'due', hoursLeft: 47 });
    expect(labReviewClock(due, null, at('2026-11-29T08:30:00Z'))).toEqual({ state: 'due', hoursLeft: 0 });
    expect(labReviewClock(due, null, at('2026-11-29T09:01:00Z'))).toEqual({ state: 'late', hoursLate: 1 });
    expect(labReviewClock(due, null, at('2026-11-30T12:00:00Z'))).toEqual({ state: 'late', hoursLate: 27 });
  });

  it('tells a plan sent on time from one sent late', () => {
    expect(labReviewClock(due, at('2026-11-29T09:00:00Z'), at('2026-12-01T00:00:00Z'))).toEqual({ state: 'delivered', onTime: true });
    expect(labReviewClock(due, at('2026-11-29T09:00:01Z'), at('2026-12-01T00:00:00Z'))).toEqual({ state: 'delivered', onTime: false });
  });

  it('words each state for the console', () => {
    expect(labReviewClockText({ state: 'due', hoursLeft: 0 })).toBe('Due within the hour');
    expect(labReviewClockText({ state: 'due', hoursLeft: 12 })).toBe('Due in 12 h');
    expect(labReviewClockText({ state: 'late', hoursLate: 3 })).toBe('Late by 3 h');
    expect(labReviewClockText({ state: 'delivered', onTime: false })).toBe('Sent late');
  });
});

describe('the written plan', () => {
  const form = {
    summary: 'Your ferritin is low and your vitamin D sits at the bottom of its range.',
    eatMore: '- Lentils\n\n• Spinach with lemon\r\n  Sardines  ',
    eatLess: '',
    meals: 'Lentil soup',
    shopping: 'Lentils\nLemons',
  };

  it('reads one item per line, bullets and blank lines dropped', () => {
    expect(linesOf(form.eatMore)).toEqual(['Lentils', 'Spinach with lemon', 'Sardines']);
    const plan = labPlanFormSchema.parse(form);
    expect(plan.eatMore).toEqual(['Lentils', 'Spinach with lemon', 'Sardines']);
    expect(plan.eatLess).toEqual([]);
    expect(labPlanSchema.parse(plan)).toEqual(plan);
  });

  it('asks for a summary and at least one food to eat more of', () => {
    const result = labPlanFormSchema.safeParse({ ...form, summary: 'Fine.', eatMore: '\n \n' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toContain('Please say what the results mean in a few sentences.');
    expect(messages).toContain('Please name at least one food to eat more of.');
  });

  it('refuses a list too long or a line too long', () => {
    const long = Array.from({ length: 31 }, (_, index) => `Food ${index}`).join('\n');
    expect(labPlanFormSchema.safeParse({ ...form, shopping: long }).error?.issues[0]?.message).toBe(
      'Shopping list: please keep it to 30 lines.',
    );
    expect(labPlanFormSchema.safeParse({ ...form, meals: 'x'.repeat(201) }).error?.issues[0]?.message).toBe(
      'Meal ideas: please keep each line under 200 characters.',
    );
  });
});
