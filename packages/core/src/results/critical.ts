import type { BiomarkerSlug } from '../catalog/biomarkers.ts';
import type { BiomarkerResult } from './schema.ts';

/**
 * Critical and alert values: results a clinician must tell the person about before they read them
 * alone. A critical value is a call at once (a risk to life or of lasting harm within hours or
 * days); an alert value is a call by the next day (serious, needing care soon, not an emergency).
 * Limits are in the biomarker's own unit (reference.ts), and a value counts when it is beyond the
 * limit or on it (">= 1,000 mg/dL"). The sources of each limit are in decision record 0065 and
 * beside each entry; biomarkers left out have no value the shop's kits measure that calls for
 * outreach (a cortisol, melatonin or sex hormone from saliva is read by the clinician at review).
 */
export const outreachLevels = ['critical', 'alert'] as const;
export type OutreachLevel = (typeof outreachLevels)[number];

/** Limits of one side: at or beyond `critical`, a call at once; at or beyond `alert`, a call by the next day. */
export interface OutreachLimit {
  critical?: number;
  alert?: number;
}

export interface OutreachThresholds {
  low?: OutreachLimit;
  high?: OutreachLimit;
  /** where the limits come from, cited in full in decision record 0065 */
  source: string;
}

export const outreachThresholds: Readonly<Partial<Record<BiomarkerSlug, OutreachThresholds>>> = {
  // 2018 AHA/ACC cholesterol guideline: triglycerides >= 500 mg/dL are severe and >= 1,000 mg/dL
  // raise the risk of acute pancreatitis; Endocrine Society guideline 2012 (Berglund et al.) names
  // 1,000 mg/dL the threshold of severe hypertriglyceridaemia with pancreatitis risk.
  triglycerides: {
    high: { alert: 500, critical: 1000 },
    source: '2018 AHA/ACC Guideline on the Management of Blood Cholesterol; Endocrine Society 2012 hypertriglyceridemia guideline',
  },
  // 2018 AHA/ACC cholesterol guideline: LDL-C >= 190 mg/dL is severe primary hypercholesterolaemia,
  // treated whatever the other risks; not urgent within hours, so an alert.
  ldl: { high: { alert: 190 }, source: '2018 AHA/ACC Guideline on the Management of Blood Cholesterol' },
  // ADA Standards of Care (section 9): an A1C >= 10% calls for insulin to be considered at once, and
  // an A1C at or above 6.5% is diabetes; 10% is read as an alert for a person not known to be treated.
  hba1c: { high: { alert: 10 }, source: 'American Diabetes Association, Standards of Care in Diabetes (section 9)' },
  // CDC/AHA 2003 statement on markers of inflammation (Pearson et al.): hs-CRP > 10 mg/L is not a
  // cardiovascular risk marker but a sign of an acute inflammation or infection to look for.
  'hs-crp': {
    high: { alert: 10 },
    source: 'CDC/AHA Scientific Statement on Markers of Inflammation and Cardiovascular Disease (2003)',
  },
  // Critical limits of US medical centers (Kost, JAMA 1990; 263:704-7): magnesium below 1.0 mg/dL
  // or above 4.9 mg/dL; the alert limits are the edges of symptomatic hypo- and hypermagnesaemia.
  magnesium: {
    low: { alert: 1.2, critical: 1.0 },
    high: { alert: 3.5, critical: 4.9 },
    source: 'Kost GJ, Critical limits for urgent clinician notification at US medical centers, JAMA 1990',
  },
  // American Thyroid Association guidelines: a TSH of 10 mIU/L or more (hypothyroidism) and below
  // 0.1 mIU/L (hyperthyroidism, treated in older adults) need a clinician's follow-up.
  tsh: {
    low: { alert: 0.1 },
    high: { alert: 10 },
    source: 'American Thyroid Association guidelines for hypothyroidism (2014) and hyperthyroidism (2016)',
  },
  // Endocrine Society vitamin D guideline (Holick et al. 2011): 25(OH)D above 150 ng/mL carries a
  // risk of toxicity (hypercalcaemia); below 10 ng/mL is severe deficiency (rickets, osteomalacia).
  'vitamin-d': {
    low: { alert: 10 },
    high: { alert: 150 },
    source: 'Endocrine Society Clinical Practice Guideline on vitamin D deficiency (2011)',
  },
  // AASLD hemochromatosis guideline (2011): a ferritin above 1,000 ng/mL points to iron overload
  // with a risk of cirrhosis, to be worked up; a ferritin below 15 ng/mL is not urgent.
  ferritin: { high: { alert: 1000 }, source: 'AASLD Practice Guideline, Diagnosis and Management of Hemochromatosis (2011)' },
};

/** A value beyond an outreach limit: which biomarker, which side and how urgent (the value itself stays with the results). */
export interface OutreachFinding {
  biomarker: BiomarkerSlug;
  side: 'low' | 'high';
  level: OutreachLevel;
}

