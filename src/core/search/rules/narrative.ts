import { parsePinpoint } from '../../legal/address.js';
import type { QueryIntent } from '../intent.js';
import type { RuleCorpus } from './corpus.js';
import { rule } from './rule.js';

/**
 * A framework's prose (the chunks of a source with numbered items such as "GOVERN 1.6" that are not items
 * themselves) below its items: a question about what to do is answered by the item, which the prose around it
 * discusses in the same words. Further below for a how-question or one asking for an item by its kind; level for a
 * what-question (what the framework means is said in its prose as much as in its items); above the items for a
 * why-question, the prose being where a framework gives its reasons (docs/ranking/narrative-procedure-priors.md).
 */
export const narrative = rule({
  name: 'narrative',
  knobs: [
    { name: 'narrativePrior', flag: 'narrative', default: 0.9, off: 1, doc: "a framework's prose beside its items (the inverse for a why-question); 1: off" },
    { name: 'procedurePrior', flag: 'procedure', default: 0.5, off: 1, doc: "a framework's prose, for a how-question or one naming a kind of item" },
  ],
  bind(corpus, { narrativePrior, procedurePrior }) {
    if (narrativePrior === 1 && procedurePrior === 1) return undefined;
    const prose = frameworkProse(corpus);
    if (prose.size === 0) return undefined;
    const factorFor = (intent: QueryIntent) => {
      if (intent.why) return 1 / narrativePrior;
      if (intent.item) return procedurePrior;
      if (intent.what) return 1;
      return intent.how ? procedurePrior : narrativePrior;
    };
    return {
      applies: () => true,
      factor: (r, { intent }) => (prose.has(r.ref) ? factorFor(intent) : 1),
    };
  },
});

/** The chunks of a source with framework items ("GOVERN 1.6") that are not items themselves. */
function frameworkProse({ chunks }: RuleCorpus): Set<string> {
  const numbers = Array.from({ length: chunks.length }, (_, n) => n);
  const isItem = (n: number) => {
    const pinpoint = chunks.pinpointAt(n);
    return pinpoint !== undefined && parsePinpoint(pinpoint)?.kind === 'framework';
  };
  const frameworks = new Set(numbers.filter(isItem).map((n) => chunks.sourceAt(n)));
  return new Set(numbers.filter((n) => frameworks.has(chunks.sourceAt(n)) && !isItem(n)).map((n) => chunks.idAt(n) ?? ''));
}
