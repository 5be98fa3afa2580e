/**
 * Checks the citations of an answer against the indexed law on a date: finds each citation (find.ts), resolves
 * its instrument (from the citation, its clause, the caller, the text before it, or the only instrument
 * indexed), and gives it one status, checked in order: `unresolved`, `no-such-provision`, `not-yet-in-text` /
 * `no-longer-in-text`, `misquote`, `wrong-content`, else `ok` (checks.ts).
 */
import { formatPinpoint, pinpointAnchor } from '../legal/address.js';
import type { DiffPart } from '../law/history.js';
import type { Provision } from '../law/provisions.js';
import type { LawVersions, Version } from '../law/versions.js';
import { contradicted, misquoted, standing, statementOf, states, type ApplicationDates, type Statement } from './checks.js';
import { findCitations } from './find.js';
import type { InstrumentNames, NamedAt } from './instruments.js';
import { quantities, type Quantity } from '../legal/quantities.js';
import { quotations, type Quotation } from './quotes.js';
import { clauseAt, clauses, type Span } from './sentences.js';

export const VERIFY_STATUSES = ['ok', 'unresolved', 'no-such-provision', 'not-yet-in-text', 'no-longer-in-text', 'misquote', 'wrong-content'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];

/** Where a citation's instrument was read. */
export type InstrumentFrom = 'citation' | 'sentence' | 'parameter' | 'text' | 'only';

export interface VerifyLaw {
  law: LawVersions;
  provisions: ReadonlyMap<string, ReadonlyMap<string, Provision>>;
  names: InstrumentNames;
  applicationDates?: ApplicationDates | undefined;
}

export interface CitationCheck {
  /** The citation as written, with the act's name when it follows ("Article 22 GDPR"). */
  written: string;
  start: number;
  end: number;
  instrument: string | null;
  instrumentFrom: InstrumentFrom | null;
  /** Set when the citation names an act that is not indexed. */
  otherAct: boolean;
  pinpoint: string;
  anchor: string;
  status: VerifyStatus;
  /** The provision in the version checked: in force on the day, or for not-yet / no-longer the version holding it. */
  version?: Version;
  provision?: Provision;
  nearest?: string[];
  quotation?: Quotation & { closest: string; diff: DiffPart[] };
  stated?: Quantity & { says: string[] };
}

interface Resolved {
  check: CitationCheck;
  clause: Span;
  statement?: Statement;
}

export function verifyText(text: string, law: VerifyLaw, options: { asOf: string; instrument?: string | undefined }): CitationCheck[] {
  const quotes = quotations(text);
  const spans = clauses(text, quotes);
  const names = law.names.find(text);
  const only = law.law.instruments().length === 1 ? law.law.instruments()[0] : undefined;
  const resolved: Resolved[] = findCitations(text).map((found) => {
    const clause = clauseAt(spans, found.start);
    const own = law.names.after(text, found.end, names);
    const instrument = own === 'other' ? undefined : own?.instrument;
    const fallback = instrument === undefined && own !== 'other' ? fromContext(names, clause, found.start, options.instrument, only) : undefined;
    const end = typeof own === 'object' ? own.end : found.end;
    const check: CitationCheck = {
      written: text.slice(found.start, end),
      start: found.start,
      end,
      instrument: instrument ?? fallback?.instrument ?? null,
      instrumentFrom: instrument !== undefined ? 'citation' : (fallback?.from ?? null),
      otherAct: own === 'other',
      pinpoint: formatPinpoint(found.address),
      anchor: pinpointAnchor(found.address),
      status: 'unresolved',
    };
    if (check.instrument === null) return { check, clause };
    const stands = standing(law.law, law.provisions, check.instrument, check.anchor, options.asOf);
    check.status = stands.status;
    if (stands.status === 'no-such-provision') check.nearest = stands.nearest;
    if ('version' in stands) Object.assign(check, { version: stands.version, provision: stands.provision });
    if (stands.status !== 'ok') return { check, clause };
    const applies = law.applicationDates?.(check.instrument, check.pinpoint, options.asOf);
    return { check, clause, statement: statementOf(stands.provision.text, applies) };
  });
  for (const [i, r] of resolved.entries()) {
    if (r.check.status !== 'ok' || r.check.provision === undefined) continue;
    const mine = quotes.filter((q) => quoteOwner(resolved, q) === i);
    const wrong = misquoted(mine, r.check.provision.text);
    if (wrong !== undefined) Object.assign(r.check, { status: 'misquote', quotation: wrong });
  }
  const skip = [...resolved.map((r) => r.check), ...quotes];
  for (const clause of spans) {
    for (const figure of quantities(text.slice(clause.start, clause.end)).map((q) => ({ ...q, start: q.start + clause.start, end: q.end + clause.start }))) {
      if (skip.some((s) => figure.start < s.end && s.start < figure.end)) continue;
      const owner = figureOwner(resolved, text, clause, figure);
      if (owner === undefined || owner.check.status !== 'ok' || owner.statement === undefined) continue;
      const wrong = contradicted(figure, owner.statement, text.slice(clause.start, clause.end));
      if (wrong !== undefined) Object.assign(owner.check, { status: 'wrong-content', stated: { ...figure, says: wrong.says } });
    }
  }
  return resolved.map((r) => r.check);
}

