import { rule } from './rule.js';

/** The recital factor for a question: the prior, inverted when it asks why (recitals are where a law gives its reasons). */
export function recitalFactor(why: boolean, prior: number): number {
  return why ? 1 / prior : prior;
}

/**
 * Recitals below the Articles they explain, which should rank first when both match alike; above them for a
 * why-question (docs/ranking/recital-prior.md).
 */
export const recital = rule({
  name: 'recital',
  knobs: [{ name: 'recitalPrior', flag: 'recital', default: 0.6, off: 1, doc: 'recitals (the inverse for a why-question); 1: off' }],
  bind(corpus, { recitalPrior }) {
    if (recitalPrior === 1) return undefined;
    const recitals = new Uint8Array(corpus.chunks.length);
    for (let n = 0; n < corpus.chunks.length; n++) if (corpus.chunks.pinpointAt(n)?.startsWith('Recital')) recitals[n] = 1;
    return {
      applies: () => true,
      factor: (r, { intent }) => (recitals[corpus.chunks.numberOf(r.ref) ?? -1] === 1 ? recitalFactor(intent.why, recitalPrior) : 1),
    };
  },
});
