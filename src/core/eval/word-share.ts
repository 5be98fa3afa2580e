/**
 * How much of a question's wording its answer holds: the share of the question's index terms (stems; the exact
 * field's unstemmed forms left out) that the relevant chunks' text, heading or path hold. A question whose answer
 * holds few of its words is one a lexical ranking reaches only through word lists, so the eval reports success by
 * this share (docs/ranking.md).
 */
import type lunr from 'lunr';
import { indexTerms, isExactTerm, queryTerms } from '../index/analysis.js';
import type { Chunk } from '../types.js';

/** The bands the share is reported in, by their lower bounds. */
export const SHARE_BANDS = [0, 0.25, 0.5, 0.75] as const;

/** The share, 0 to 1, of the question's terms its answers hold; 0 for a question of stop words only. */
export function wordShare(pipeline: lunr.Pipeline, question: string, answers: readonly Pick<Chunk, 'heading' | 'path' | 'text'>[]): number {
  const asked = queryTerms(pipeline, question).filter((term) => !isExactTerm(term));
  if (asked.length === 0) return 0;
  const held = new Set(answers.flatMap((c) => indexTerms(pipeline, [c.heading, ...c.path, c.text].join('\n'))));
  return asked.filter((term) => held.has(term)).length / asked.length;
}

/** The band a share falls in, as a label: "< 0.25", "0.25 to 0.5", "0.5 to 0.75", "≥ 0.75". */
export function shareBand(share: number): string {
  const i = SHARE_BANDS.findLastIndex((low) => share >= low);
  const low = SHARE_BANDS[i] ?? 0;
  const high = SHARE_BANDS[i + 1];
  return low === 0 ? `< ${high}` : high === undefined ? `≥ ${low}` : `${low} to ${high}`;
}
