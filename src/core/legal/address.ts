/**
 * The legal-address kernel: where a provision sits in its instrument (Address), and its pinpoint as people write
 * it ("Art. 5(1)(f)", "Recital 44", "Annex III, point 4", "GOVERN 1.6", "§ 3(b)(1)"): read, written, anchored
 * (art-5-1-f), compared (within, spans and ranges). Pinpoints found in running text are in mentions.ts, framework
 * item identifiers in framework.ts, provision headings in headings.ts. Nothing here names a particular document.
 */
import { FRAMEWORK_GROUP } from './framework.js';

/** `statute`: a section of an act numbered by sections (§ 3(b)(1)); `section`: a numbered heading of any other document. */
export type AddressKind = 'article' | 'recital' | 'annex' | 'framework' | 'statute' | 'section';

/** Where a line or heading sits in its instrument: "Art. 5(1)(f)" is { article, id 5, parts [1, f] }. */
export interface Address {
  kind: AddressKind;
  /** Article, recital or statute section number, Annex numeral, framework identifier or section label. */
  id: string;
  /** An Annex's own sub-division ("Section A"). */
  part?: string;
  /** Paragraph, point and sub-point below `id`. */
  parts: string[];
}

/** A statute section's number: "2", "4.2", "6-1-1702", "10A". */
export const STATUTE_NUMBER = String.raw`\d+[A-Za-z]?(?:[.-]\d+[A-Za-z]?)*`;
/** Roman numerals from i to xxxix, in order: sub-point labels, and (in upper case) Annex numbers. */
export const ROMAN = Array.from({ length: 39 }, (_, i) => `${['', 'x', 'xx', 'xxx'][Math.floor((i + 1) / 10)] ?? ''}${['', 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix'][(i + 1) % 10] ?? ''}`);

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** The address as path segments from the instrument down: what ranges and containment compare. */
export function addressKey(a: Address): string[] {
  return [a.kind, a.id, ...(a.part === undefined ? [] : [a.part]), ...a.parts];
}

const paren = (parts: readonly string[]) => parts.map((p) => `(${p})`).join('');

function head(a: Address): string {
  switch (a.kind) {
    case 'article':
      return `Art. ${a.id}`;
    case 'recital':
      return `Recital ${a.id}`;
    case 'annex':
      return `Annex${a.id === '' ? '' : ` ${a.id}`}${a.part === undefined ? '' : `, ${a.part}`}`;
    case 'framework':
      return a.id;
    case 'statute':
      return `§ ${a.id}`;
    case 'section':
      return /^\d/.test(a.id) ? `Section ${a.id}` : a.id;
  }
}

/** "Art. 5(1)(f)", "Recital 44", "Annex III, point 4(a)", "GOVERN 1.6", "Section 3.4". */
export function formatPinpoint(a: Address): string {
  if (a.kind === 'annex' && a.parts.length > 0) return `${head(a)}, point ${a.parts[0]}${paren(a.parts.slice(1))}`;
  return `${head(a)}${paren(a.parts)}`;
}

/**
 * The pinpoint of a run of elements from `a` to `b`: a range of siblings ("Arts. 5(1)(e)-(g)", "Recitals 44-46",
 * "Annex III, points 1-2"), otherwise their closest common element ("Art. 5(1)").
 */
export function formatRange(a: Address, b: Address): string {
  // A run that ends in a deeper or shallower element than it starts is read at the shallower level.
  const level = Math.min(a.parts.length, b.parts.length);
  if (a.parts.length !== b.parts.length && a.kind === b.kind && a.id === b.id && a.part === b.part && level > 0) {
    return formatRange({ ...a, parts: a.parts.slice(0, level) }, { ...b, parts: b.parts.slice(0, level) });
  }
  const ka = addressKey(a);
  const kb = addressKey(b);
  if (ka.join('\u001f') === kb.join('\u001f')) return formatPinpoint(a);
  if (a.kind === 'recital' && b.kind === 'recital') return `Recitals ${a.id}-${b.id}`;
  const siblings = ka.length === kb.length && ka.slice(0, -1).join('\u001f') === kb.slice(0, -1).join('\u001f') && a.parts.length > 0;
  if (siblings) {
    const last = b.parts.at(-1) ?? '';
    if (a.kind === 'annex') {
      return a.parts.length === 1 ? `${head(a)}, points ${a.parts[0]}-${last}` : `${formatPinpoint(a)}-(${last})`;
    }
    if (a.kind === 'article') return `Arts. ${a.id}${paren(a.parts)}-(${last})`;
    if (a.kind === 'statute') return `${formatPinpoint(a)}-(${last})`;
  }
  let common = 0;
  while (common < Math.min(ka.length, kb.length) && ka[common] === kb[common]) common++;
  if (common < 2) return formatPinpoint(a);
  const partsStart = ka.length - a.parts.length;
  return formatPinpoint({ ...a, parts: a.parts.slice(0, Math.max(0, common - partsStart)) });
}

