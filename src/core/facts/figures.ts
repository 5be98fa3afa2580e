/**
 * Figures written in prose or in the law, reduced to one comparable key each: a power of ten ("10^25", "10²⁵"), an
 * amount of money ("EUR 35 million", "EUR 35 000 000"), a percentage ("7 %", "1,4 %") and a time limit ("72 hours",
 * "two weeks"). The claims check compares the figures an explainer attributes to an instrument with the figures
 * the instrument's own text and data state.
 */

export type FigureKind = 'power' | 'amount' | 'percent' | 'duration';

export interface Figure {
  kind: FigureKind;
  /** Comparable across spellings: "power:25", "amount:35000000", "percent:1.4", "duration:72 hour". */
  key: string;
  /** As written. */
  text: string;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fifteen: 15, eighteen: 18, twenty: 20, thirty: 30, 'twenty-four': 24, 'thirty-six': 36, 'forty-eight': 48, 'seventy-two': 72,
};
const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };

/** A number written with digits, spaces or commas between thousands, and a decimal point or comma: "35 000 000", "1,4". */
function numberValue(text: string): number {
  const t = text.trim();
  // "1,4" and "2,5" are decimals in EU texts; "15,000,000" groups thousands.
  if (/^\d+,\d{1,2}$/.test(t)) return Number(t.replace(',', '.'));
  return Number(t.replace(/[\s,\u00a0\u202f]/g, ''));
}

const DIGITS = String.raw`\d{1,3}(?:[ ,\u00a0\u202f]\d{3})+|\d+(?:[.,]\d+)?`;
const POWER = new RegExp(String.raw`\b10\s*(?:\^\s*(\d{1,2})|([${SUPERSCRIPT}]{1,2}))`, 'g');
/** The law's text as ingested loses the superscript ("greater than 1025"): read so only beside floating-point operations. */
const FLAT_POWER = /\b10(2\d)\b/g;
const FLOATING_POINT = /floating[- ]point/i;
const AMOUNT = new RegExp(String.raw`(?:EUR|€|USD|US\$|\$|KRW|GBP|£)\s*(${DIGITS})(?:\s*(thousand|million|billion))?`, 'gi');
/** The GDPR's order: "20 000 000 EUR". */
const AMOUNT_AFTER = new RegExp(String.raw`(${DIGITS})(?:\s*(thousand|million|billion))?\s*(?:EUR|euros?)\b`, 'gi');
const PERCENT = new RegExp(String.raw`(${DIGITS})\s*(?:%|per ?cent\b)`, 'gi');
const UNIT = String.raw`(hours?|days?|weeks?|months?|years?)`;
const DURATION = new RegExp(String.raw`\b(\d+|${Object.keys(NUMBER_WORDS).join('|')})(?:\s+|-)(?:calendar\s+|working\s+)?${UNIT}\b`, 'gi');

/** Every figure in a text, in order of kind. */
export function figuresIn(text: string): Figure[] {
  const out: Figure[] = [];
  for (const m of text.matchAll(POWER)) {
    const exponent = m[1] ?? Array.from(m[2] ?? '', (c) => String(SUPERSCRIPT.indexOf(c))).join('');
    out.push({ kind: 'power', key: `power:${Number(exponent)}`, text: m[0] });
  }
  for (const m of text.matchAll(FLAT_POWER)) {
    if (FLOATING_POINT.test(text.slice(Math.max(0, m.index - 200), m.index + 200))) out.push({ kind: 'power', key: `power:${Number(m[1])}`, text: m[0] });
  }
  for (const pattern of [AMOUNT, AMOUNT_AFTER]) {
    for (const m of text.matchAll(pattern)) {
      const value = numberValue(m[1] ?? '') * (SCALE[(m[2] ?? '').toLowerCase()] ?? 1);
      out.push({ kind: 'amount', key: `amount:${value}`, text: m[0] });
    }
  }
  for (const m of text.matchAll(PERCENT)) out.push({ kind: 'percent', key: `percent:${numberValue(m[1] ?? '')}`, text: m[0] });
  for (const m of text.matchAll(DURATION)) {
    const n = NUMBER_WORDS[(m[1] ?? '').toLowerCase()] ?? Number(m[1]);
    out.push({ kind: 'duration', key: `duration:${n} ${(m[2] ?? '').toLowerCase().replace(/s$/, '')}`, text: m[0] });
  }
  return out;
}
