import { explainedNames } from '../provenance.js';
import type { Chunk, ChunkReference, SourceMeta } from '../types.js';
import { formatPinpoint, pinpointSpan, spanMeets, type Address } from '../legal/address.js';
import { LIST_SEPARATOR, MENTION, mentionAddress, mentionList, type Mentioned } from '../legal/mentions.js';

/**
 * Articles that amend other acts quote those acts' Articles: "Amendment(s) to / of Regulation …". Not an Article
 * amending the act's own Annex or Article ("Amendments to Annex III"), whose mentions are the act's own.
 */
export const AMENDING = /^Article \d+\w*: Amendments? (?:to|of) (?!(?:this|the)\b|Annex|Articles?\b)/i;
/**
 * The lead-in of an Article that amends another act whatever its title, or without one: "Regulation (EU) 2019/1
 * is amended as follows:". The chunker keeps a lead-in with every point under it, so each of them shows it.
 */
export const AMENDS = /\b(?:is|are)\s+(?:hereby\s+)?amended\s+as\s+follows\b/i;

/** What a mention means: a provision of the source with this id. */
export interface Target {
  source: string;
  address: Address;
}

const norm = (name: string) =>
  name
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/^the /, '');
/** The text as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An act's formal identifier: "Regulation (EU) 2024/1689", "Directive 2014/90/EU", "Regulation (EC) No 300/2008". */
const FORMAL_ID = String.raw`(?:(?:Commission|Council)\s+)?(?:(?:Implementing|Delegated)\s+)?(?:Regulation|Directive|Decision)s?\s+(?:\((?:EU|EC|EEC|Euratom)\)\s+)?(?:No\s+)?\d{1,4}\/\d{1,4}(?:\/(?:EU|EC|EEC|JHA))?`;
/** A title of a law in capitalised words: "Data Act", "Product Liability Directive", "Framework Convention", "Internal Revenue Code". */
const TITLED = String.raw`(?:[A-Z][\w'’-]*\s+){1,5}(?:Act|Directive|Regulation|Convention|Treaty|Charter|Code)`;
/** An upper-case abbreviation that names an act ("GDPR", "TFEU", "LGPD"); Roman numerals are Chapter or Annex numbers. */
const ACRONYM = String.raw`[A-Z]{3,}[a-z]?`;
/** Words that open a capitalised run without being part of a law's title. */
const LEADING = new Set(['the', 'this', 'that', 'these', 'those', 'its', 'under', 'in', 'of', 'for', 'by', 'with', 'as', 'and', 'or', 'a', 'an', 'both', 'each', 'unlike', 'like', 'see', 'to', 'from', 'eu']);
/** What follows "of", "to" or "under" when another act is meant without a name: "of that Regulation". */
const DEMONSTRATIVE = /^(?:that|those)\s+(?:Regulation|Directive|Decision|Act|Treaty|Convention)s?\b/;
/** A list of further provisions between a mention and the name it belongs to: "Articles 9 and 10 of …". */
const LIST_TAIL = new RegExp(String.raw`^(?:${LIST_SEPARATOR}(?:\d+[a-z]?(?:\(\w{1,4}\))*|(?:\(\w{1,4}\))+|[IVXLC]+\b))*`);
/** An act's name right after a mention, right before it, or anywhere in a clause, whether declared or not. */
const OTHER_NEXT = new RegExp(`^(?:the\\s+)?(?:${FORMAL_ID}|${TITLED}\\b|${ACRONYM}\\b)`);
const OTHER_BEFORE = new RegExp(`(${FORMAL_ID}|\\b${ACRONYM}|${TITLED})(?:['’]s)?\\s*,?\\s*$`);
const OTHER_IN_CLAUSE = new RegExp(`${FORMAL_ID}|\\b${TITLED}\\b`, 'g');
/** What an attached name gives when it names an act nobody declared: the mention stays text. */
const OTHER = '\u0000other';
/** What a bare mention in a source that is not about any declared instrument means: that source. */
const SELF = '\u0000self';
/**
 * Clause ends: a full stop not closing an abbreviation ("Art. 5"), a semicolon (the items of a legal list), or a
 * line end (a chunk's block boundary).
 */
const CLAUSE_END = /(?<!\b(?:Arts?|Nos?|e\.g|i\.e|cf|para|pp?|vs|etc))[.!?]["”’)]?\s+(?=["“‘(]?[A-Z])|;\s+|\n/g;

