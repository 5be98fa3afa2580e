import { queryTerms } from '../../index/analysis.js';
import { ADDRESSEES } from '../synonyms.js';
import { rule } from './rule.js';

/** A title's topic, then whom it is on, for or by: "Fines for providers of general-purpose AI models". */
const ADDRESSED_TITLE = /^(.+?)\s+(?:on|for|by)\s+(.+)$/i;
/** Above this share of the chunks, a word of the addressee other than a role does not count as naming it. */
const COMMON_SHARE = 0.2;

/** A title read as a topic and an addressee; the addressee's words, other than roles, that most chunks hold are left out. */
interface Addressed {
  topic: readonly string[];
  addressee: readonly string[];
}

/**
 * A provision whose Article title narrows its topic to an addressee ("Fines for providers of general-purpose AI
 * models") below the rest when the query names the topic but not the addressee: a question about fines that names
 * no Union body is after the general rule (docs/ranking/addressee-factor.md).
 */
export const addressee = rule({
  name: 'addressee',
  knobs: [{ name: 'addresseeFactor', flag: 'addressee', default: 0.6, doc: "a provision whose Article title narrows the question's topic to an addressee it does not name; 1: off" }],
  bind(corpus, { addresseeFactor }) {
    if (addresseeFactor === 1) return undefined;
    /** The stems of ADDRESSEES, in this index's analysis. */
    const addresseeTerms = new Set(queryTerms(corpus.pipeline, ADDRESSEES.join(' ')));
    /** Per chunk number, its Article title read as a topic and an addressee, or null for a title that names none. */
    const addressedTitles = new Map<number, Addressed | null>();
    const addressedTitle = (ref: string): Addressed | undefined => {
      const n = corpus.chunks.numberOf(ref);
      if (n === undefined) return undefined;
      let addressed = addressedTitles.get(n);
      if (addressed === undefined) {
        const parts = ADDRESSED_TITLE.exec(corpus.articleTitle(ref) ?? '');
        const words = queryTerms(corpus.pipeline, parts?.[2] ?? '');
        const { postings } = corpus;
        addressed = !words.some((term) => addresseeTerms.has(term))
          ? null
          : // Besides the role ("providers"), a word most chunks hold ("AI", "system") names no one in particular.
            { topic: queryTerms(corpus.pipeline, parts?.[1] ?? ''), addressee: words.filter((term) => addresseeTerms.has(term) || postings.docsOf(term).length < COMMON_SHARE * postings.refs.length) };
        addressedTitles.set(n, addressed);
      }
      return addressed ?? undefined;
    };
    return {
      applies: () => true,
      factor(r, { terms }) {
        const addressed = addressedTitle(r.ref);
        const unasked = addressed !== undefined && addressed.topic.some((term) => terms.has(term)) && !addressed.addressee.some((term) => terms.has(term));
        return unasked ? addresseeFactor : 1;
      },
    };
  },
});
