/** Pure helpers that shape the corpus for the docs pages; no Astro, no I/O. */
import type { BuiltSource, CorpusArtifact } from '../core/corpus/artifact.js';
import type { GlossaryEntry, WisdomEntry } from '../core/types.js';
import { foldText, plainWords } from '../core/index/fold.js';

export function counts(corpus: Pick<CorpusArtifact, 'sources' | 'glossary' | 'wisdom'> & { chunks: { length: number } }) {
  return { sources: corpus.sources.length, chunks: corpus.chunks.length, glossary: corpus.glossary.length, wisdom: corpus.wisdom.length };
}

/** "risk-management" → "Risk management". */
export function humanize(slug: string): string {
  const text = slug.replaceAll('-', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Entries grouped under the first letter of their term (accents folded; digits and symbols under "#"), A to Z. */
export function glossaryByLetter(entries: readonly GlossaryEntry[]): { letter: string; entries: GlossaryEntry[] }[] {
  const groups = new Map<string, GlossaryEntry[]>();
  for (const entry of entries) {
    const first = foldText(entry.term).charAt(0).toUpperCase();
    const letter = /[A-Z]/.test(first) ? first : '#';
    groups.set(letter, [...(groups.get(letter) ?? []), entry]);
  }
  return [...groups]
    .sort(([a], [b]) => (a === '#' ? -1 : b === '#' ? 1 : a.localeCompare(b)))
    .map(([letter, list]) => ({ letter, entries: list.sort((a, b) => a.term.localeCompare(b.term, 'en', { sensitivity: 'base' })) }));
}

/**
 * Text the glossary filter matches against: term, aliases and definition, folded like the API folds, then the other
 * spelling (`respell`: British or American) of each of their words that has one, so "anonymization" finds
 * "Anonymisation" on the page as it does through the API.
 */
export function glossaryFilterText(entry: GlossaryEntry, respell: (word: string) => string | undefined = () => undefined): string {
  const text = foldText([entry.term, ...entry.aliases, entry.definition].join(' '));
  const others = [...new Set(plainWords(text).flatMap((word) => respell(word) ?? []))];
  return others.length === 0 ? text : `${text} ${others.join(' ')}`;
}

export function wisdomByCategory(entries: readonly WisdomEntry[]): { category: string; label: string; entries: WisdomEntry[] }[] {
  const groups = new Map<string, WisdomEntry[]>();
  for (const entry of entries) groups.set(entry.category, [...(groups.get(entry.category) ?? []), entry]);
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, list]) => ({ category, label: humanize(category), entries: list }));
}

export function sourceById(corpus: Pick<CorpusArtifact, 'sources'>): ReadonlyMap<string, BuiltSource> {
  return new Map(corpus.sources.map((s) => [s.meta.id, s]));
}
