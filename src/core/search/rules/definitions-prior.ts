import { definedNames } from './corpus.js';
import { rule } from './rule.js';

/**
 * A structured chunk that defines terms ("‘X’ means") below the rest for a question the definition stage found no
 * definition for: it says what a word means, not the rule the question is after (docs/ranking/definitions-prior.md).
 */
export const definitionsPrior = rule({
  name: 'definitions-prior',
  knobs: [{ name: 'definitionsPrior', flag: 'definitions-prior', default: 0.9, off: 1, doc: 'a chunk defining terms, for a question that does not ask what something is; 1: off' }],
  bind(corpus, { definitionsPrior }) {
    if (definitionsPrior === 1) return undefined;
    /** Per chunk number: 0 not yet read, 1 defines no term, 2 defines terms (read on first use, kept). */
    const defining = new Uint8Array(corpus.chunks.length);
    const definesTerms = (ref: string) => {
      const n = corpus.chunks.numberOf(ref);
      if (n === undefined || corpus.chunks.pinpointAt(n) === undefined) return false;
      if (defining[n] === 0) defining[n] = definedNames(corpus.chunks.at(n)?.text ?? '').length > 0 ? 2 : 1;
      return defining[n] === 2;
    };
    return {
      applies: ({ defined }) => defined === undefined,
      factor: (r) => (definesTerms(r.ref) ? definitionsPrior : 1),
    };
  },
});
