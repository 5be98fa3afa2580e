import { escapeRegExp } from '../chunking/references.js';
import type { SourceMeta } from '../types.js';

/**
 * The names a question calls a structured source by ("the EU AI Act", "NIST AI RMF", "the GDPR"), read from its
 * metadata: `cited_as`, and in its title each name in brackets ("(Artificial Intelligence Act)", "(AI RMF 1.0)")
 * and each part in title case between commas ("Artificial Intelligence Risk Management Framework", "NIST AI
 * 100-1"); a name of three words or more also by its initials ("AI Act", "GDPR"), and any of them after its
 * publisher's acronym ("EU", "NIST"). One short word, such as "(EU)", or a heading in capitals is not a name.
 */
export function namesOf(meta: Pick<SourceMeta, 'title' | 'publisher' | 'cited_as'>): string[] {
  const names = new Set<string>(meta.cited_as ?? []);
  const bracketed = [...meta.title.matchAll(/\(([^()]+)\)/g)].map((m) => m[1] ?? '');
  const outside = meta.title.replace(/\([^()]*\)/g, ',').split(',');
  for (const part of [...bracketed, ...outside].map((p) => p.trim())) {
    if (!isName(part)) continue;
    names.add(part);
    const unversioned = part.replace(/\s+\d+(?:\.\d+)+$/, '');
    if (unversioned !== part && isName(unversioned)) names.add(unversioned);
  }
  for (const name of [...names]) for (const short of initialised(name)) names.add(short);
  return [...names];
}

/** A part of a title that names the source: a few words mostly in title case, or one acronym of three to seven letters. */
function isName(part: string): boolean {
  const words = part.split(/\s+/).filter(Boolean);
  if (words.length === 1) return /^[A-Z][A-Z0-9]{2,6}$/.test(part);
  return words.length <= 8 && /^[A-Z]/.test(part) && words.filter((w) => /^[A-Z0-9]/.test(w)).length * 2 > words.length;
}

/** "Artificial Intelligence Act" → "AIA", "AI Act"; "General Data Protection Regulation" → "GDPR", "GDP Regulation"; not "Data Act". */
function initialised(name: string): string[] {
  const words = name.split(/\s+/);
  if (words.length < 3 || !words.every((w) => /^[A-Z][a-z]/.test(w))) return [];
  const initials = words.map((w) => w[0]).join('');
  return [initials, `${initials.slice(0, -1)} ${words.at(-1) ?? ''}`];
}

/** The acronym a publisher goes by: its own in brackets ("(NIST)"), or the initials of a short name ("European Union" → "EU"). */
function publisherAcronym(publisher: string): string | undefined {
  const own = /\(([A-Z]{2,})\)/.exec(publisher)?.[1];
  if (own !== undefined) return own;
  const words = publisher.split(/\s+/);
  return words.length >= 2 && words.length <= 3 && words.every((w) => /^[A-Z][a-z]/.test(w)) ? words.map((w) => w[0]).join('') : undefined;
}

/**
 * Takes the names of the indexed structured sources out of a question, with the words framing them ("under the
 * EU AI Act"): within a law or a framework its own name says nothing about which part answers, while its words
 * ("EU", "Act", "RMF", "under") meet "EU declaration", "delegated act", "under Article 6" and the framework's
 * prose about itself.
 */
export class SourceNames {
  private readonly pattern: RegExp | undefined;
  /** Each name's sources (the versions of one act share its names), by the name as matched, in lower case. */
  private readonly holders = new Map<string, Set<string>>();

  constructor(sources: readonly Pick<SourceMeta, 'id' | 'title' | 'publisher' | 'cited_as'>[]) {
    const alternatives = new Set<string>();
    for (const source of sources) {
      const names = namesOf(source);
      const acronym = publisherAcronym(source.publisher);
      const prefix = acronym === undefined ? '' : `(?:${escapeRegExp(acronym)}\\s+)?`;
      for (const name of names) {
        alternatives.add(prefix + name.split(/\s+/).map(escapeRegExp).join('\\s+'));
        for (const called of acronym === undefined ? [name] : [name, `${acronym} ${name}`]) {
          const key = nameKey(called);
          this.holders.set(key, new Set([...(this.holders.get(key) ?? []), source.id]));
        }
      }
    }
    const all = [...alternatives].sort((a, b) => b.length - a.length);
    this.pattern = all.length === 0 ? undefined : new RegExp(`(?<![\\p{L}\\p{N}])(?:${FRAMING}\\s+)?(?:the\\s+)?(?:${all.join('|')})(?:['’]s)?(?![\\p{L}\\p{N}])`, 'giu');
  }

  /** The sources a text names ("Art. 5(1)(f) AI Act": the AI Act's texts), or undefined when it names none. */
  named(text: string): Set<string> | undefined {
    if (this.pattern === undefined) return undefined;
    const ids = new Set<string>();
    for (const match of text.matchAll(this.pattern)) {
      const name = match[0].replace(new RegExp(`^(?:${FRAMING}\\s+)?(?:the\\s+)?`, 'iu'), '').replace(/['’]s$/u, '');
      for (const id of this.holders.get(nameKey(name)) ?? []) ids.add(id);
    }
    return ids.size === 0 ? undefined : ids;
  }

  /** The text without the names, or unchanged when nothing would be left of it but the names. */
  strip(text: string, hasTerms: (text: string) => boolean): string {
    if (this.pattern === undefined) return text;
    const stripped = text.replace(this.pattern, ' ');
    return stripped === text || !hasTerms(stripped) ? text : stripped;
  }
}

function nameKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, ' ');
}

/** The words that frame a name as where a rule is ("under the AI Act", "according to the AI RMF"), taken out with it. */
const FRAMING = String.raw`(?:under|according\s+to|pursuant\s+to|as\s+per|per|in|by|of)`;
