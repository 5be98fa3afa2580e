/**
 * Ranking metrics as trec_eval computes them, over plain data: no file reading here (scripts/eval.ts does it).
 * A run maps a query id to its ranked document ids; qrels map a query id to graded judgments (grade > 0 relevant).
 */

/** Judgments of one query: document id → grade. */
export type Judgments = ReadonlyMap<string, number>;
export type Qrels = ReadonlyMap<string, Judgments>;
export type Run = ReadonlyMap<string, readonly string[]>;

/**
 * nDCG@k with linear gains (the grade) and a log2(rank + 1) discount, the ideal ranking taken from all judged
 * documents of the query (trec_eval `ndcg_cut.k`). 0 when nothing is relevant.
 */
export function ndcgAt(ranked: readonly string[], judged: Judgments, k: number): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => {
    const grade = judged.get(id) ?? 0;
    if (grade > 0) dcg += grade / Math.log2(i + 2);
  });
  const ideal = [...judged.values()].filter((g) => g > 0).sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, grade, i) => sum + grade / Math.log2(i + 2), 0);
  return idcg === 0 ? 0 : dcg / idcg;
}

/** Share of the relevant documents found in the first k. */
export function recallAt(ranked: readonly string[], judged: Judgments, k: number): number {
  const relevant = [...judged.values()].filter((g) => g > 0).length;
  if (relevant === 0) return 0;
  return ranked.slice(0, k).filter((id) => (judged.get(id) ?? 0) > 0).length / relevant;
}

/** 1 / rank of the first relevant document within the first k, else 0. */
export function reciprocalRankAt(ranked: readonly string[], judged: Judgments, k: number): number {
  const i = ranked.slice(0, k).findIndex((id) => (judged.get(id) ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

export interface QueryScores {
  ndcg10: number;
  recall100: number;
  mrr10: number;
}

export interface Evaluation {
  /** Means over every query that has a relevant judgment; a query missing from the run scores 0 (trec_eval -c). */
  mean: QueryScores;
  perQuery: Map<string, QueryScores>;
  queries: number;
}

export function evaluate(run: Run, qrels: Qrels): Evaluation {
  const perQuery = new Map<string, QueryScores>();
  for (const [qid, judged] of qrels) {
    if (![...judged.values()].some((g) => g > 0)) continue;
    const ranked = run.get(qid) ?? [];
    perQuery.set(qid, {
      ndcg10: ndcgAt(ranked, judged, 10),
      recall100: recallAt(ranked, judged, 100),
      mrr10: reciprocalRankAt(ranked, judged, 10),
    });
  }
  const n = perQuery.size;
  const mean = (pick: (s: QueryScores) => number) => (n === 0 ? 0 : [...perQuery.values()].reduce((s, q) => s + pick(q), 0) / n);
  return { mean: { ndcg10: mean((s) => s.ndcg10), recall100: mean((s) => s.recall100), mrr10: mean((s) => s.mrr10) }, perQuery, queries: n };
}
