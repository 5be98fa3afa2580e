import { describe, expect, it } from 'vitest';
import { atDifficulty, firstRelevant } from '../../src/core/eval/difficulty.js';

const ranks = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('scores at another set\'s difficulty', () => {
  // Baseline: a and b first, c second, d fourth, e and f missed.
  const baseline = ranks({ a: 1, b: 1, c: 2, d: 4, e: 0, f: 12 });
  const system = ranks({ a: 1, b: 2, c: 1, d: 1, e: 3, f: 0 });

  it('weights the strata so that the baseline scores the target', () => {
    const target = { s5: 0.9, mrr10: 0.8 };
    const mixed = atDifficulty(baseline, baseline, target);
    expect(mixed?.system.s5).toBeCloseTo(0.9, 10);
    expect(mixed?.system.mrr10).toBeCloseTo(0.8, 10);
    expect(mixed?.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it('scores the system on that mix', () => {
    const mixed = atDifficulty(system, baseline, { s5: 0.9, mrr10: 0.8 });
    // Near stratum: the baseline's mean reciprocal rank is (1/2 + 1/4) / 2 = 0.375, so the first stratum takes
    // (0.8 - 0.1 × 0 - 0.9 × 0.375) / 0.625 = 0.74, the near one 0.16, the rest 0.1.
    expect(mixed?.weights.map((w) => Number(w.toFixed(4)))).toEqual([0.74, 0.16, 0.1]);
    expect(mixed?.system.s5).toBeCloseTo(0.74 * 1 + 0.16 * 1 + 0.1 * 0.5, 10);
    expect(mixed?.system.mrr10).toBeCloseTo(0.74 * 0.75 + 0.16 * 1 + 0.1 * (1 / 3 / 2), 10);
  });

  it('gives nothing when a stratum is empty or the target is out of reach', () => {
    expect(atDifficulty(system, ranks({ a: 1, b: 1, e: 0 }), { s5: 0.9, mrr10: 0.8 })).toBeUndefined();
    expect(atDifficulty(system, baseline, { s5: 0.5, mrr10: 0.9 })).toBeUndefined();
  });

  it('reads the first relevant rank from a run and its judgments', () => {
    const run = new Map([['q1', ['x', 'y', 'z']], ['q2', ['x']]]);
    const qrels = new Map([['q1', new Map([['z', 1]])], ['q2', new Map([['w', 1]])]]);
    expect(firstRelevant(run, qrels)).toEqual(new Map([['q1', 3], ['q2', 0]]));
  });
});
