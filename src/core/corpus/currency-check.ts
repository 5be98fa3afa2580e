import { daysIn, EN_MONTH, monthNumber } from '../legal/days.js';
import type { ChangeNote } from '../types.js';

/**
 * A heuristic for text that has gone stale: a sentence that speaks of something as still to come ("will",
 * "is expected", "proposed", "is due", "is scheduled", "is set to", "has until", "must ... by", "not yet",
 * "upcoming", "forthcoming")
 * and names a date that was still ahead when the entry was checked (after its `as_of`) but is now past.
 * A changelog line dated on or after that date means someone revisited the entry since, so it is not flagged.
 *
 * Not flagged: undated forward-looking sentences ("a model card will help reviewers"), which are mostly advice
 * rather than claims about the calendar; dates on or before `as_of`, which the writer already knew were past;
 * past-tense uses ("the Commission proposed", "was expected").
 */

export interface StaleClaim {
  /** The sentence, whitespace collapsed. */
  sentence: string;
  /** The forward-looking words found, as written. */
  marker: string;
  /** The latest date the sentence names, now past, YYYY-MM-DD (a month or a year counts as its last day). */
  date: string;
}

const FORWARD = new RegExp(
  [
    String.raw`\bwill\b`,
    String.raw`\b(?:is|are|remains?|still)\s+(?:expected|due|scheduled|planned|pending|set to)\b`,
    // "proposed" as a status ("the proposed Act", "is proposed"), not the past-tense verb ("the Commission proposed").
    String.raw`\b(?:is|are|the|a|an|its|their|being|still|remains?)\s+proposed\b`,
    String.raw`\b(?:has|have) until\b`,
    // "must ... by <date>": a deadline stated as a present duty.
    String.raw`\bmust\b[^;]*?\bby\b`,
    String.raw`\bnot yet\b`,
    String.raw`\bupcoming\b`,
    String.raw`\bforthcoming\b`,
  ].join('|'),
  'i',
);

const MONTH_YEAR = new RegExp(String.raw`\b(${EN_MONTH})\s+(\d{4})\b`, 'gi');
// A bare year, but not the number of an act such as Regulation (EU) 2026/1744 or Law 13,709/2018.
const YEAR = /(?<![\d/])(19\d{2}|20\d{2})(?![\d/])/g;

/** Splits on sentence ends and on line breaks, so list items and table rows count as sentences. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z(“"])|\n+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s !== '');
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Every date a sentence names, as the last day it could mean: "2 August 2026" (days.ts), "August 2026", "2026". */
export function datesIn(sentence: string): string[] {
  const days = daysIn(sentence);
  const dates = days.map((d) => d.iso);
  // Each day is blanked, then each month, so "2 August 2026" is not read again as "August 2026" or "2026".
  let rest = [...days].reverse().reduce((text, d) => text.slice(0, d.start) + ' '.repeat(d.end - d.start) + text.slice(d.end), sentence);
  const forms: [RegExp, (m: RegExpMatchArray) => string][] = [
    [MONTH_YEAR, (m) => `${m[2]}-${pad(monthNumber(m[1]!))}-${pad(lastDayOfMonth(Number(m[2]), monthNumber(m[1]!)))}`],
    [YEAR, (m) => `${m[1]}-12-31`],
  ];
  for (const [pattern, toDate] of forms) {
    for (const m of rest.matchAll(pattern)) dates.push(toDate(m));
    rest = rest.replace(pattern, ' ');
  }
  return dates;
}

export interface CurrencyOf {
  /** YYYY-MM-DD: the date the entry's text was checked to be current. */
  as_of: string;
  changelog?: readonly ChangeNote[];
}

/**
 * The forward-looking sentences of `text` whose latest date has passed between the entry's `as_of` and
 * `today`, except those a changelog line dated on or after that date accounts for.
 */
export function staleClaims(text: string, entry: CurrencyOf, today: string): StaleClaim[] {
  const revisited = (entry.changelog ?? []).reduce((latest, c) => (c.date > latest ? c.date : latest), entry.as_of);
  const claims: StaleClaim[] = [];
  for (const sentence of sentences(text)) {
    const marker = FORWARD.exec(sentence);
    if (!marker) continue;
    // The latest date a forward-looking sentence names is usually the one it looks forward to.
    const date = datesIn(sentence).sort().pop();
    if (date === undefined || date <= revisited || date >= today) continue;
    claims.push({ sentence, marker: marker[0], date });
  }
  return claims;
}