/**
 * The instrument a citation naming none means: the indexed name nearest it in its clause, else the caller's, else
 * the last named before it in the text, else the only instrument indexed.
 */
function fromContext(names: readonly NamedAt[], clause: Span, at: number, given: string | undefined, only: string | undefined): { instrument: string; from: InstrumentFrom } | undefined {
  const inClause = names.filter((n) => n.start >= clause.start && n.end <= clause.end);
  const nearest = inClause.sort((a, b) => Math.abs(a.start - at) - Math.abs(b.start - at))[0];
  if (nearest !== undefined) return { instrument: nearest.instrument, from: 'sentence' };
  if (given !== undefined) return { instrument: given, from: 'parameter' };
  const before = names.filter((n) => n.end <= at).at(-1);
  if (before !== undefined) return { instrument: before.instrument, from: 'text' };
  return only === undefined ? undefined : { instrument: only, from: 'only' };
}

/** The citation a quotation is given for: the nearest before it in its clause, else the first after it there. */
function quoteOwner(resolved: readonly Resolved[], q: Quotation): number | undefined {
  const inClause = resolved.map((r, i) => ({ r, i })).filter(({ r }) => r.clause.start <= q.start && q.start < r.clause.end);
  const before = inClause.filter(({ r }) => r.check.end <= q.start).at(-1);
  return (before ?? inClause.find(({ r }) => r.check.start >= q.end))?.i;
}

/** Words introducing a citation that opens a clause ("Under Article 83(5) GDPR, …"), not one closing it. */
const INTRODUCED = /\b(?:under|according\s+to|pursuant\s+to|as\s+per|per|in|by)\s+(?:the\s+)?$/i;

/** Words after a citation that give what follows as its content ("Article 113 says …", "Article 26(6) requires …"). */
const REPORTS = /^\s*(?:says|states|provides|sets(?:\s+out)?|lays\s+down|requires|allows|prohibits|bans|grants|fixes|gives)\b/i;

/** Whether a citation frames its clause: it opens it after "under"/"according to", or a reporting verb follows it. */
function frames(text: string, clause: Span, c: CitationCheck): boolean {
  const lead = text.slice(clause.start, c.start);
  return (INTRODUCED.test(lead) && /^\W*(?:\w+\W+)?$/.test(lead)) || REPORTS.test(text.slice(c.end, c.end + 40));
}

/**
 * Whether a citation closes what comes before it: in brackets ("… 72 hours (Art. 33 GDPR)"), at the clause's end,
 * or before a comma or "and" without introducing what follows.
 */
function closes(text: string, c: CitationCheck): boolean {
  const before = text.slice(Math.max(0, c.start - 30), c.start);
  const after = text.slice(c.end, c.end + 6);
  if (/[([]\s*(?:see\s+|cf\.\s+)?$/i.test(before) || /^\s*(?:[.;)\]]|$)/.test(after)) return true;
  return /^\s*(?:,|and\b)/.test(after) && !INTRODUCED.test(before);
}

/**
 * The citation a figure is stated about: the citation closing the words it stands in, else the nearest before it
 * in the clause, else the nearest after; passing over a found provision that states nothing of the figure's kind
 * (the figure is about a provision it names) to the next that does.
 */
function figureOwner(resolved: readonly Resolved[], text: string, clause: Span, figure: Quantity): Resolved | undefined {
  const inClause = resolved.filter((r) => r.clause.start === clause.start);
  const after = inClause.filter((r) => r.check.start >= figure.end);
  const before = inClause.filter((r) => r.check.end <= figure.start).reverse();
  const first = after[0];
  // A citation the clause's words are given as ("Under Article 113(c)(i), …", "Article 113 says …") speaks for them
  // before one they merely name on the way ("… systems listed in Annex III apply from …").
  const framing = before.filter((r) => frames(text, clause, r.check));
  const order = [...(first !== undefined && closes(text, first.check) ? [first] : []), ...framing, ...before, ...after];
  for (const r of new Set(order)) {
    // A citation found nowhere, or not in force that day, takes the figure: nothing of it can be checked.
    if (r.statement === undefined) return r;
    if (states(r.statement, figure.kind)) return r;
  }
  return undefined;
}
