/**
 * 95 % intervals for the figures trends and alerts show, so a reader can tell a real change from noise. Each
 * answer counts as one independent trial: samples per prompt and more days are what narrow an interval.
 */

/** The standard normal quantile for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

/** A figure with its 95 % interval; all null when nothing stands behind it, the bounds null when they cannot be told. */
export interface Estimate {
  value: number | null;
  low: number | null;
  high: number | null;
}

export const NO_ESTIMATE: Estimate = { value: null, low: null, high: null };

/**
 * Wilson score interval for `x` successes in `n` trials (Wilson 1927): unlike the normal (Wald) interval it stays
 * within [0, 1], is never zero-width at 0 % or 100 %, and keeps close to its nominal coverage for small `n`.
 */
export function wilson(x: number, n: number, z = Z95): Estimate {
  if (n === 0) return NO_ESTIMATE;
  const p = x / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return {
    value: p,
    low: x === 0 ? 0 : Math.max(0, centre - half),
    high: x === n ? 1 : Math.min(1, centre + half),
  };
}

/**
 * Score interval for a count `x` of independent events (a Poisson count, as hits or visits in a period): the values
 * of the rate whose normal test does not reject `x`, x + z²/2 ± z·√(x + z²/4). Never below 0, and wider than zero at 0.
 */
export function poisson(x: number, z = Z95): Estimate {
  const z2 = z * z;
  const half = z * Math.sqrt(x + z2 / 4);
  return { value: x, low: Math.max(0, x + z2 / 2 - half), high: x + z2 / 2 + half };
}

/** t(0.975, df) for df 1 to 5, where the series below is least accurate (values as scipy's t.ppf gives them). */
const SMALL_DF = [
  12.706204736174698, 4.302652729749464, 3.182446305284263, 2.7764451051977987, 2.5705818366147395,
];

/**
 * The 97.5 % quantile of Student's t with `df` degrees of freedom: exact for df 1 to 5, then the Cornish-Fisher
 * expansion in 1/df (Abramowitz & Stegun 26.7.5), within 0.00011 of the exact value from df 6 on.
 */
export function t975(df: number): number {
  if (df < 1) throw new Error('t quantile needs at least one degree of freedom');
  if (df <= SMALL_DF.length) return SMALL_DF[df - 1]!;
  const z = Z95;
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
  const g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}

/**
 * The mean of `n` values from their sum and sum of squares, with the 95 % Student t interval of the mean
 * (mean ± t · s/√n, s the sample standard deviation). One value has no spread to measure: its bounds are null.
 */
export function meanInterval(n: number, sum: number, sumOfSquares: number): Estimate {
  if (n === 0) return NO_ESTIMATE;
  const mean = sum / n;
  if (n < 2) return { value: mean, low: null, high: null };
  const variance = Math.max(0, (sumOfSquares - (sum * sum) / n) / (n - 1));
  const half = t975(n - 1) * Math.sqrt(variance / n);
  return { value: mean, low: mean - half, high: mean + half };
}
