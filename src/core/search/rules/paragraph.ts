import { rule } from './rule.js';

/** Paragraphs past this one weigh as it does: a long list of definitions ("Art. 3(44)") is not a rule qualified 43 times. */
const PARAGRAPH_CAP = 11;

/**
 * Whatever the question, an Article's later paragraphs a little below its first: paragraph n (an Article without
 * numbered paragraphs counts as paragraph 1; n up to PARAGRAPH_CAP) scores × 1 / (1 + step × (n − 1)), divided by
 * that factor's mean over the Article paragraphs of its source, so the act as a whole stays level with the
 * explainers beside it. An act states its rule first and qualifies it after (docs/ranking/paragraph-prior.md).
 */
export const paragraph = rule({
  name: 'paragraph',
  knobs: [{ name: 'paragraphPrior', flag: 'paragraph', default: 0.02, off: 0, doc: "step of the factor of an Article's later paragraphs; 0: off" }],
  bind(corpus, { paragraphPrior: step }) {
    if (step <= 0) return undefined;
    const { chunks } = corpus;
    const factors = new Float32Array(chunks.length);
    const sums = new Map<string, { sum: number; count: number }>();
    corpus.spans.forEach((span, n) => {
      if (span?.from.kind !== 'article') return;
      const first = span.from.parts[0] ?? '';
      const number = /^[1-9]\d*$/.test(first) ? Number(first) : 1;
      const factor = 1 / (1 + step * (Math.min(number, PARAGRAPH_CAP) - 1));
      factors[n] = factor;
      const source = chunks.sourceAt(n) ?? '';
      const at = sums.get(source) ?? { sum: 0, count: 0 };
      at.sum += factor;
      at.count++;
      sums.set(source, at);
    });
    for (let n = 0; n < chunks.length; n++) {
      const at = sums.get(chunks.sourceAt(n) ?? '');
      // 0: no Article's paragraph, left as it scored.
      factors[n] = at === undefined || factors[n] === 0 ? 1 : factors[n]! / (at.sum / at.count);
    }
    return {
      applies: () => true,
      factor: (r) => factors[chunks.numberOf(r.ref) ?? -1] ?? 1,
    };
  },
});
