/**
 * The figures a statement about a provision can get wrong, read from an answer and from the provision alike and
 * compared in one normal form: sums ("EUR 35 000 000", "35 million euros", "€35m"), percentages ("7 %", "7
 * per cent"), time limits ("72 hours", "one month", "six-month"), dates (days.ts: "2 August 2026", "2.8.2026",
 * "August 2, 2026", "2026-08-02", "2 août 2026"), headcounts ("250 persons") and powers of ten ("10^25", "10²⁵", "1e25"; the
 * texts print an exponent as "10^25", or lose the superscript: "1025" beside "floating point operations").
 */
import { daysIn } from './days.js';

export type QuantityKind = 'amount' | 'percentage' | 'period' | 'date' | 'headcount' | 'power';

export interface Quantity {
  kind: QuantityKind;
  /** The normal form compared: "35000000", "7", "72 h" / "3 mo" (hours or months), "2026-08-02", "1e25". */
  value: string;
  written: string;
  start: number;
  end: number;
}

/** A number as written: "35 000 000", "35,000,000", "35.000.000", "7.5", "7,5", or in words up to seventy-two. */
const DIGITS = String.raw`\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})+(?![\d])|\d+(?:[.,]\d+)?`;
const WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fifteen: 15, eighteen: 18, twenty: 20, thirty: 30, 'twenty-four': 24, 'thirty-six': 36, 'forty-eight': 48, 'seventy-two': 72,
};
const WORD = Object.keys(WORDS).sort((a, b) => b.length - a.length).join('|');
const NUMBER = `(?:${DIGITS})`;

function numberValue(written: string): number {
  const w = written.toLowerCase();
  if (WORDS[w] !== undefined) return WORDS[w];
  // Groups of three digits are thousands whatever separates them; otherwise a comma is a decimal point.
  if (/^\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})+$/.test(written)) return Number(written.replace(/[^\d]/g, ''));
  return Number(written.replace(',', '.'));
}

const SCALE: Record<string, number> = { million: 1e6, millions: 1e6, m: 1e6, mn: 1e6, billion: 1e9, bn: 1e9, b: 1e9, thousand: 1e3, k: 1e3 };
const SCALE_WORD = String.raw`(?:million|millions|billion|thousand|mn|bn|m|b|k)\b`;
const CURRENCY = String.raw`(?:EUR|€|euros?)`;
const AMOUNT = new RegExp(
  String.raw`${CURRENCY}\s?(?<a>${NUMBER})(?:\s?(?<as>${SCALE_WORD}))?|(?<b>${NUMBER})(?:\s?(?<bs>${SCALE_WORD}))?\s?${CURRENCY}(?![a-z])`,
  'gi',
);
const PERCENTAGE = new RegExp(String.raw`(?<n>${NUMBER})\s?(?:%|per\s?cent\b|percent\b)`, 'gi');
const UNITS: Record<string, [number, 'h' | 'mo']> = { hour: [1, 'h'], day: [24, 'h'], week: [168, 'h'], month: [1, 'mo'], year: [12, 'mo'] };
const PERIOD = new RegExp(String.raw`(?<![\d.,])(?<n>${NUMBER}|\b(?:${WORD}))(?:\s|-|\s-\s)(?:(?:further|more|additional|calendar|working)\s)?(?<unit>hour|day|week|month|year)s?\b`, 'gi');
const HEADCOUNT = new RegExp(String.raw`(?<![\d.,])(?<n>${NUMBER})\s(?:persons|people|employees|staff|workers)\b`, 'gi');
const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const POWER = new RegExp(String.raw`\b10\s?(?:\^\s?(?<caret>\d{1,3})|(?<sup>[${SUPERSCRIPT}]{1,3}))|\b1e(?<e>\d{1,3})\b|\b10\sto\sthe\spower\sof\s(?<words>\d{1,3})\b|\b10\s?(?<flat>\d{2})\b(?=[^.]{0,60}?(?:FLOP|floating))|(?<=(?:FLOP|floating)[^.]{0,60}?)\b10\s?(?<after>\d{2})\b`, 'g');

function* matches(text: string, regex: RegExp): Generator<RegExpMatchArray & { index: number }> {
  for (const m of text.matchAll(regex)) yield m as RegExpMatchArray & { index: number };
}

/** Every figure written in `text`, in order; a figure inside `skip` (the citations themselves) is not one. */
export function quantities(text: string, skip: readonly { start: number; end: number }[] = []): Quantity[] {
  const found: Quantity[] = [];
  const push = (kind: QuantityKind, value: string, start: number, written: string) => {
    const end = start + written.length;
    if (skip.some((s) => start < s.end && s.start < end)) return;
    if (found.some((f) => start < f.end && f.start < end)) return;
    found.push({ kind, value, written: written.trim(), start, end });
  };
  for (const day of daysIn(text)) push('date', day.iso, day.start, day.written);
  for (const m of matches(text, POWER)) {
    const g = m.groups ?? {};
    const exponent = g.caret ?? g.e ?? g.words ?? g.flat ?? g.after ?? [...(g.sup ?? '')].map((c) => SUPERSCRIPT.indexOf(c)).join('');
    push('power', `1e${Number(exponent)}`, m.index, m[0]);
  }
  for (const m of matches(text, AMOUNT)) {
    const g = m.groups ?? {};
    const scale = SCALE[(g.as ?? g.bs ?? '').toLowerCase()] ?? 1;
    push('amount', String(Math.round(numberValue(g.a ?? g.b ?? '') * scale)), m.index, m[0]);
  }
  for (const m of matches(text, PERCENTAGE)) push('percentage', String(numberValue(m.groups?.n ?? '')), m.index, m[0]);
  for (const m of matches(text, PERIOD)) {
    const [factor, unit] = UNITS[(m.groups?.unit ?? '').toLowerCase()] ?? [1, 'h'];
    push('period', `${numberValue(m.groups?.n ?? '') * factor} ${unit}`, m.index, m[0]);
  }
  for (const m of matches(text, HEADCOUNT)) push('headcount', String(numberValue(m.groups?.n ?? '')), m.index, m[0]);
  return found.sort((a, b) => a.start - b.start);
}