/** "Data Act", "GDPR" or "Regulation (EU) 2016/679" names an act; "the Act", "This Regulation" or "III" does not. */
function isTitle(phrase: string): boolean {
  const words = phrase.replace(/,?\s*$/, '').replace(/['’]s$/, '').trim().split(/\s+/);
  while (words.length > 1 && LEADING.has((words[0] ?? '').toLowerCase())) words.shift();
  const word = words[0] ?? '';
  return words.length > 1 || /\d/.test(phrase) || (/^[A-Z]{3,}/.test(word) && !/^[IVXLC]+$/.test(word));
}

/** The formal identifier a title opens with, and the short title in brackets ("(Artificial Intelligence Act)"). */
function namesInTitle(title: string): string[] {
  const found = new RegExp(`^(${FORMAL_ID})`, 'i').exec(title)?.[1];
  if (found === undefined) return [];
  // The Official Journal heads an act in capitals ("REGULATION (EU) 2024/1689 OF …"); it is cited in title case.
  const formal = found.replace(/\b([A-Z])([A-Z]+)\b(?![^(]*\))/g, (word, first: string, rest: string) => (word === 'EU' ? word : first + rest.toLowerCase()));
  const short = /\(([^()]+)\)\s*$/.exec(title)?.[1] ?? new RegExp(`^${escapeRegExp(formal)}\\s*\\(([^()]+)\\)`).exec(title)?.[1];
  return short !== undefined && /\b(?:Act|Regulation|Directive|Decision|Convention)$/.test(short.trim()) ? [formal, short.trim()] : [formal];
}

/**
 * Which indexed source a name, or a bare "Article 5", means. A source is an instrument's own text when it says
 * `cited_as`, or when its title opens with an act's formal identifier ("Regulation (EU) 2024/1689 (Artificial
 * Intelligence Act)": both names); an explainer names in `about` the instrument it discusses. Names listed
 * together are names of one instrument, so an explainer about `names: [AI Act, Regulation (EU) 2024/1689]` makes
 * "AI Act" name the text cited as "Regulation (EU) 2024/1689". A name two sources claim resolves to neither.
 */
export class ReferenceResolver {
  private readonly parent = new Map<string, string>();
  private readonly texts = new Map<string, Set<string>>();
  private readonly about = new Map<string, string>();
  private readonly primary = new Set<string>();
  private readonly names: RegExp | undefined;
  /** The sources holding each framework item ("GOVERN 1.6"), as `holdsItems` declared them. */
  private readonly items = new Map<string, Set<string>>();

  /** Each version of a law: its instrument, language and first day, to pick the one a mention means. */
  private readonly versions = new Map<string, { instrument: string; language: string | undefined; from: string }>();
  /** Each source's own date and language: a mention means the version in force then, in its language if there is one. */
  private readonly dated = new Map<string, { as_of: string | undefined; language: string | undefined }>();

  /** A source without `kind` is taken as the content loader takes it: an explainer when it is `about` something. */
  constructor(sources: readonly (Pick<SourceMeta, 'id' | 'title' | 'cited_as' | 'about'> & Partial<Pick<SourceMeta, 'kind' | 'instrument' | 'in_force_from' | 'language' | 'as_of'>>)[]) {
    const own = new Map<string, string[]>();
    for (const source of sources) {
      this.dated.set(source.id, { as_of: source.as_of, language: source.language });
      if (source.instrument !== undefined && source.in_force_from !== undefined) {
        this.versions.set(source.id, { instrument: source.instrument, language: source.language, from: source.in_force_from });
      }
      const explainer = (source.kind ?? (source.about ? 'explainer' : 'primary')) === 'explainer';
      const names = explainer ? [] : (source.cited_as ?? namesInTitle(source.title));
      if (names.length > 0) {
        own.set(source.id, names);
        this.primary.add(source.id);
      }
      for (const list of [names, explainedNames(source) ?? []]) list.forEach((name) => this.union(list[0] ?? name, name));
    }
    for (const [id, names] of own) {
      const root = this.find(norm(names[0] ?? ''));
      this.texts.set(root, new Set([...(this.texts.get(root) ?? []), id]));
    }
    for (const source of sources) {
      const first = explainedNames(source)?.[0];
      if (first !== undefined) this.about.set(source.id, this.find(norm(first)));
    }
    const all = [...this.parent.keys()].sort((a, b) => b.length - a.length).map((n) => escapeRegExp(n).replace(/ /g, '\\s+').replace(/'/g, "['’]"));
    this.names = all.length === 0 ? undefined : new RegExp(`(?<![\\w])(?:the\\s+)?(?:${all.join('|')})(?![\\w])`, 'gi');
  }

  /**
   * Declares the framework items a source holds. A framework's identifiers name its items whatever text mentions
   * them, so a mention of one resolves to the source holding it: its own source first, else the only other.
   */
  holdsItems(source: string, ids: Iterable<string>): void {
    for (const id of ids) this.items.set(id, new Set([...(this.items.get(id) ?? []), source]));
  }

  /** Whether mentions in other sources can mean this one: it is an instrument's own text. */
  isText(source: string): boolean {
    return this.primary.has(source);
  }

  /**
   * The provision a mention in `text` (of the source `from`) means, or undefined when the text does not tie it
   * to one indexed instrument. A name next to the mention decides ("GDPR Article 22", "Article 5 of the AI Act",
   * "Article 22 GDPR"); otherwise a primary text means itself (legal drafting names every other act it cites),
   * and an explainer means the instrument its `about` declares, or, without `about`, the one instrument its
   * clause names (itself when the clause names none). A bare mention in a clause (a sentence, or one item of a
   * list separated by semicolons) that names an instrument other than the one `about` declares, or two, stays
   * unresolved; in an explainer with `about`, names attached to another mention there ("Article 35 GDPR") do not
   * count.
   */
  target(from: string, text: string, match: RegExpMatchArray, within?: Address): Target | undefined {
    const address = mentionAddress(match, within);
    if (address === undefined) return undefined;
    if (address.kind === 'framework') {
      const holders = this.items.get(address.id);
      if (holders === undefined || holders.has(from)) return { source: from, address };
      return holders.size === 1 ? { source: [...holders][0] ?? from, address } : undefined;
    }
    const at = match.index ?? 0;
    const end = at + match[0].length;
    const named = this.attached(text, at, end)?.instrument;
    let instrument: string | undefined;
    if (named === OTHER) return undefined;
    if (named !== undefined) instrument = named;
    else if (this.primary.has(from) || !this.about.has(from) && !this.names) return { source: from, address };
    else {
      const { start, stop } = clause(text, at, end);
      const home = this.about.get(from);
      const mentioned = this.instrumentsIn(text, start, stop, home !== undefined);
      // The instrument an explainer is about is always in play, named in the clause or not.
      if (home !== undefined) mentioned.add(home);
      if (mentioned.size > 1) return undefined;
      instrument = [...mentioned][0] ?? SELF;
    }
    if (instrument === SELF) return { source: from, address };
    const texts = this.texts.get(instrument);
    const meant = texts === undefined ? undefined : this.versionMeant(from, texts);
    if (meant !== undefined) return { source: meant, address };
    // An explainer whose instrument is not indexed still links to its own section on the provision.
    return texts === undefined && this.about.get(from) === instrument ? { source: from, address } : undefined;
  }

  /**
   * Which of the texts one name stands for a mention in `from` means: the only one; or, when they are versions of one
   * instrument, the one in force on the citing source's `as_of` (the newest when it states none), in the citing
   * source's language if one is, else in English. Undefined when the texts are of different instruments.
   */
  private versionMeant(from: string, texts: ReadonlySet<string>): string | undefined {
    if (texts.size === 1) return [...texts][0];
    const versions = [...texts].map((id) => ({ id, ...this.versions.get(id) }));
    const instrument = versions[0]?.instrument;
    if (instrument === undefined || versions.some((v) => v.instrument !== instrument)) return undefined;
    const citing = this.dated.get(from);
    const languages = new Set(versions.map((v) => v.language));
    const language = languages.has(citing?.language) ? citing?.language : languages.has('en') ? 'en' : versions[0]?.language;
    const date = citing?.as_of ?? '9999-12-31';
    const candidates = versions.filter((v) => v.language === language && (v.from ?? '') <= date);
    return candidates.sort((a, b) => (b.from ?? '').localeCompare(a.from ?? ''))[0]?.id;
  }

  /**
   * The provisions a mention and the list after it name ("Articles 9, 10 and 11 GDPR"), each where it stands; all in
   * the instrument the mention itself is read as (`target`), or none when that leaves it as text.
   */
  resolve(from: string, text: string, match: RegExpMatchArray, within?: Address): (Target & Mentioned)[] {
    const head = this.target(from, text, match, within);
    if (head === undefined) return [];
    return mentionList(text, match, head.address).map((m) => ({ ...m, source: head.source }));
  }

  /**
   * The name written right before or after a mention ("GDPR Article 22", "Articles 9 and 10 of Regulation (EU)
   * 2016/679", "Article 22 GDPR"): its instrument (OTHER when nobody declared it) and where it stands in `text`.
   */
  private attached(text: string, at: number, end: number): { instrument: string; start: number; stop: number } | undefined {
    const tail = LIST_TAIL.exec(text.slice(end, end + 160))?.[0].length ?? 0;
    const after = text.slice(end + tail, end + tail + 160);
    const preposition = /^\s*,?\s*(?:of|to|under|in)\s+/.exec(after) ?? undefined;
    const space = /^\s+/.exec(after) ?? undefined;
    for (const lead of [preposition, space]) {
      if (lead === undefined) continue;
      const start = end + tail + lead[0].length;
      const rest = text.slice(start, start + 160);
      const known = this.names === undefined ? undefined : sticky(this.names, rest);
      if (known !== undefined) return { instrument: this.find(norm(known)), start, stop: start + known.length };
      const other = (lead === preposition ? DEMONSTRATIVE.exec(rest)?.[0] : undefined) ?? OTHER_NEXT.exec(rest)?.[0];
      if (other !== undefined && (isTitle(other) || DEMONSTRATIVE.test(other))) return { instrument: OTHER, start, stop: start + other.length };
    }
    const from = Math.max(0, at - 120);
    const before = text.slice(from, at);
    const known = this.names === undefined ? undefined : [...before.matchAll(this.names)].at(-1);
    if (known !== undefined && /^(?:['’]s)?\s*,?\s*$/.test(before.slice(known.index + known[0].length))) {
      return { instrument: this.find(norm(known[0])), start: from + known.index, stop: from + known.index + known[0].length };
    }
    const other = OTHER_BEFORE.exec(before);
    if (other?.[1] === undefined || !isTitle(other[1])) return undefined;
    return { instrument: OTHER, start: from + other.index, stop: from + other.index + other[1].length };
  }

  /**
   * The instruments text[start, stop) names, known ones by their group and others by their own words. With
   * `attachedAside`, names attached to a mention there ("Article 35 GDPR") are left out: in an explainer about
   * one instrument they mark the exceptions, each for its own mention.
   */
  private instrumentsIn(text: string, start: number, stop: number, attachedAside: boolean): Set<string> {
    const chars = text.slice(0, stop).split('');
    for (const m of attachedAside ? text.slice(start, stop).matchAll(MENTION) : []) {
      const at = start + m.index;
      const name = this.attached(text, at, at + m[0].length);
      if (name !== undefined) chars.fill(' ', name.start, name.stop);
    }
    const clause = chars.join('').slice(start);
    const found = new Set<string>();
    const rest = this.names === undefined ? clause : clause.replace(this.names, (m) => (found.add(this.find(norm(m))), ' '.repeat(m.length)));
    for (const m of rest.matchAll(OTHER_IN_CLAUSE)) if (isTitle(m[0])) found.add(norm(m[0]));
    return found;
  }

  private find(name: string): string {
    let root = name;
    while (this.parent.get(root) !== undefined && this.parent.get(root) !== root) root = this.parent.get(root) ?? root;
    return root;
  }

  private union(a: string, b: string): void {
    const [ka, kb] = [norm(a), norm(b)];
    for (const k of [ka, kb]) if (!this.parent.has(k)) this.parent.set(k, k);
    const [ra, rb] = [this.find(ka), this.find(kb)];
    if (ra !== rb) this.parent.set(rb, ra);
  }
}

/** A regex's match when it starts at the beginning of `text`. */
function sticky(pattern: RegExp, text: string): string | undefined {
  pattern.lastIndex = 0;
  const m = pattern.exec(text);
  return m?.index === 0 ? m[0] : undefined;
}

/** The clause around text[at, end): from the last sentence end or semicolon before it to the first after it. */
function clause(text: string, at: number, end: number): { start: number; stop: number } {
  let start = 0;
  let stop = text.length;
  for (const m of text.matchAll(CLAUSE_END)) {
    const boundary = (m.index ?? 0) + m[0].length;
    if (boundary <= at) start = boundary;
    else if ((m.index ?? 0) >= end) {
      stop = m.index ?? stop;
      break;
    }
  }
  return { start, stop };
}

/** A mention, and the list after it, read in its own source only, with nothing known about other instruments' names. */
export function mentioned(text: string, match: RegExpMatchArray, within?: Address): Mentioned[] {
  return SELF_ONLY.resolve('', text, match, within);
}
const SELF_ONLY = new ReferenceResolver([]);

/** The chunks of one source that a mention can land on: those with a provision's pinpoint, in order. */
export type Targets = readonly { id: string; span: { from: Address; to: Address } }[];

export function targetsOf(chunks: readonly Chunk[]): Targets {
  const targets: { id: string; span: { from: Address; to: Address } }[] = [];
  for (const chunk of chunks) {
    const span = chunk.pinpoint === undefined ? undefined : pinpointSpan(chunk.pinpoint);
    if (span === undefined || span.from.kind === 'section') continue;
    targets.push({ id: chunk.id, span });
  }
  return targets;
}

/**
 * Lists on each chunk, as `references`, the provisions its text mentions, resolved to the first chunk holding
 * each (in its own source or in another indexed one, as `resolver` decides; `targets` gives a source's chunks
 * that mentions can land on, by default read from `chunks`). A mention tied to an instrument that is not
 * indexed, to two instruments, or to a provision the instrument does not hold stays text, and so does every
 * mention in an Article amending another act (it quotes that act): titled so (`AMENDING`) or opening so (`AMENDS`).
 */
export function resolveReferences(chunks: Chunk[], resolver: ReferenceResolver = SELF_ONLY, targets?: (source: string) => Targets | undefined): void {
  const own = new Map<string, { id: string; span: { from: Address; to: Address } }[]>();
  if (targets === undefined) {
    for (const chunk of chunks) {
      const list = own.get(chunk.source) ?? [];
      list.push(...targetsOf([chunk]));
      own.set(chunk.source, list);
    }
  }
  const targetsIn = targets ?? ((source: string) => own.get(source));
  for (const chunk of chunks) {
    if (chunk.path.some((heading) => AMENDING.test(heading)) || AMENDS.test(chunk.text)) continue;
    const references = new Map<string, ChunkReference>();
    const within = chunk.pinpoint === undefined ? undefined : pinpointSpan(chunk.pinpoint)?.from;
    for (const match of chunk.text.matchAll(MENTION)) {
      for (const wanted of resolver.resolve(chunk.source, chunk.text, match, within)) {
        const target = targetsIn(wanted.source)?.find(({ span }) => spanMeets(span, wanted.address));
        const pinpoint = formatPinpoint(wanted.address);
        const key = `${wanted.source}\u001f${pinpoint}`;
        if (target !== undefined && target.id !== chunk.id && !references.has(key)) references.set(key, { pinpoint, chunk: target.id });
      }
    }
    if (references.size > 0) chunk.references = [...references.values()];
  }
}

/** A link a docs page puts on text[at, end) of a block. */
export interface MentionHref {
  at: number;
  end: number;
  href: string;
}

/**
 * The links a docs page gives a mention in source `from`, and each provision written in the list after it:
 * `#anchor` on its own page, the other source's page and anchor otherwise; none for what stays text.
 * `anchors` gives a source's page's anchor lookup.
 */
export function mentionLinker(
  resolver: ReferenceResolver,
  from: string,
  anchors: (source: string) => ((a: Address) => string | undefined) | undefined,
  page: (source: string, anchor: string) => string,
): (text: string, match: RegExpMatchArray, within?: Address) => MentionHref[] {
  return (text, match, within) =>
    resolver.resolve(from, text, match, within).flatMap(({ source, address, at, end }) => {
      const anchor = at === end ? undefined : anchors(source)?.(address);
      return anchor === undefined ? [] : [{ at, end, href: source === from ? `#${anchor}` : page(source, anchor) }];
    });
}
