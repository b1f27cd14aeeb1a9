/**
 * The statistics of the experiment report, with no library: a proportion's 95% interval by
 * Wilson's score method, the difference of two proportions by Newcombe's hybrid score method
 * (built from the two Wilson intervals), and the chi-squared goodness-of-fit test that tells a
 * sample ratio mismatch (visitors not split as the weights say: a bug in assignment or counting,
 * which makes every other number of the report untrustworthy).
 */

/** the two-sided 95% normal quantile */
export const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson's score interval for `successes` out of `trials`; null without trials. */
export function wilsonInterval(successes: number, trials: number, z = Z_95): Interval | null {
  if (trials <= 0) return null;
  if (successes < 0 || successes > trials) throw new RangeError(`${successes} successes out of ${trials} trials`);
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * The difference of two proportions (a − b) with its interval by Newcombe's hybrid score method;
 * null when either side has no trials.
 */
export function differenceInterval(
  a: { successes: number; trials: number },
  b: { successes: number; trials: number },
  z = Z_95,
): { difference: number; interval: Interval } | null {
  const ia = wilsonInterval(a.successes, a.trials, z);
  const ib = wilsonInterval(b.successes, b.trials, z);
  if (!ia || !ib) return null;
  const pa = a.successes / a.trials;
  const pb = b.successes / b.trials;
  const difference = pa - pb;
  const below = Math.sqrt((pa - ia.low) ** 2 + (ib.high - pb) ** 2);
  const above = Math.sqrt((ia.high - pa) ** 2 + (pb - ib.low) ** 2);
  return { difference, interval: { low: difference - below, high: difference + above } };
}

/** ln Γ(x) for x > 0 (Lanczos' approximation, g = 7, nine coefficients). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i += 1) sum += c[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The regularised upper incomplete gamma function Q(s, x). */
function upperGamma(s: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + s * Math.log(x) - logGamma(s));
  if (x < s + 1) {
    // the series for P(s, x), then Q = 1 − P
    let term = 1 / s;
    let sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-15; n += 1) {
      term *= x / (s + n);
      sum += term;
    }
    return Math.max(0, 1 - sum * front);
  }
  // the continued fraction for Q(s, x) (modified Lentz)
  const tiny = 1e-300;
  let b = x + 1 - s;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i += 1) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, front * h);
}

/** P(X ≥ statistic) for a chi-squared variable with `degrees` degrees of freedom. */
export function chiSquaredPValue(statistic: number, degrees: number): number {
  if (degrees < 1) throw new RangeError('a chi-squared test needs at least one degree of freedom');
  return upperGamma(degrees / 2, statistic / 2);
}

/** below this p-value the split is taken as broken and the report's results are hidden */
export const SAMPLE_RATIO_MISMATCH_P = 0.001;

/**
 * The sample ratio mismatch check: are the observed counts what the weights lead one to expect?
 * Null with fewer than two groups or no visitors at all.
 */
export function sampleRatioMismatch(
  observed: readonly number[],
  weights: readonly number[],
): { statistic: number; degrees: number; pValue: number; mismatch: boolean } | null {
  if (observed.length !== weights.length) throw new RangeError('one weight per observed count');
  const total = observed.reduce((sum, value) => sum + value, 0);
  const weightTotal = weights.reduce((sum, value) => sum + value, 0);
  if (observed.length < 2 || total === 0 || weightTotal <= 0) return null;
  let statistic = 0;
  observed.forEach((value, i) => {
    const expected = (total * weights[i]!) / weightTotal;
    statistic += (value - expected) ** 2 / expected;
  });
  const degrees = observed.length - 1;
  const pValue = chiSquaredPValue(statistic, degrees);
  return { statistic, degrees, pValue, mismatch: pValue < SAMPLE_RATIO_MISMATCH_P };
}
