import { words } from './index/analysis.js';
import { plainWords } from './index/fold.js';
import { otherSpelling } from './search/spelling.js';
import type { GlossaryEntry } from './types.js';

interface Prepared {
  entry: GlossaryEntry;
  names: string[];
  nameWords: string[];
  definitionWords: string[];
}

/**
 * Filters glossary entries by a user's text, case- and accent-insensitive. Ranking: the term or an alias
 * equals the text; then starts with it; then every word of the text starts a word of the term or aliases;
 * then of the definition. Alphabetical within a rank. A word spelled the other variety's way finds the entry too
 * ("authorized representative", "anonymization" find "Authorised representative", "Anonymisation").
 */
export class GlossaryFinder {
  private readonly prepared: Prepared[];

  constructor(readonly entries: readonly GlossaryEntry[]) {
    this.prepared = entries.map((entry) => {
      const names = [entry.term, ...entry.aliases].map(normalize);
      return {
        entry,
        names,
        nameWords: names.flatMap((name) => name.split(' ')),
        definitionWords: words(entry.definition),
      };
    });
  }

  find(text: string): GlossaryEntry[] {
    const typed = normalize(text).split(' ').filter((w) => w !== '');
    if (typed.length === 0) return [];
    const respelled = typed.map((word) => otherSpelling(word) ?? word);
    const asked = respelled.join(' ') === typed.join(' ') ? [typed] : [typed, respelled];
    const ranked: { entry: GlossaryEntry; rank: number }[] = [];
    for (const p of this.prepared) {
      const ranks = asked.map((words) => rankOf(p, words.join(' '), words)).filter((rank) => rank !== undefined);
      if (ranks.length > 0) ranked.push({ entry: p.entry, rank: Math.min(...ranks) });
    }
    return ranked
      .sort((a, b) => a.rank - b.rank || a.entry.term.localeCompare(b.entry.term, 'en', { sensitivity: 'base' }))
      .map((r) => r.entry);
  }
}

function rankOf(p: Prepared, q: string, qWords: readonly string[]): number | undefined {
  if (p.names.includes(q)) return 0;
  if (p.names.some((name) => name.startsWith(q))) return 1;
  const prefixOf = (pool: readonly string[]) => qWords.every((w) => pool.some((word) => word.startsWith(w)));
  if (prefixOf(p.nameWords)) return 2;
  if (prefixOf([...p.nameWords, ...p.definitionWords])) return 3;
  return undefined;
}

/** Folded words joined by single spaces: "Human-in-the-Loop" and "human in the loop" compare equal. */
function normalize(text: string): string {
  return plainWords(text).join(' ');
}
