import { describe, expect, it } from 'vitest';
import { evaluate, ndcgAt, recallAt, reciprocalRankAt } from '../../src/core/eval/metrics.js';
import { respell } from '../../src/core/eval/respell.js';

// Hand-computed: d1 (grade 2) at rank 2, d2 (grade 1) at rank 4; d3 judged not relevant; d4 relevant, not found.
const judged = new Map([['d1', 2], ['d2', 1], ['d3', 0], ['d4', 1]]);
const ranked = ['d3', 'd1', 'd5', 'd2'];

describe('metrics against a hand-computed example', () => {
  it('computes graded nDCG as trec_eval does', () => {
    // DCG = 2/log2(3) + 1/log2(5) = 1.692536; ideal = 2/1 + 1/log2(3) + 1/log2(4) = 3.130930.
    expect(ndcgAt(ranked, judged, 10)).toBeCloseTo(1.692536 / 3.13093, 6);
    expect(ndcgAt(ranked, judged, 10)).toBeCloseTo(0.540586, 6);
    // At k=2 the ideal is cut too: (2/log2(3)) / (2 + 1/log2(3)).
    expect(ndcgAt(ranked, judged, 2)).toBeCloseTo(0.479625, 6);
    expect(ndcgAt(['d1', 'd2', 'd4'], judged, 10)).toBeCloseTo(1, 10);
  });

  it('computes recall and reciprocal rank on binary relevance', () => {
    expect(recallAt(ranked, judged, 100)).toBeCloseTo(2 / 3, 10);
    expect(recallAt(ranked, judged, 2)).toBeCloseTo(1 / 3, 10);
    expect(reciprocalRankAt(ranked, judged, 10)).toBe(0.5);
    expect(reciprocalRankAt(ranked, judged, 1)).toBe(0);
  });

  it('averages over judged queries, a query missing from the run scoring 0', () => {
    const qrels = new Map([
      ['q1', judged],
      ['q2', new Map([['d9', 1]])],
      ['q3', new Map([['d9', 0]])], // nothing relevant: not evaluated
    ]);
    const result = evaluate(new Map([['q1', ranked]]), qrels);
    expect(result.queries).toBe(2);
    expect(result.mean.ndcg10).toBeCloseTo(0.270293, 6);
    expect(result.mean.recall100).toBeCloseTo(1 / 3, 10);
    expect(result.mean.mrr10).toBe(0.25);
    expect(result.perQuery.get('q2')).toEqual({ ndcg10: 0, recall100: 0, mrr10: 0 });
  });
});

describe('respelling a question for the eval', () => {
  it('writes each word the other variety spells differently its way, keeping a capital and leaving other words', () => {
    expect(respell("Organisations must analyse the behaviour of an authorised representative's system.", 'American')).toBe(
      "Organizations must analyze the behavior of an authorized representative's system.",
    );
    expect(respell('What is an organization’s defense?', 'British')).toBe('What is an organisation’s defence?');
    expect(respell('Who keeps the register of expertise?', 'American')).toBe('Who keeps the register of expertise?');
  });
});
