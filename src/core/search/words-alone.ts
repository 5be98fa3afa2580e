/**
 * What a search answers when its quoted phrases are why nothing matched: what the same words find without the
 * quote marks, as web search engines do, with the unmatched phrases named. A question often quotes words that
 * are not a label of the law ("collect it 'in case it's useful later'"); requiring them as a phrase then leaves an
 * agent with no passage at all, where the words alone find the provision.
 */
import { fusedSearch } from './fusion.js';
import { unquoted, type SearchEngine, type SearchOptions, type SearchOutcome } from './search.js';

export interface WordsAlone {
  /** The quoted phrases, as typed, that no chunk holds. */
  phrases: string[];
  /** How many chunks the words match without the quote marks: the outcome's own total. */
  total: number;
}

export interface PhrasingsOutcome extends SearchOutcome {
  /** Set when the hits are the words alone's because no chunk held the quoted phrases; null otherwise. */
  wordsAlone: WordsAlone | null;
}

/** Searches the phrasings, fused (fusion.ts); when nothing matched and they quoted phrases, their words alone. */
export function searchPhrasings(engine: Pick<SearchEngine, 'search' | 'phrases'>, phrasings: readonly string[], options: SearchOptions): PhrasingsOutcome {
  const outcome = fusedSearch(engine, phrasings, options);
  if (outcome.total > 0) return { ...outcome, wordsAlone: null };
  const phrases = phrasings.flatMap((phrasing) => engine.phrases(phrasing, options.lang));
  if (phrases.length === 0) return { ...outcome, wordsAlone: null };
  const alone = fusedSearch(engine, phrasings.map(unquoted), options);
  return { ...alone, wordsAlone: { phrases, total: alone.total } };
}
