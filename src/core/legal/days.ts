/**
 * The days a text writes, in the forms the official texts and what is written about them use: "2 August 2026",
 * "2nd August 2026", "August 2, 2026", "2.8.2026" and "02.08.2026" (the Official Journal's numeric form),
 * "2026-08-02", and in French "2 août 2026" and "1er août 2026". One reader for /verify's figures
 * (quantities.ts), the facts check against the law (facts/date-phrases.ts) and the currency check of our content.
 */

export interface WrittenDay {
  /** YYYY-MM-DD. */
  iso: string;
  written: string;
  start: number;
  end: number;
}

const EN_MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
// Accents optional: a French text folded to ASCII writes "aout", "fevrier".
const FR_MONTHS = ['janvier', 'f[ée]vrier', 'mars', 'avril', 'mai', 'juin', 'juillet', 'ao[uû]t', 'septembre', 'octobre', 'novembre', 'd[ée]cembre'];
/** An English month's name, as a regular expression's group (match it case-insensitively). */
export const EN_MONTH = `(?:${EN_MONTHS.join('|')})`;
/** A French month's name, accents optional, as a regular expression's group (match it case-insensitively). */
export const FR_MONTH = `(?:${FR_MONTHS.join('|')})`;
const MONTH = `(?:${EN_MONTH}|${FR_MONTH})`;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th|er)?`;
const DAY_PATTERN = new RegExp(
  String.raw`\b(?<d1>${DAY})\s+(?<m1>${MONTH})\s+(?<y1>\d{4})\b` +
    String.raw`|\b(?<m2>${MONTH})\s+(?<d2>${DAY}),?\s+(?<y2>\d{4})\b` +
    String.raw`|(?<![\d.])(?<d3>\d{1,2})\.(?<m3>\d{1,2})\.(?<y3>\d{4})(?!\d|\.\d)` +
    String.raw`|\b(?<y4>\d{4})-(?<m4>\d{2})-(?<d4>\d{2})\b`,
  'giu',
);

/** The number of a month written in words, English or French, 1 to 12; 0 for no month. */
export function monthNumber(name: string): number {
  const word = name.toLowerCase();
  const english = EN_MONTHS.indexOf(word);
  if (english >= 0) return english + 1;
  return FR_MONTHS.findIndex((pattern) => new RegExp(`^${pattern}$`, 'u').test(word)) + 1;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Every day `text` writes, in order; a form naming no real day ("31.02.2026", "2026-13-01") is none. */
export function daysIn(text: string): WrittenDay[] {
  const days: WrittenDay[] = [];
  for (const m of text.matchAll(DAY_PATTERN)) {
    const g = m.groups ?? {};
    const named = g['m1'] ?? g['m2'];
    const month = named !== undefined ? monthNumber(named) : Number(g['m3'] ?? g['m4']);
    const day = parseInt(g['d1'] ?? g['d2'] ?? g['d3'] ?? g['d4'] ?? '', 10);
    const year = Number(g['y1'] ?? g['y2'] ?? g['y3'] ?? g['y4']);
    const date = new Date(Date.UTC(year, month - 1, day));
    if (month < 1 || month > 12 || date.getUTCDate() !== day) continue;
    const start = m.index ?? 0;
    days.push({ iso: `${year}-${pad(month)}-${pad(day)}`, written: m[0], start, end: start + m[0].length });
  }
  return days;
}
