import { rule } from './rule.js';

/**
 * An Annex below the Article for a question about a duty that does not ask what or which: the duty is imposed in
 * an Article, and an Annex lists the particulars it refers to. Above it for a question asking what something
 * contains or which criteria apply, which is what Annexes spell out (docs/ranking/annex-factor.md).
 */
export const annex = rule({
  name: 'annex',
  knobs: [{ name: 'annexFactor', flag: 'annex', default: 0.8, off: 1, doc: "an Annex's chunks for a duty question (its inverse for a what-does-it-contain question); 1: off" }],
  bind(corpus, { annexFactor }) {
    if (annexFactor === 1) return undefined;
    const annexes = new Uint8Array(corpus.chunks.length);
    corpus.spans.forEach((span, n) => {
      if (span?.from.kind === 'annex') annexes[n] = 1;
    });
    const factorFor = ({ duty, which, contents }: { duty: boolean; which: boolean; contents: boolean }) => (duty && !which ? annexFactor : contents ? 1 / annexFactor : 1);
    return {
      applies: ({ intent }) => factorFor(intent) !== 1,
      factor: (r, { intent }) => (annexes[corpus.chunks.numberOf(r.ref) ?? -1] === 1 ? factorFor(intent) : 1),
    };
  },
});
