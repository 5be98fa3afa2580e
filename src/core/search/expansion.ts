import lunr from 'lunr';
import { indexTerms } from '../index/analysis.js';
import { plainWordMatches, plainWords } from '../index/fold.js';
import type { GlossaryEntry } from '../types.js';

/**
 * Glossary query expansion: a query naming a glossary term also searches its aliases and acronyms, and a
 * query naming an alias also searches the term. Each other name is searched as a whole (a group of terms a
 * chunk must all hold), so "human oversight" → "human oversight of AI systems" does not match every chunk
 * that says "AI". Names are matched as runs of stemmed words ("GPAI models",
 * "high risk AI systems" meet "GPAI", "high-risk AI system"). The name map is built here once, so finding names
 * costs a few map lookups per query word whatever the corpus size; the added terms then cost what typed ones do.
 */
export class Expander {
  /** Name key → the entry's other names, each as its index terms. */
  private readonly byName = new Map<string, string[][]>();
  private readonly longest: number;

  /**
   * Glossary entries, or any groups of names that should find each other (synonyms); a `oneWay` entry's term finds
   * its aliases, and they do not find it.
   */
  constructor(pipeline: lunr.Pipeline, entries: readonly (Pick<GlossaryEntry, 'term' | 'aliases'> & { oneWay?: boolean })[]) {
    let longest = 0;
    for (const entry of entries) {
      const names = [...new Set([entry.term, ...entry.aliases])];
      // Each name analysed once, not once per other name of its entry: at start-up, for every worker.
      const terms = new Map(names.map((name) => [name, indexTerms(pipeline, name)]));
      for (const name of entry.oneWay === true ? [entry.term] : names) {
        const key = nameWords(name);
        if (key.length === 0) continue;
        longest = Math.max(longest, key.length);
        const others = names.filter((other) => other !== name).map((other) => terms.get(other) ?? []);
        const joined = key.join(' ');
        this.byName.set(joined, [...(this.byName.get(joined) ?? []), ...others.filter((terms) => terms.length > 0)]);
      }
    }
    this.longest = longest;
  }

  /** True when `name` is one of the names this expander knows (as a run of stemmed words). */
  knows(name: string): boolean {
    return this.byName.has(nameWords(name).join(' '));
  }

  /** The other names (as index terms) of every glossary name found in the text, each once. */
  expand(text: string): string[][] {
    if (this.byName.size === 0) return [];
    const matches = plainWordMatches(uncontracted(text));
    const w = matches.map((m) => stem(m[0]));
    const joined = hyphenJoined(matches);
    const out = new Map<string, string[]>();
    for (let i = 0; i < w.length; i++) {
      if (joined[i] === true) continue;
      for (let n = 1; n <= this.longest && i + n <= w.length; n++) {
        // A name covers a hyphenated word whole or not at all: "fine-tune" does not name a fine.
        if (joined[i + n] === true) continue;
        for (const group of this.byName.get(w.slice(i, i + n).join(' ')) ?? []) out.set(group.join(' '), group);
      }
    }
    return [...out.values()];
  }
}

/**
 * Negations written out as names spell them, so "doesn't meet" meets the name "does not meet"; split at the
 * apostrophe it would be the two runs "doesn" and "t". Other contractions ("it's", "we've") name nothing.
 */
function uncontracted(text: string): string {
  return text.replace(/\b(\w+)n['’]t\b/gi, (_, head: string) => `${IRREGULAR_NEGATIONS[head.toLowerCase()] ?? head} not`);
}

/** What stands before "n't" in the negations that are not a word plus "not": can't, won't, shan't. */
const IRREGULAR_NEGATIONS: Readonly<Record<string, string>> = { ca: 'can', wo: 'will', sha: 'shall' };

/** Per word: true when a hyphen joins it to the word before ("tune" in "fine-tune"). */
function hyphenJoined(words: readonly RegExpExecArray[]): boolean[] {
  return words.map((m, i) => {
    const before = words[i - 1];
    return before !== undefined && /^[-‐‑]$/.test(m.input.slice(before.index + before[0].length, m.index));
  });
}

/** Folded, stemmed alphanumeric runs, stop words kept: "Human-in-the-Loop" → human in the loop. */
function nameWords(text: string): string[] {
  return plainWords(text).map(stem);
}

function stem(word: string): string {
  return lunr.stemmer(new lunr.Token(word, {})).toString();
}
