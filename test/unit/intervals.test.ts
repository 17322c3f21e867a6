import { describe, expect, it } from 'vitest';
import { meanInterval, poisson, t975, wilson } from '../../server/domain/intervals.ts';

describe('wilson', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison of seven methods",
  // Statistics in Medicine 17:857-872, Table II, method 3 (score interval without continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i is %f to %f as published', (x, n, low, high) => {
    const e = wilson(x, n);
    expect(e.value).toBeCloseTo(x / n, 12);
    expect(e.low).toBeCloseTo(low, 4);
    expect(e.high).toBeCloseTo(high, 4);
  });

  it('is exactly 0 or 1 at the ends and null without trials', () => {
    expect(wilson(0, 5).low).toBe(0);
    expect(wilson(5, 5).high).toBe(1);
    expect(wilson(5, 5).low).toBeCloseTo(0.5655, 4);
    expect(wilson(0, 0)).toEqual({ value: null, low: null, high: null });
  });

  it('is symmetric: x of n mirrors n - x of n', () => {
    for (const [x, n] of [
      [3, 10],
      [17, 40],
      [1, 2],
    ] as const) {
      const a = wilson(x, n);
      const b = wilson(n - x, n);
      expect(a.low).toBeCloseTo(1 - b.high!, 12);
      expect(a.high).toBeCloseTo(1 - b.low!, 12);
    }
  });
});

describe('t975', () => {
  // Student's t 0.975 quantiles as printed in standard tables (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.2).
  it.each([
    [1, 12.706],
    [2, 4.303],
    [3, 3.182],
    [4, 2.776],
    [5, 2.571],
    [6, 2.447],
    [10, 2.228],
    [20, 2.086],
    [30, 2.042],
    [100, 1.984],
  ])('df %i is %f', (df, value) => {
    expect(t975(df)).toBeCloseTo(value, 3);
  });

  it('tends to the normal quantile', () => {
    expect(t975(1_000_000)).toBeCloseTo(1.959964, 5);
    expect(() => t975(0)).toThrow();
  });
});

describe('meanInterval', () => {
  it('is mean ± t·s/√n from the sum and sum of squares', () => {
    const values = [1, 2, 2, 3, 4];
    const sum = values.reduce((a, b) => a + b, 0);
    const sq = values.reduce((a, b) => a + b * b, 0);
    const e = meanInterval(values.length, sum, sq);
    const mean = 2.4;
    const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / 4);
    expect(e.value).toBeCloseTo(mean, 12);
    expect(e.low).toBeCloseTo(mean - 2.7764451051977987 * (sd / Math.sqrt(5)), 12);
    expect(e.high).toBeCloseTo(mean + 2.7764451051977987 * (sd / Math.sqrt(5)), 12);
  });

  it('has no bounds for one value and nothing for none', () => {
    expect(meanInterval(1, 3, 9)).toEqual({ value: 3, low: null, high: null });
    expect(meanInterval(0, 0, 0)).toEqual({ value: null, low: null, high: null });
  });
});

describe('poisson', () => {
  it('is the score interval of a count: x + z²/2 ± z·√(x + z²/4), never below 0', () => {
    // 140 events: the interval Wilson's score method gives a Poisson mean (z = 1.96).
    const e = poisson(140);
    expect(e.value).toBe(140);
    expect(e.low).toBeCloseTo(118.6507, 3);
    expect(e.high).toBeCloseTo(165.1907, 3);
    const zero = poisson(0);
    expect(zero.low).toBe(0);
    expect(zero.high).toBeCloseTo(3.8415, 3);
    expect(poisson(1).low).toBeGreaterThan(0);
  });
});