/** The outreach level of one result, or undefined when it calls for none. */
export function outreachFindingOf(result: Pick<BiomarkerResult, 'biomarker' | 'value'>): OutreachFinding | undefined {
  const limits = outreachThresholds[result.biomarker];
  if (!limits) return undefined;
  const beyond = (side: 'low' | 'high', limit: number | undefined) =>
    limit !== undefined && (side === 'low' ? result.value <= limit : result.value >= limit);
  for (const side of ['low', 'high'] as const) {
    if (beyond(side, limits[side]?.critical)) return { biomarker: result.biomarker, side, level: 'critical' };
  }
  for (const side of ['low', 'high'] as const) {
    if (beyond(side, limits[side]?.alert)) return { biomarker: result.biomarker, side, level: 'alert' };
  }
  return undefined;
}

/**
 * A result set's findings and its level: the most urgent of them (critical over alert), or
 * undefined when none of its values calls for outreach and the person may read them at once.
 */
export function classifyResults(results: ReadonlyArray<Pick<BiomarkerResult, 'biomarker' | 'value'>>): {
  level: OutreachLevel | undefined;
  findings: OutreachFinding[];
} {
  const findings = results.flatMap((result) => outreachFindingOf(result) ?? []);
  const level = findings.some((finding) => finding.level === 'critical') ? 'critical' : findings.length > 0 ? 'alert' : undefined;
  return { level, findings };
}

/**
 * How soon the clinician must try to reach the person: a critical value within the hour (the
 * Joint Commission's goal NPSG.02.03.01 asks for critical results to be reported in a time the
 * organisation sets; an hour is the common hospital policy), an alert value by the next day.
 */
export const outreachDueMinutes: Readonly<Record<OutreachLevel, number>> = { critical: 60, alert: 24 * 60 };

/** The clock of a held result set: its age and whether the first attempt is late. */
export function outreachClock(level: OutreachLevel, heldAt: Date, now: Date, attempts: number) {
  const ageMinutes = Math.max(0, Math.floor((now.getTime() - heldAt.getTime()) / 60_000));
  const dueAt = new Date(heldAt.getTime() + outreachDueMinutes[level] * 60_000);
  return { ageMinutes, dueAt, overdue: attempts === 0 && now.getTime() > dueAt.getTime() };
}

/** A clock's age in words for the console: "35 min", "3 h 5 min", "2 d 4 h". */
export function outreachAgeText(ageMinutes: number): string {
  if (ageMinutes < 60) return `${ageMinutes} min`;
  const hours = Math.floor(ageMinutes / 60);
  if (hours < 24) return `${hours} h ${ageMinutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export const outreachChannels = ['call', 'text', 'letter'] as const;
export type OutreachChannel = (typeof outreachChannels)[number];

/** What came of an attempt: `reached` only for a call in which the clinician spoke with the person. */
export const outreachOutcomes = ['reached', 'no_answer', 'left_message', 'sent'] as const;
export type OutreachOutcome = (typeof outreachOutcomes)[number];

/** Which outcomes each channel can have: a text or a letter is sent, never "reached". */
export const outcomesOfChannel: Readonly<Record<OutreachChannel, readonly OutreachOutcome[]>> = {
  call: ['reached', 'no_answer', 'left_message'],
  text: ['sent'],
  letter: ['sent'],
};

export const outreachOutcomeLabels: Readonly<Record<OutreachOutcome, string>> = {
  reached: 'Reached the person',
  no_answer: 'No answer',
  left_message: 'Left a message',
  sent: 'Sent',
};

export const outreachChannelLabels: Readonly<Record<OutreachChannel, string>> = {
  call: 'Phone call',
  text: 'Text message (request to call back)',
  letter: 'Letter',
};

/**
 * The attempts the rule requires before results are released to a person not reached: three
 * calls or texts, then a letter (the practice of US direct-to-consumer labs and of hospital
 * critical-result policies: documented attempts, then written notice). A person reached may be
 * given the results at once.
 */
export const ATTEMPTS_BEFORE_LETTER = 3;

export function releaseRule(
  attempts: ReadonlyArray<{ channel: OutreachChannel; outcome: OutreachOutcome }>,
): { allowed: true; reason: 'reached' | 'letter_after_attempts' } | { allowed: false; message: string } {
  if (attempts.some((attempt) => attempt.outcome === 'reached')) return { allowed: true, reason: 'reached' };
  const tries = attempts.filter((attempt) => attempt.channel !== 'letter').length;
  const letter = attempts.some((attempt) => attempt.channel === 'letter');
  if (tries >= ATTEMPTS_BEFORE_LETTER && letter) return { allowed: true, reason: 'letter_after_attempts' };
  if (tries < ATTEMPTS_BEFORE_LETTER) {
    return {
      allowed: false,
      message: `Reach the person first, or make ${ATTEMPTS_BEFORE_LETTER} attempts by call or text and then send a letter (${tries} made so far).`,
    };
  }
  return {
    allowed: false,
    message: `${tries} attempts were made without reaching the person: send a letter before releasing the results.`,
  };
}

/** What the member reads while a clinician holds their results. */
export const heldResultsMessage =
  'A clinician will contact you about your results. Please keep your phone nearby; your results appear here once you have spoken with them.';
