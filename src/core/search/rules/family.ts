import { familyOf } from './corpus.js';
import { rule } from './rule.js';

/**
 * A framework item of another family than the one the question names ("Which MAP subcategory …": MAP 1.5, not
 * GOVERN 1.3) below the rest (docs/ranking/family-factor.md).
 */
export const family = rule({
  name: 'family',
  knobs: [{ name: 'familyFactor', flag: 'family', default: 0.5, off: 1, doc: 'a framework item of another family than the one the question names; 1: off' }],
  bind(corpus, { familyFactor }) {
    if (familyFactor === 1) return undefined;
    return {
      applies: ({ intent }) => intent.families.size > 0,
      factor(r, { intent }) {
        const from = corpus.startOf(r.ref)?.from;
        return from?.kind === 'framework' && !intent.families.has(familyOf(from.id)) ? familyFactor : 1;
      },
    };
  },
});
