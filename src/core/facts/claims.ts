/**
 * Explainers checked against the facts data (issue 34 §3): a sentence of an entry that gives an application date for
 * a provision or group the timeline knows, and disagrees with that event's date in the version in force on the
 * entry's `as_of`; and a sentence that attributes a figure to another instrument (a threshold, an amount, a
 * percentage, a time limit) that the instrument's own text or data does not state. Every flag carries the line.
 *
 * Which events a sentence is about: the provisions it cites ("Art. 26", "Annex III"), as events list them or as the
 * obligations that start at them do, and the groups it names by the words the events' titles use ("high-risk",
 * "general-purpose AI", "prohibited"). Which instrument: the one it names, else the entry's own; a sentence naming
 * two is left alone. A date counts as claimed only after "from", "since" or "as from" in a sentence saying
 * something applies, so deadlines, consultations and publication days are not read as application dates.
 */
import { findPinpoints } from '../legal/mentions.js';
import { parsePinpoint, within, type Address } from '../legal/address.js';
import { datesIn } from '../corpus/currency-check.js';
import { EN_MONTH } from '../legal/days.js';
import { quantities, type QuantityKind } from '../legal/quantities.js';
import type { Corpus } from '../corpus/corpus.js';
import type { Facts } from './rules.js';
import type { DateEntry, Obligation, TimelineEvent } from './schema.js';

export interface ClaimsInstrument {
  instrument: string;
  /** How prose names it: the timeline title's names, and those explainers give the same original. */
  names: string[];
  events: TimelineEvent[];
  obligations: Obligation[];
}

export interface ClaimFlag {
  /** 1-based line of the file. */
  line: number;
  kind: 'date' | 'figure';
  sentence: string;
  message: string;
}

export interface ClaimsEntry {
  /** The whole file, front matter included (its lines are not checked, but they are counted). */
  text: string;
  /** The entry's as_of: the version of the law its sentences speak of. */
  asOf: string;
  /** The instrument the entry is about, when it is about one: sentences naming none are read as about it. */
  instrument?: string | undefined;
}

