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
  /** All the addressee's words, common ones too: what tells two addressees of one topic apart. */
  whole: string;
}

/**
 * A provision whose Article title narrows its topic to an addressee ("Fines for providers of general-purpose AI
 * models") below the rest when the query names the topic but not the addressee: a question about fines that names
 * no Union body is after the general rule (docs/ranking/addressee-factor.md). Where the general rule itself names
 * its addressee, the first of a cascade of titles on one topic, it is left as it scored.
 */
export const addressee = rule({
  name: 'addressee',
  knobs: [{ name: 'addresseeFactor', flag: 'addressee', default: 0.6, off: 1, doc: "a provision whose Article title narrows the question's topic to an addressee it does not name; 1: off" }],
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
            { topic: queryTerms(corpus.pipeline, parts?.[1] ?? ''), addressee: words.filter((term) => addresseeTerms.has(term) || postings.docsOf(term).length < COMMON_SHARE * postings.refs.length), whole: words.join(' ') };
        addressedTitles.set(n, addressed);
      }
      return addressed ?? undefined;
    };
    /**
     * The chunks of an Article that a later Article of its source follows with the same topic for another
     * addressee: the first of a cascade from the general rule to the special ones ("Transparency reporting
     * obligations for providers of intermediary services", then "… for providers of online platforms"), read
     * once for the corpus.
     */
    let cascadeHeads: Set<number> | undefined;
    const headsCascade = (n: number): boolean => {
      if (cascadeHeads === undefined) {
        cascadeHeads = new Set();
        const byTopic = new Map<string, { n: number; addressee: string }[]>();
        for (let c = 0; c < corpus.chunks.length; c++) {
          const ref = corpus.chunks.idAt(c);
          const addressed = ref === undefined ? undefined : addressedTitle(ref);
          if (addressed === undefined) continue;
          const key = `${corpus.chunks.sourceAt(c)}\u0000${[...addressed.topic].sort().join(' ')}`;
          byTopic.set(key, [...(byTopic.get(key) ?? []), { n: c, addressee: addressed.whole }]);
        }
        for (const chunks of byTopic.values())
          for (const chunk of chunks) if (chunks.some((later) => later.n > chunk.n && later.addressee !== chunk.addressee)) cascadeHeads.add(chunk.n);
      }
      return cascadeHeads.has(n);
    };
    return {
      applies: () => true,
      factor(r, { terms }) {
        const addressed = addressedTitle(r.ref);
        if (addressed !== undefined && headsCascade(corpus.chunks.numberOf(r.ref) ?? -1)) return 1;
        const unasked = addressed !== undefined && addressed.topic.some((term) => terms.has(term)) && !addressed.addressee.some((term) => terms.has(term));
        return unasked ? addresseeFactor : 1;
      },
    };
  },
});
