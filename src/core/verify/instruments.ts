/**
 * Which indexed instrument an answer means: the names each versioned instrument goes by (those a question uses,
 * `namesOf`, and its number as "Regulation (EU) 2024/1689" or "2024/1689"), where they are written, and the name
 * written straight after a citation ("Article 22 GDPR", "Article 6 of the AI Act") — or another act's name there
 * ("Article 34 of the Digital Services Act", "Article 101 TFEU"), which no indexed instrument answers for.
 */
import { escapeRegExp } from '../chunking/references.js';
import { namesOf } from '../search/source-names.js';
import type { LawVersions } from '../law/versions.js';
import type { SourceMeta } from '../types.js';

export interface NamedAt {
  instrument: string;
  start: number;
  end: number;
}

type Meta = Pick<SourceMeta, 'title' | 'publisher' | 'cited_as'>;

/** "eu-reg-2024-1689" → "2024/1689", "Regulation 2024/1689", "Regulation (EU) 2024/1689": the number an act is cited by. */
function actNumbers(instrument: string): string[] {
  const m = /^([a-z]+)-(reg|dir|dec)-(\d{4})-(\d+)$/.exec(instrument);
  if (!m) return [];
  const number = `${m[3]}/${m[4]}`;
  const form = { reg: 'Regulation', dir: 'Directive', dec: 'Decision' }[m[2] as 'reg' | 'dir' | 'dec'];
  return [number, `${form} ${number}`, `${form} (${(m[1] ?? '').toUpperCase()}) ${number}`];
}

/** What joins a citation to the name of its act: "Article 22 GDPR", "Article 6 of the EU AI Act", "Art. 5, AI Act". */
const JOIN = String.raw`^,?\s*(?:of\s+|under\s+|in\s+)?(?:the\s+)?(?:EU(?:'s|’s)?\s+)?`;
/** Another act's name after a citation: a title-case name ending in Act, Regulation, Directive…, an act's number, or an acronym. */
const OTHER_ACT = new RegExp(
  `${JOIN}(?:(?:[A-Z][\\w'’-]*\\s+)(?:(?:on|of|and|for|the|[A-Z][\\w'’-]*)\\s+){0,6}(?:Act|Regulation|Directive|Convention|Charter|Treaty|Code|Decision)\\b|(?:Regulation|Directive|Decision)\\s*(?:\\((?:EU|EC|EEC)\\)\\s*)?(?:No\\s*)?\\d{2,4}/\\d+|[A-Z][A-Z0-9]{2,7}\\b)`,
);

/** The names of the versioned instruments of `law`, read from the metadata of their versions' sources. */
export function instrumentNames(law: LawVersions, metaOf: (source: string) => Meta | undefined): InstrumentNames {
  return new InstrumentNames(new Map(law.instruments().map((i) => [i, law.versionsOf(i).flatMap((v) => metaOf(v.source) ?? [])])));
}

export class InstrumentNames {
  /** Acronyms match in capitals only ("GDPR", not "gdpr" in a URL); other names in any case. */
  private readonly patterns: { regex: RegExp; byName: Map<string, string> }[];

  constructor(instruments: ReadonlyMap<string, readonly Meta[]>) {
    const owners = new Map<string, Set<string>>();
    const add = (name: string, instrument: string) => owners.set(name, (owners.get(name) ?? new Set()).add(instrument));
    for (const [instrument, metas] of instruments) {
      add(instrument, instrument);
      for (const number of actNumbers(instrument)) add(number, instrument);
      for (const meta of metas) for (const name of namesOf(meta)) add(name, instrument);
    }
    // A name two instruments share names neither.
    const unique = [...owners].filter(([, set]) => set.size === 1).map(([name, set]) => [name, [...set][0] ?? ''] as const);
    const build = (names: (readonly [string, string])[], flags: string) => {
      const byName = new Map(names.map(([name, instrument]) => [flags.includes('i') ? name.toLowerCase() : name, instrument]));
      const alternatives = names.map(([name]) => name.split(/\s+/).map(escapeRegExp).join('\\s+')).sort((a, b) => b.length - a.length);
      return { regex: new RegExp(`(?<![\\p{L}\\p{N}/])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}]|/\\d)`, `g${flags}u`), byName };
    };
    const acronym = (name: string) => /^[A-Z][A-Z0-9]+$/.test(name);
    this.patterns = [build(unique.filter(([n]) => acronym(n)), ''), build(unique.filter(([n]) => !acronym(n)), 'i')].filter((p) => p.byName.size > 0);
  }

  /** Every indexed instrument's name written in the text, in order. */
  find(text: string): NamedAt[] {
    const found: NamedAt[] = [];
    for (const { regex, byName } of this.patterns) {
      for (const m of text.matchAll(regex)) {
        const instrument = byName.get(regex.flags.includes('i') ? m[0].replace(/\s+/g, ' ').toLowerCase() : m[0].replace(/\s+/g, ' '));
        if (instrument !== undefined) found.push({ instrument, start: m.index, end: m.index + m[0].length });
      }
    }
    return found.sort((a, b) => a.start - b.start);
  }

  /**
   * The act named straight after a citation ending at `end`: an indexed instrument (with where its name ends), or
   * `other` for another act's name; undefined when no act is named there.
   */
  after(text: string, end: number, names: readonly NamedAt[]): { instrument: string; end: number } | 'other' | undefined {
    const rest = text.slice(end, end + 120);
    const join = new RegExp(JOIN).exec(rest)?.[0].length ?? 0;
    const own = names.find((n) => n.start === end + join);
    if (own !== undefined) return { instrument: own.instrument, end: own.end };
    return OTHER_ACT.test(rest) ? 'other' : undefined;
  }
}