/** The docs page anchor of an element: "Art. 5(1)(f)" → art-5-1-f, "§ 3(b)(1)" → sec-3-b-1. */
export function pinpointAnchor(a: Address): string {
  return formatPinpoint(a)
    .replace('§', 'sec')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** "§ 3(b)", "Sec. 4.2", "Section 3(b)"; "Section 3.4" alone is a numbered heading, not a statute's section. */
const STATUTE_PINPOINT = new RegExp(String.raw`^(?:§{1,2}\s*|Secs?\.?\s*|Sections?\s+(?=[\w.-]+\s*\())(${STATUTE_NUMBER})((?:\s*\(\w+\))*)$`, 'i');

/**
 * Reads a pinpoint as people write it ("Art 5(1)(f)", "Article 99(3)", "recital 44", "Annex III point 4",
 * "GOVERN 1.6"); undefined when the text is not one.
 */
export function parsePinpoint(text: string): Address | undefined {
  const t = text.trim();
  const article = /^(?:Art(?:icle)?s?\.?)\s*(\d+[a-z]?)((?:\s*\(\w+\))*)$/i.exec(t);
  if (article) return { kind: 'article', id: article[1] ?? '', parts: parenParts(article[2] ?? '') };
  const recital = /^Recitals?\s+(\d+)$/i.exec(t);
  if (recital) return { kind: 'recital', id: recital[1] ?? '', parts: [] };
  const annex = /^Annex(?:\s+([IVXLC]+))?(?:,?\s*(Section|Part)\s+([A-Z]|\d+))?(?:,?\s*points?\s+(\d+(?:\.\d+)*)((?:\s*\(\w+\))*))?$/i.exec(t);
  if (annex) {
    const parts = annex[4] === undefined ? [] : [annex[4], ...parenParts(annex[5] ?? '')];
    const a: Address = { kind: 'annex', id: (annex[1] ?? '').toUpperCase(), parts };
    if (annex[2] !== undefined) a.part = `${capitalise(annex[2])} ${annex[3] ?? ''}`;
    return a;
  }
  if (FRAMEWORK_GROUP.test(t)) return { kind: 'framework', id: t, parts: [] };
  const statute = STATUTE_PINPOINT.exec(t);
  if (statute) return { kind: 'statute', id: statute[1] ?? '', parts: parenParts(statute[2] ?? '') };
  const section = /^(?:Section\s+(\d+(?:\.\d+)*)|(Appendix|Part)\s+([A-Z]|\d+))$/i.exec(t);
  if (section) return { kind: 'section', id: section[1] ?? `${capitalise(section[2] ?? '')} ${section[3] ?? ''}`, parts: [] };
  return undefined;
}

/** The labels of "(1)(f)": ['1', 'f']. */
export function parenParts(text: string): string[] {
  return Array.from(text.matchAll(/\((\w+)\)/g), (m) => m[1] ?? '');
}

/** True when `inner` is `outer` or lies within it (Art. 5(1)(f) within Art. 5). */
export function within(inner: Address, outer: Address): boolean {
  const ki = addressKey(inner);
  const ko = addressKey(outer);
  return ko.length <= ki.length && ko.every((segment, i) => segment === ki[i]);
}

/** A chunk's pinpoint read back as the first and last element it covers ("Arts. 5(1)(e)-(g)": 5(1)(e) to 5(1)(g)). */
export function pinpointSpan(pinpoint: string): { from: Address; to: Address } | undefined {
  const single = parsePinpoint(pinpoint);
  if (single !== undefined) return { from: single, to: single };
  const recitals = /^Recitals (\d+)-(\d+)$/.exec(pinpoint);
  if (recitals) return { from: { kind: 'recital', id: recitals[1] ?? '', parts: [] }, to: { kind: 'recital', id: recitals[2] ?? '', parts: [] } };
  const points = /^(Annex(?: [IVXLC]+)?(?:, (?:Section|Part) \w+)?), points (\S+)-(\S+)$/.exec(pinpoint);
  if (points) {
    const from = parsePinpoint(`${points[1]}, point ${points[2]}`);
    const to = parsePinpoint(`${points[1]}, point ${points[3]}`);
    return from && to ? { from, to } : undefined;
  }
  const range = /^(.*)-\((\w+)\)$/.exec(pinpoint.replace(/^Arts\./, 'Art.'));
  const from = range ? parsePinpoint(range[1] ?? '') : undefined;
  if (!range || from === undefined || from.parts.length === 0) return undefined;
  return { from, to: { ...from, parts: [...from.parts.slice(0, -1), range[2] ?? ''] } };
}

/** Order of a paragraph, point or sub-point label among its siblings: 3.1 < 3.2, (a) < (b), (ii) < (iv). */
function ordinal(label: string): number {
  if (/^\d/.test(label)) return label.split('.').reduce((sum, n, i) => sum + Number(n) / 1000 ** i, 0);
  const roman = ROMAN.indexOf(label);
  return label.length > 1 && roman >= 0 ? roman + 1 : label.charCodeAt(0) - 96;
}

/** True when a chunk covering `span` holds part of `wanted`, or all of it. */
export function spanMeets(span: { from: Address; to: Address }, wanted: Address): boolean {
  const { from, to } = span;
  if (within(from, wanted) || within(to, wanted) || within(wanted, from)) return true;
  const kf = addressKey(from);
  // A single element meets only what contains it or what it contains: Annex II does not meet Annex III.
  if (kf.join('\u001f') === addressKey(to).join('\u001f')) return false;
  const kw = addressKey(wanted).slice(0, kf.length);
  if (kw.length < kf.length || kf.slice(0, -1).join('\u001f') !== kw.slice(0, -1).join('\u001f')) return false;
  const at = (key: string[]) => ordinal(key.at(-1) ?? '');
  const inside = at(kf) <= at(kw) && at(kw) <= at(addressKey(to));
  return from.kind === 'recital' ? Number(from.id) <= Number(wanted.id) && Number(wanted.id) <= Number(to.id) : inside;
}
