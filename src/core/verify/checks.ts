/**
 * The checks of one resolved citation, each on its own: whether the provision stands in the text on the day
 * (`standing`), whether a quotation beside it is in it (`misquoted`), and whether a figure the answer states
 * about it is the one it states (`contradicted`; application dates also from a timeline, `ApplicationDates`).
 */
import { lookUpProvision, provisionInForce } from '../law/lookup.js';
import type { Provision } from '../law/provisions.js';
import type { LawVersions, Version } from '../law/versions.js';
import { checkQuotation, type Misquote, type Quotation } from './quotes.js';
import { quantities, type Quantity } from '../legal/quantities.js';

/**
 * The days from which the provisions a timeline dates apply (ISO dates, the current date of each of its events
 * naming the pinpoint as of `asOf`), or undefined when it dates nothing for that pinpoint. The facts timeline
 * (content/timeline/*.yaml) provides it; without one, only the provision's own text is read.
 */
export type ApplicationDates = (instrument: string, pinpoint: string, asOf: string) => readonly string[] | undefined;

export type Standing =
  | { status: 'ok'; version: Version; provision: Provision }
  | { status: 'not-yet-in-text' | 'no-longer-in-text'; version: Version; provision: Provision }
  | { status: 'no-such-provision'; nearest: string[] }
  | { status: 'unresolved' };

/** Whether the provision at `anchor` stands in the instrument's text in force on `asOf`, and if not, where it does. */
export function standing(law: LawVersions, provisions: ReadonlyMap<string, ReadonlyMap<string, Provision>>, instrument: string, anchor: string, asOf: string): Standing {
  // Most citations stand in the text of the day: only the others need the history that says where they stand.
  const inForce = provisionInForce(law, provisions, { instrument, anchor, date: asOf });
  if (inForce !== undefined) return { status: 'ok', ...inForce };
  const found = lookUpProvision(law, provisions, { instrument, anchor, date: asOf });
  if (!found.found && found.reason === 'anchor') {
    const pinpoints = new Map<string, string>();
    for (const v of law.versionsOf(instrument)) for (const [a, p] of provisions.get(v.source) ?? []) pinpoints.set(a, p.pinpoint);
    return { status: 'no-such-provision', nearest: found.nearest.map((a) => pinpoints.get(a) ?? a) };
  }
  // Found is what provisionInForce answered already; no instrument or language here is unresolved.
  if (found.found || found.reason !== 'date') return { status: 'unresolved' };
  const holding = found.history.filter((h) => h.text !== null);
  const later = holding.find((h) => h.version.in_force_from > asOf);
  const entry = later ?? holding.at(-1);
  const provision = entry === undefined ? undefined : provisions.get(entry.version.source)?.get(anchor);
  if (entry === undefined || provision === undefined) return { status: 'unresolved' };
  return { status: later !== undefined ? 'not-yet-in-text' : 'no-longer-in-text', version: entry.version, provision };
}

/** The first quotation the provision does not hold, with its closest passage and the word diff. */
export function misquoted(quotes: readonly Quotation[], provision: string): (Quotation & Misquote) | undefined {
  for (const q of quotes) {
    const wrong = checkQuotation(q.quoted, provision);
    if (wrong !== undefined) return { ...q, ...wrong };
  }
  return undefined;
}

/** What a provision states of a kind of figure: its own figures, and for dates those of the timeline. */
export interface Statement {
  figures: Quantity[];
  /** Dates the timeline gives for the provision; when the answer speaks of application, they alone decide. */
  applies: readonly string[];
}

export function statementOf(text: string, applies: readonly string[] | undefined): Statement {
  return { figures: quantities(text), applies: applies ?? [] };
}

/** Whether the provision states anything of the kind, so that a figure of that kind can be checked against it. */
export function states(statement: Statement, kind: Quantity['kind']): boolean {
  return statement.figures.some((f) => f.kind === kind) || (kind === 'date' && statement.applies.length > 0);
}

/** Words saying a date is when a rule applies, rather than some other date of it. */
const APPLICATION = /\b(?:appl(?:y|ies|ied|ying|icable|ication)|in\s+force|take[sn]?\s+effect|enforceable|from|since|as\s+of|starting)\b/i;

/**
 * The figure's contradiction, if the provision states figures of its kind and none is the one stated: with what
 * the provision says instead. `clause` is the answer's clause around the figure.
 */
export function contradicted(figure: Quantity, statement: Statement, clause: string): { says: string[] } | undefined {
  const own = statement.figures.filter((f) => f.kind === figure.kind);
  const timeline = figure.kind === 'date' ? statement.applies : [];
  const byTimeline = timeline.length > 0 && APPLICATION.test(clause);
  const allowed = byTimeline ? new Set(timeline) : new Set([...own.map((f) => f.value), ...timeline]);
  if (allowed.size === 0 || allowed.has(figure.value)) return undefined;
  const says = byTimeline ? [...timeline] : [...new Set([...own.map((f) => f.written), ...timeline])];
  return { says };
}