/** "Digital Services Act (DSA, Regulation (EU) 2022/2065)": the name before the brackets and each name inside. */
export function namesFromTitle(title: string): string[] {
  const open = title.indexOf(' (');
  if (open < 0 || !title.endsWith(')')) return [title];
  const inner = title.slice(open + 2, -1);
  const names = [title.slice(0, open)];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= inner.length; i++) {
    const c = inner[i];
    if (c === '(') depth++;
    if (c === ')') depth--;
    if ((c === ',' && depth === 0) || i === inner.length) {
      names.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  return names.filter((n) => n !== '');
}

/** Each instrument of the facts with the names prose uses for it; `extraNames` adds names by instrument id. */
export function claimsInstruments(facts: Facts, extraNames: Readonly<Record<string, readonly string[]>> = {}): ClaimsInstrument[] {
  return facts.timelines.map(({ data }) => ({
    instrument: data.instrument,
    names: [...new Set([...namesFromTitle(data.title), ...(extraNames[data.instrument] ?? [])])],
    events: data.events,
    obligations: facts.obligations.find((o) => o.data.instrument === data.instrument)?.data.obligations ?? [],
  }));
}

/** One checkable entry per content file: its text, as_of and the instrument it is about. */
export interface CorpusEntry extends ClaimsEntry {
  file: string;
}

/**
 * The corpus's entries with the instrument each is about, and the instruments with the names explainers give
 * them: an explainer is about the instrument whose official address (the timeline's `evidence`) its `about`
 * names; a glossary or wisdom entry about the one instrument its sources are about, if they agree on one.
 */
export function claimsCorpus(corpus: Corpus, facts: Facts, textOf: (file: string) => string): { entries: CorpusEntry[]; instruments: ClaimsInstrument[] } {
  const bare = (url: string) => url.replace(/\/(?:eng)?$/, '');
  const byEvidence = new Map(facts.timelines.map((t) => [bare(t.data.evidence), t.data.instrument]));
  const names: Record<string, string[]> = {};
  const sourceInstrument = new Map<string, string>();
  for (const { meta } of corpus.sources) {
    for (const original of meta.about ?? []) {
      const instrument = byEvidence.get(bare(original.url));
      if (instrument === undefined) continue;
      (names[instrument] ??= []).push(...(original.names ?? []));
      sourceInstrument.set(meta.id, instrument);
    }
  }
  const agreed = (sources: readonly string[]) => {
    const found = new Set(sources.map((id) => sourceInstrument.get(id)).filter((i): i is string => i !== undefined));
    return found.size === 1 ? [...found][0] : undefined;
  };
  const entries: CorpusEntry[] = [
    ...corpus.sources.map((s) => ({ file: s.file, asOf: s.meta.as_of ?? '', instrument: sourceInstrument.get(s.meta.id) })),
    ...corpus.glossary.map((g) => ({ file: `content/glossary/${g.id}.md`, asOf: g.as_of ?? '', instrument: agreed(g.sources) })),
    ...corpus.wisdom.map((w) => ({ file: `content/wisdom/${w.id}.md`, asOf: w.as_of ?? '', instrument: agreed(w.sources) })),
  ].map((e) => ({ ...e, text: textOf(e.file) }));
  return { entries, instruments: claimsInstruments(facts, names) };
}

/** The date entry in force on `day`: the latest whose text was in force by then. */
export function currentDate(event: TimelineEvent, day: string): DateEntry | undefined {
  return event.dates.filter((d) => d.text_from <= day).at(-1);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name, not the tail of another's ("Colorado AI Act" is not the AI Act; "the EU AI Act" and "The AI Act" are). */
const namePattern = (name: string) => new RegExp(String.raw`(?<!\b(?!The\b)[A-Z][a-z]+(?:['’]s)?\s)(?<![\w/])${escape(name)}(?![\w/])`);

/** Says that something applies (or takes effect), as opposed to being adopted, published or due. */
const APPLIES = /\b(?:appl(?:y|ies|ied|ying|icable)|take[sn]? effect|took effect|kick(?:s|ed)? in)\b/i;
/** "from 2 August 2026", "since 2 February 2025": a day someone says a rule applies ("as of" dates a statement). */
const CLAIMED_DATE = new RegExp(String.raw`\b(?:from|since|as from|with effect from)\s+(\d{1,2}\s+${EN_MONTH}\s+\d{4}|${EN_MONTH}\s+\d{1,2},\s+\d{4})`, 'gi');
/** Words that put a date in the past tense of the law: "originally", "as published", "the 2024 text". */
const HISTORY = /\b(?:original(?:ly)?|as published|previously|formerly|until the amendment|before the amendment|would have|was (?:set|due)|were due|\d{4} text|moved|postponed|deferred|replaced)\b/i;
/** Says two figures are the same: "the same figure the AI Act uses", "matches", "mirrors", "as in the GDPR". */
const SAME = /\b(?:same|identical|equal(?:s|ling)?|match(?:es|ing)?|mirror(?:s|ing)?|in line with|just as|like)\b/i;

/** Group words that appear in events' titles: a sentence using one is about the events whose title uses it. */
const TOPICS = [
  /high[- ]risk/i,
  /general[- ]purpose AI|\bGPAI\b/i,
  /prohibit|\bbans?\b|\bbanned\b/i,
  /transparency/i,
  /AI literacy/i,
  /regulatory sandbox/i,
  /very large online (?:platform|search engine)/i,
  /switching charges?/i,
  /notified bodies/i,
];

/** A group word used of what the sentence speaks of, not denied ("not only high-risk ones", "other than GPAI"). */
function affirmed(sentence: string, topic: RegExp): boolean {
  const flags = topic.flags.includes('g') ? topic.flags : `${topic.flags}g`;
  return [...sentence.matchAll(new RegExp(topic.source, flags))].some((m) => !NEGATION.test(sentence.slice(Math.max(0, m.index - 24), m.index)));
}
const NEGATION = /\b(?:not(?: only)?|non|other than|except|excluding|beyond|whether or not)\b[\s\w-]*$/i;

function entryBody(text: string): { lines: string[]; first: number } {
  const lines = text.split('\n');
  if (lines[0]?.trim() !== '---') return { lines, first: 0 };
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  return { lines, first: end < 0 ? 0 : end + 1 };
}

/** A line of markdown as prose: links to their text, emphasis and code marks dropped. */
const prose = (line: string) => line.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*\*|__|`/g, '');

function sentencesOf(line: string): string[] {
  return line
    .split(/(?<=[.!?])\s+(?=[A-Z(“"])/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const isoOf = (phrase: string): string | undefined => datesIn(phrase)[0];

function human(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The events a sentence's pinpoints and group words point to, in one instrument. */
function eventsAbout(sentence: string, inst: ClaimsInstrument): TimelineEvent[] {
  const cited = findPinpoints(sentence).filter((a) => a.kind === 'article' || a.kind === 'annex');
  const related = (a: Address, pin: string) => {
    const b = parsePinpoint(pin);
    return b !== undefined && (within(a, b) || within(b, a));
  };
  const ids = new Set<string>();
  for (const event of inst.events) {
    // An event counts when the sentence cites what it concerns, or the provision that sets its date ("Article 113").
    const setBy = event.dates.map((d) => d.set_by);
    if (cited.some((a) => [...event.pinpoints, ...setBy].some((p) => related(a, p)))) ids.add(event.id);
  }
  for (const o of inst.obligations) {
    if (!cited.some((a) => related(a, o.pinpoint))) continue;
    for (const id of typeof o.from === 'string' ? [o.from] : Object.values(o.from)) ids.add(id);
  }
  for (const topic of TOPICS) {
    if (!affirmed(sentence, topic)) continue;
    for (const event of inst.events) if (topic.test(event.title)) ids.add(event.id);
  }
  return inst.events.filter((e) => ids.has(e.id));
}

/** The events of the instrument as a whole: its entry into force, and what applies under the same Article. */
function wholeInstrument(inst: ClaimsInstrument): { entry: TimelineEvent[]; general: TimelineEvent[] } {
  const entry = inst.events.filter((e) => e.kind === 'entry-into-force');
  const articles = new Set(entry.flatMap((e) => e.pinpoints.map((p) => parsePinpoint(p)?.id)));
  const general = inst.events.filter((e) => e.kind === 'application' && e.pinpoints.some((p) => articles.has(parsePinpoint(p)?.id)));
  return { entry, general };
}

/** "entered into force on 1 August 2024", "in force since 16 January 2023". */
const IN_FORCE_DATE = new RegExp(String.raw`\b(?:enter(?:s|ed)? into force on|in force (?:since|from))\s+(\d{1,2}\s+${EN_MONTH}\s+\d{4})`, 'gi');
/** An EU act's identifier, to tell when a sentence also speaks of another act. */
const ACT_ID = /\b(?:Regulation|Directive|Decision)\s+\((?:EU|EC|EEC)\)\s+(?:No\s+)?\d+\/\d+/g;

function dateFlag(sentence: string, inst: ClaimsInstrument, asOf: string, named: boolean): string | undefined {
  const otherAct = [...sentence.matchAll(ACT_ID)].some((m) => !inst.names.includes(m[0]));
  if (named && !otherAct) {
    // Only where the act is named in the same clause: "…; China's measures in force since 1 September 2025" is not it.
    const forceDays = sentence
      .split(';')
      .filter((clause) => inst.names.some((n) => namePattern(n).test(clause)))
      .flatMap((clause) => [...clause.matchAll(IN_FORCE_DATE)].map((m) => isoOf(m[1] ?? '')))
      .filter((d): d is string => d !== undefined);
    const { entry } = wholeInstrument(inst);
    const wrongForce = forceDays.filter((d) => !entry.some((e) => currentDate(e, asOf)?.applies_from === d));
    if (wrongForce.length > 0 && entry.length > 0) {
      return `gives ${wrongForce.map(human).join(', ')} as the entry into force of ${inst.instrument}; the timeline has ${entry.map((e) => human(currentDate(e, asOf)?.applies_from ?? '')).join(', ')} (${entry[0]?.dates[0]?.set_by})`;
    }
  }
  if (!APPLIES.test(sentence)) return undefined;
  // The day an amendment took effect ("amended with effect from 27 July 2026") dates a text, not a rule.
  const versionDays = new Set(inst.events.flatMap((e) => e.dates.filter((d) => d.amended_by !== undefined).map((d) => d.text_from)));
  const claimed = [...sentence.matchAll(CLAIMED_DATE)]
    .map((m) => isoOf(m[1] ?? ''))
    .filter((d): d is string => d !== undefined && !versionDays.has(d));
  if (claimed.length === 0) return undefined;
  let events = eventsAbout(sentence, inst);
  // "The GDPR has applied since …": a sentence naming the act, and nothing narrower, speaks of its general date.
  if (events.length === 0 && named && !otherAct) events = wholeInstrument(inst).general;
  if (events.length === 0) return undefined;
  const current = events.map((e) => ({ event: e, date: currentDate(e, asOf) })).filter((c) => c.date !== undefined);
  const wrong = claimed.filter((d) => {
    if (current.some((c) => c.date?.applies_from === d)) return false;
    const superseded = events.some((e) => e.dates.some((x) => x.applies_from === d));
    return !(superseded && HISTORY.test(sentence));
  });
  if (wrong.length === 0) return undefined;
  const known = current
    .slice(0, 4)
    .map(({ event, date }) => `${event.id} ${human(date!.applies_from)} (${date!.set_by}${date!.amended_by ? `, as amended by ${date!.amended_by.source} ${date!.amended_by.pinpoint}` : ''})`);
  return `gives ${wrong.map(human).join(', ')} for ${inst.instrument}, but on ${asOf} the timeline has: ${known.join('; ')}`;
}

/** A figure the check compares: a sum, a percentage, a time limit or a power of ten, keyed by kind and normal form. */
interface Figure {
  kind: QuantityKind;
  /** "amount:35000000", "power:1e25", "period:72 h": one key for every spelling of one figure. */
  key: string;
  written: string;
}

/** Dates are the timeline's to check and headcounts no instrument's figure; the rest, as /verify reads them. */
const FIGURE_KINDS: ReadonlySet<QuantityKind> = new Set(['amount', 'percentage', 'period', 'power']);

function figuresIn(text: string): Figure[] {
  return quantities(text)
    .filter((q) => FIGURE_KINDS.has(q.kind))
    .map((q) => ({ kind: q.kind, key: `${q.kind}:${q.value}`, written: q.written }));
}

function figureFlag(sentence: string, inst: ClaimsInstrument, lawText: string | undefined): string | undefined {
  const stated = new Set<string>(figuresIn([lawText ?? '', ...inst.obligations.map((o) => o.summary), ...inst.events.map((e) => `${e.title} ${e.note ?? ''}`)].join('\n')).map((f) => f.key));
  // Without the law's text a figure of a kind the data never states cannot be checked.
  const checkable = (f: Figure) => lawText !== undefined || [...stated].some((k) => k.startsWith(`${f.kind}:`));
  const missing: Figure[] = figuresIn(sentence).filter((f) => checkable(f) && !stated.has(f.key));
  if (missing.length === 0) return undefined;
  const sameKind = (f: Figure) => [...stated].filter((k) => k.startsWith(`${f.kind}:`));
  const hint = missing.map((f) => `${f.written} (${inst.instrument} states ${sameKind(f).slice(0, 3).map((k) => k.slice(k.indexOf(':') + 1)).join(', ') || 'no figure of that kind'})`);
  return `attributes ${hint.join('; ')} to ${inst.instrument}${lawText === undefined ? ' (checked against the facts data only)' : ''}`;
}

/** Each sentence of the entry's body with its 1-based line, and the instrument it is read as about. */
function* readSentences(entry: ClaimsEntry, instruments: readonly ClaimsInstrument[]): Generator<{ line: number; sentence: string; inst: ClaimsInstrument; named: boolean; own: boolean }> {
  const { lines, first } = entryBody(entry.text);
  const own = instruments.find((i) => i.instrument === entry.instrument);
  let fenced = false;
  for (let i = first; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const sentence of sentencesOf(prose(line))) {
      const named = instruments.filter((inst) => inst.names.some((n) => namePattern(n).test(sentence)));
      if (named.length > 1) continue;
      const inst = named[0] ?? own;
      if (inst !== undefined) yield { line: i + 1, sentence, inst, named: named[0] !== undefined, own: inst === own };
    }
  }
}

/** A figure is attributed to "another instrument" when a sentence names it, outside the entry about it, as the same. */
const comparesFigure = (s: { sentence: string; named: boolean; own: boolean }) => s.named && !s.own && SAME.test(s.sentence) && figuresIn(s.sentence).length > 0;

/** The instruments whose text the figure check of an entry would read: load only those. */
export function figureClaimInstruments(entry: ClaimsEntry, instruments: readonly ClaimsInstrument[]): string[] {
  return [...new Set([...readSentences(entry, instruments)].filter(comparesFigure).map((s) => s.inst.instrument))];
}

/**
 * The flags for one entry. `lawText` gives an instrument's text for the figure check when it is at hand (the
 * provisions of its version in force); without it the figures are checked against the facts data alone.
 */
export function checkClaims(entry: ClaimsEntry, instruments: readonly ClaimsInstrument[], lawText: (instrument: string) => string | undefined = () => undefined): ClaimFlag[] {
  const flags: ClaimFlag[] = [];
  for (const s of readSentences(entry, instruments)) {
    const date = dateFlag(s.sentence, s.inst, entry.asOf, s.named);
    if (date !== undefined) flags.push({ line: s.line, kind: 'date', sentence: s.sentence, message: date });
    if (!comparesFigure(s)) continue;
    const figure = figureFlag(s.sentence, s.inst, lawText(s.inst.instrument));
    if (figure !== undefined) flags.push({ line: s.line, kind: 'figure', sentence: s.sentence, message: figure });
  }
  return flags;
}
