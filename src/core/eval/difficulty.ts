import type { Qrels, Run } from './metrics.js';

/** How hard a question set is for a system: its success@5 and MRR@10 there. */
export interface Difficulty {
  s5: number;
  mrr10: number;
}

/** The rank of each question's first relevant result in the first `k` (0 when none). */
export function firstRelevant(run: Run, qrels: Qrels, k = 10): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const [id, judged] of qrels) ranks.set(id, (run.get(id) ?? []).slice(0, k).findIndex((doc) => (judged.get(doc) ?? 0) > 0) + 1);
  return ranks;
}

/**
 * A system's scores on a question set as hard for the baseline as another set, known only by the baseline's scores
 * there (`target`): our questions fall into three strata by the baseline's rank of the answer (first; second to
 * fifth; lower or missed), weighted so that the baseline scores `target` on the mix, and the system is scored on the
 * same mix. The lower stratum takes 1 − success@5; the first two share the rest so the baseline's MRR@10 comes out.
 * Undefined when no mix of these strata reaches the target (a stratum empty, or the target out of reach).
 */
export function atDifficulty(system: ReadonlyMap<string, number>, baseline: ReadonlyMap<string, number>, target: Difficulty): { system: Difficulty; weights: [number, number, number] } | undefined {
  const ids = [...baseline.keys()].filter((id) => system.has(id));
  const strata = [
    ids.filter((id) => baseline.get(id) === 1),
    ids.filter((id) => (baseline.get(id) ?? 0) >= 2 && (baseline.get(id) ?? 0) <= 5),
    ids.filter((id) => (baseline.get(id) ?? 0) === 0 || (baseline.get(id) ?? 0) > 5),
  ];
  if (strata.some((s) => s.length === 0)) return undefined;
  const rr = (rank: number) => (rank > 0 && rank <= 10 ? 1 / rank : 0);
  const s5 = (rank: number) => (rank > 0 && rank <= 5 ? 1 : 0);
  const mean = (stratum: readonly string[], ranks: ReadonlyMap<string, number>, score: (rank: number) => number) =>
    stratum.reduce((sum, id) => sum + score(ranks.get(id) ?? 0), 0) / stratum.length;
  const [first, near, far] = strata as [string[], string[], string[]];
  const lower = 1 - target.s5;
  const nearRR = mean(near, baseline, rr);
  const top = (target.mrr10 - lower * mean(far, baseline, rr) - target.s5 * nearRR) / (1 - nearRR);
  const weights: [number, number, number] = [top, target.s5 - top, lower];
  if (weights.some((w) => w < 0 || w > 1)) return undefined;
  const mix = (score: (rank: number) => number) => weights[0] * mean(first, system, score) + weights[1] * mean(near, system, score) + weights[2] * mean(far, system, score);
  return { system: { s5: mix(s5), mrr10: mix(rr) }, weights };
}
