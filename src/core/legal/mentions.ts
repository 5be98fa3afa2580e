/**
 * Pinpoints written in running text: as a question cites them ("Art 5(1)(f)", "Articles 9, 10 and 11", "Arts. 8 to
 * 15", "Annex III point 4", "recital 44", "GOVERN 1.6", "§ 3(b)(1)"; `findPinpoints`), and as a document mentions
 * them (`MENTION`, read within the provision it stands in), with the list and range reading both share. Part of the
 * legal-address kernel (address.ts).
 */
import { ROMAN, STATUTE_NUMBER, parenParts, parsePinpoint, type Address } from './address.js';
import { FRAMEWORK_ID } from './framework.js';

/** A statute section as a question cites it: "§ 3(b)", "Sec. 4.2", "section 3(b)"; a bare "Section 2" is a heading's number. */
const STATUTE_MENTION = String.raw`§§?\s*${STATUTE_NUMBER}(?:\s*\(\w{1,4}\))*|\bSecs?\.\s*${STATUTE_NUMBER}(?:\s*\(\w{1,4}\))*|\bSections?\s+${STATUTE_NUMBER}(?:\s*\(\w{1,4}\))+`;
const LEGAL_MENTION = new RegExp(
  String.raw`\b(?:Art(?:icle)?s?\.?\s*\d+[a-z]?(?:\s*\(\w{1,4}\))*|Recitals?\s+\d+|Annex(?:es)?\s+[IVXLC]+\b(?:,?\s*(?:Section|Part)\s+[A-Z0-9]\b)?(?:,?\s*points?\s+\d+(?:\.\d+)*(?:\s*\(\w{1,4}\))*)?)|${STATUTE_MENTION}`,
  'gi',
);
/** Framework identifiers are upper case by definition; matched without the case-insensitive flag, not inside a longer code. */
const FRAMEWORK_MENTION = new RegExp(String.raw`(?<![\w.-])(?:${FRAMEWORK_ID})\b`, 'g');

/** What joins the numbers of a list: "9, 10 and 11", "8 to 15", "4(1) and (2)", "5, 6, and 7", "4 through 6". */
const LIST_JOIN = String.raw`\s*(?:,\s*(?:and\/or|and|or)?|and\/or|and|or|to|through|-|–)\s*`;
/** One further item of a list in a question: "and 10", "to 15", "and (b)", "and Article 12". */
const QUESTION_LIST_ITEM = new RegExp(String.raw`(${LIST_JOIN})(?:(?:Art(?:icle)?s?\.?|Recitals?|points?|Secs?\.|§§?|Annex(?:es)?)\s*)?(?:(\d+[a-z]?|[IVXLC]+\b)((?:\s*\(\w{1,4}\))*)|((?:\s*\(\w{1,4}\))+))`, 'iy');

/** Pinpoints written in a text, with where they stand; a list after one ("Articles 9 and 10") names each. */
export function citations(text: string): { address: Address; at: number; end: number }[] {
  const found: { address: Address; at: number; end: number }[] = [];
  for (const match of text.matchAll(LEGAL_MENTION)) {
    const head = parsePinpoint(match[0].replace(/\s+(?=\()/g, '').replace(/^annex(?:es)?\s+(\w+)/i, (_, n: string) => `Annex ${n.toUpperCase()}`));
    if (head === undefined) continue;
    const end = match.index + match[0].length;
    found.push({ address: head, at: match.index, end });
    const plural = /^(?:Art(?:icle)?s\b|Recitals\b|Annexes\b|§§|Secs\.|Sections\b)|\bpoints\s/i.test(match[0]);
    const numbered = (number: string, parts: string) => listedAddress(head, number, parts, /^annexes\b/i.test(match[0]));
    for (const item of listItems(text, end, head, QUESTION_LIST_ITEM, (word) => plural || /[a-z§]/i.test(word), numbered)) {
      found.push(...item.addresses.map((address) => ({ address, at: item.at, end: item.end })));
    }
  }
  for (const match of text.matchAll(FRAMEWORK_MENTION)) found.push({ address: { kind: 'framework', id: match[0], parts: [] }, at: match.index, end: match.index + match[0].length });
  return found;
}

/** Pinpoints written in a text ("Art 5(1)(f)", "Articles 9 and 10", "recital 44", "Annex III point 4", "GOVERN 1.6"). */
export function findPinpoints(text: string): Address[] {
  return citations(text).map((c) => c.address);
}

/** The text without its pinpoints: what else a query asks besides the provision it cites. */
export function stripCitations(text: string): string {
  let out = text;
  for (const { at, end } of citations(text)) out = out.slice(0, at) + ' '.repeat(end - at) + out.slice(end);
  return out;
}

/**
 * What a number in a list after `head` names: an Article (or recital, or section) of that number; after an Annex a
 * point of it, or after "Annexes" another Annex by its Roman number ("Annexes VI and VII"). A Roman numeral anywhere
 * else, or written in lower case, ends the list.
 */
function listedAddress(head: Address, number: string, parts: string, annexes: boolean): Address | undefined {
  const roman = /^[IVXLC]+$/i.test(number);
  if (roman) return annexes && /^[IVXLC]+$/.test(number) ? { kind: 'annex', id: number, parts: parenParts(parts) } : undefined;
  if (annexes) return undefined;
  return head.kind === 'annex' ? { ...head, parts: [number, ...parenParts(parts)] } : { ...head, id: number, parts: parenParts(parts) };
}

/** A range longer than this is not spelled out ("Articles 1 to 113" names the act, not 113 provisions). */
const MAX_RANGE = 30;

/**
 * The further provisions a list after a mention of `head` names, read from text[from…] with `pattern` (sticky; its
 * groups: the separator, a number and its parts, or labels alone): per item the provisions it names (those a
 * range passes over first) and where the item is written. A number continues the list only where `accepts` the
 * words written before it ("Article 12" after "Article 9 and"), or the head was a plural.
 */
function* listItems(
  text: string,
  from: number,
  head: Address,
  pattern: RegExp,
  accepts: (word: string) => boolean,
  numbered: (number: string, parts: string) => Address | undefined,
): Generator<{ addresses: Address[]; at: number; end: number }> {
  let last = head;
  let at = from;
  for (;;) {
    pattern.lastIndex = at;
    const item = pattern.exec(text);
    if (item === null) return;
    const [whole, separator = '', number, parts = '', parens = ''] = item;
    const end = item.index + whole.length;
    const written = end - (number ?? '').length - parts.length - parens.length;
    if (number !== undefined && !accepts(text.slice(item.index + separator.length, written))) return;
    const next = number === undefined ? siblingOf(last, parens) : numbered(number, parts);
    if (next === undefined) return;
    yield { addresses: rangeTo(last, next, separator), at: written, end };
    last = next;
    at = end;
  }
}

/**
 * "(2)" after "Article 4(1)", or after "Article 5(1), first subparagraph, point (h)": the deepest label of its kind
 * in `last` replaced; undefined when `last` has no label of that kind.
 */
function siblingOf(last: Address, parens: string): Address | undefined {
  const labels = parenParts(parens);
  const level = last.parts.findLastIndex((part) => sameKind(part, labels[0] ?? ''));
  return level < 0 ? undefined : { ...last, parts: [...last.parts.slice(0, level), ...labels] };
}

/** Labels of one level of a provision: numbers, letters ("(a)"), roman numerals ("(ii)", and "(i)" for either). */
function sameKind(a: string, b: string): boolean {
  const kind = (label: string) => (/^\d+$/.test(label) ? 'number' : /^[ivx]{2,}$/.test(label) ? 'roman' : /^[a-z]$/.test(label) ? 'letter' : 'other');
  const [ka, kb] = [kind(a), kind(b)];
  return ka === kb || (/^[ivx]$/.test(a) && kb === 'roman') || (/^[ivx]$/.test(b) && ka === 'roman');
}

/**
 * What a list separator names from `last` to `next`: `next` alone, or for "to" every sibling between and `next`
 * ("Articles 8 to 15", "paragraphs 3 to 5", "points (a) to (d)").
 */
function rangeTo(last: Address, next: Address, separator: string): Address[] {
  const depth = next.parts.length;
  const siblings = last.kind === next.kind && last.parts.length === depth && (depth === 0 || (last.id === next.id && last.parts.slice(0, -1).join() === next.parts.slice(0, -1).join()));
  const steps = siblings && /^(?:to|through|-|–)$/i.test(separator.trim()) ? labelsAfter(depth === 0 ? last.id : (last.parts.at(-1) ?? ''), depth === 0 ? next.id : (next.parts.at(-1) ?? '')) : undefined;
  if (steps === undefined) return [next];
  return steps.map((label) => (depth === 0 ? { ...next, id: label } : { ...next, parts: [...next.parts.slice(0, -1), label] }));
}

/**
 * The labels after `a` up to `b`, at most MAX_RANGE of them: both numbers, both single letters, or both Roman
 * numerals of one case ("(i) to (iii)", "Annexes VI to VIII"; two single letters such as "(i) to (v)" stay letters).
 */
function labelsAfter(a: string, b: string): string[] | undefined {
  const numbers = /^\d+$/.test(a) && /^\d+$/.test(b);
  const letters = /^[a-z]$/.test(a) && /^[a-z]$/.test(b);
  const upper = /^[IVXLC]+$/.test(a) && /^[IVXLC]+$/.test(b);
  const roman = !letters && (upper || (/^[ivxlc]+$/.test(a) && /^[ivxlc]+$/.test(b)));
  if (!numbers && !letters && !roman) return undefined;
  const value = (label: string) => (numbers ? Number(label) : roman ? ROMAN.indexOf(label.toLowerCase()) + 1 : label.charCodeAt(0));
  const [from, to] = [value(a), value(b)];
  if (!(to > from) || to - from > MAX_RANGE || (roman && from === 0)) return undefined;
  return Array.from({ length: to - from }, (_, i) => {
    const n = from + i + 1;
    if (numbers) return String(n);
    if (!roman) return String.fromCharCode(n);
    return upper ? (ROMAN[n - 1] ?? '').toUpperCase() : (ROMAN[n - 1] ?? '');
  });
}

// Mentions as documents write them, for cross-references between chunks (chunking/references.ts decides which
// instrument each means): "Article 5(1), first subparagraph, point (h)", "points 2 to 8 of Annex III", "paragraph
// 2" within an Article, "subsection (b)" within a statute section.

/** The same between Articles, which may repeat the word: "Article 9 and Article 10". */
const LIST_WORD = String.raw`(?:(?:Articles?|Arts?\.|[Ss]ections?|Secs?\.|§§?)\s*)?`;
export const LIST_SEPARATOR = String.raw`${LIST_JOIN}${LIST_WORD}`;
const PARTS = String.raw`(?:\(\w{1,4}\))*`;
const ORDINAL = '(?:first|second|third|fourth|fifth|sixth)';
/**
 * "Article 27", "Article 5(1)(f)", "Art. 99(3)", "Articles 16" (the first of a list; `mentionList` reads the rest),
 * "Article 5(1), first subparagraph, point (h)", "point (a) of Article 10(2)", "paragraph 1 of Article 9", and
 * within an Article "paragraph 2" or "paragraphs 1 and 2 of this Article"; "Annex III", "point 2 of Annex III",
 * "points 2 to 8 of Annex III", "Annex III, point 1(a)", "recital 44", and a framework item such as "GOVERN 1.6" or
 * "GV.OC-01" (upper case by definition, not part of a longer code); in an act numbered by sections, "section 2",
 * "Sec. 4.2(a)", "§ 3(b)(1)", which name nothing in a source without such sections, and within a section
 * "subsection (b)" or "paragraph (2)".
 */
export const MENTION = new RegExp(
  [
    String.raw`\b(?:(?:Articles?|Arts?\.)\s*(?<art>\d+[a-z]?)(?<artParts>${PARTS})(?:,\s+${ORDINAL}\s+subparagraph,\s+points?\s+\((?<artPoint>\w{1,4})\)(?!\s+of\b))?`,
    String.raw`points?\s+\((?<pt>\w{1,4})\)(?<ptList>(?:${LIST_JOIN}\(\w{1,4}\))*)\s+of\s+(?:Article|Art\.)\s+(?<ptArt>\d+[a-z]?)(?<ptArtParts>${PARTS})`,
    // "paragraph 3 of Annex VII" or "of Regulation …" is not this Article's: only a bare one, or "of this Article".
    String.raw`paragraphs?\s+(?<para>\d+)(?<paraParts>${PARTS})(?<paraList>(?:${LIST_JOIN}\d+${PARTS})*)(?:\s+of\s+(?:this\s+Article|(?:Article|Art\.)\s+(?<paraArt>\d+[a-z]?))|(?!\s+of\b))(?:,\s+(?:${ORDINAL}\s+subparagraph,\s+)?points?\s+\((?<paraPoint>\w{1,4})\)(?!\s+of\b))?`,
    String.raw`points?\s+(?<apt>\d+)(?<aptParts>${PARTS})(?<aptList>(?:${LIST_JOIN}\d+${PARTS})*)\s+of\s+Annex\s+(?<aptAnnex>[IVXLC]+)\b`,
    String.raw`Annex(?:es)?\s+(?<annex>[IVXLC]+)\b(?:,?\s+points?\s+(?<annexPoint>\d+)(?<annexPointParts>${PARTS}))?`,
    String.raw`[Rr]ecitals?\s+(?<recital>\d+)`,
    String.raw`(?<![.-])(?<item>${FRAMEWORK_ID})\b`,
    // A subdivision named by its kind, as bills and statutes name them: "subsection (b)", "paragraph (1) of this section".
    String.raw`(?<level>subsection|paragraph|subparagraph|sub-paragraph|clause)s?\s+(?<rel>\(\w{1,4}\))(?<relList>(?:${LIST_JOIN}\(\w{1,4}\))*)(?:\s+of\s+(?:this\s+(?:section|Article)|section\s+(?<relSection>${STATUTE_NUMBER}))|(?!\s+of\b))`,
    String.raw`[Ss]ec(?:tion)?s?\.?\s+(?<section>${STATUTE_NUMBER})(?<sectionParts>${PARTS}))`,
    String.raw`§§?\s*(?<sign>${STATUTE_NUMBER})(?<signParts>${PARTS})`,
  ].join('|'),
  'g',
);

/**
 * A mention's own address, whoever it belongs to. A paragraph named without its Article ("paragraph 2") is read
 * within the Article `within` the mention stands in, and names nothing elsewhere.
 */
export function mentionAddress(match: RegExpMatchArray, within?: Address): Address | undefined {
  const g = match.groups ?? {};
  if (g.item !== undefined) return { kind: 'framework', id: g.item, parts: [] };
  if (g.section !== undefined || g.sign !== undefined) return parsePinpoint(`§ ${g.section ?? g.sign ?? ''}${g.sectionParts ?? g.signParts ?? ''}`);
  if (g.recital !== undefined) return parsePinpoint(`Recital ${g.recital}`);
  if (g.aptAnnex !== undefined) return parsePinpoint(`Annex ${g.aptAnnex}, point ${g.apt ?? ''}${g.aptParts ?? ''}`);
  if (g.annex !== undefined) return parsePinpoint(`Annex ${g.annex}${g.annexPoint === undefined ? '' : `, point ${g.annexPoint}${g.annexPointParts ?? ''}`}`);
  if (g.ptArt !== undefined) return parsePinpoint(`Art. ${g.ptArt}${g.ptArtParts ?? ''}(${g.pt ?? ''})`);
  if (g.rel !== undefined) return subdivision(g.level ?? '', g.rel, g.relSection, within);
  if (g.para !== undefined) {
    const article = g.paraArt ?? (within?.kind === 'article' ? within.id : undefined);
    return article === undefined ? undefined : parsePinpoint(`Art. ${article}(${g.para})${g.paraParts ?? ''}${g.paraPoint === undefined ? '' : `(${g.paraPoint})`}`);
  }
  return parsePinpoint(`Art. ${g.art ?? ''}${g.artParts ?? ''}${g.artPoint === undefined ? '' : `(${g.artPoint})`}`);
}

/** The levels of a statute section below it, by the names drafters give them (US and UK alike). */
const SUBDIVISIONS = ['subsection', 'paragraph', 'subparagraph', 'clause'];

/**
 * "subsection (b)" or "paragraph (1)" in the section or Article `within` ("subsection (b) of section 2" names its
 * section): the labels above the named level are those of the subdivision the mention stands in, so "paragraph (2)"
 * in § 3(a)(1) is § 3(a)(2). An Article's "paragraph (1)" (translated statutes) is its numbered paragraph.
 */
function subdivision(level: string, labels: string, section: string | undefined, within: Address | undefined): Address | undefined {
  const depth = SUBDIVISIONS.indexOf(level.replace('-', ''));
  const parts = parenParts(labels);
  if (section !== undefined) return depth === 0 ? { kind: 'statute', id: section, parts } : undefined;
  if (within?.kind === 'statute' && within.parts.length >= depth) return { ...within, parts: [...within.parts.slice(0, depth), ...parts] };
  if (within?.kind === 'article' && depth === 1) return { ...within, parts };
  return undefined;
}

/** Where a mention, or a provision a list names with it, stands in the text; empty (`at` = `end`) when unwritten. */
export interface Mentioned {
  address: Address;
  at: number;
  end: number;
}

/** One further item of a list: "and 11", ", 10(2)", "to 15", "and (2)", "and Article 12", after "Annexes" "and VII". */
const LIST_ITEM = new RegExp(String.raw`(${LIST_JOIN})${LIST_WORD}(?:(\d+[a-z]?|[IVXLC]+\b)(${PARTS})|((?:\(\w{1,4}\))+))`, 'y');
/**
 * The mention and the provisions a list with it names, each where it stands: after it, "Articles 9, 10 and 11",
 * "Articles 8 to 15" (the Articles between are named but not written), "Article 4(1) and (2)" (a sibling paragraph),
 * "Annexes VI and VII", "Article 2(1)(a)(i) to (iii)";
 * inside it, "points 2 to 8 of Annex III", "paragraphs 1 and 2", "points (a) and (b) of Article 10(2)" (the mention
 * links to its first). Bare numbers continue only a plural ("Articles", "points", "recitals", "sections"): "Article 6
 * and 7 months" lists nothing.
 */
export function mentionList(text: string, match: RegExpMatchArray, head: Address): Mentioned[] {
  const at = match.index ?? 0;
  const end = at + match[0].length;
  const out: Mentioned[] = [{ address: head, at, end }];
  // A number in a list names an Article (or recital), or the first part below it: a paragraph, an Annex point;
  // after "Annexes", a Roman numeral names another Annex.
  const annexes = /^Annexes\b/.test(match[0]);
  const numbered = (number: string, parts: string): Address | undefined =>
    match.groups?.para !== undefined ? { ...head, parts: [number, ...parenParts(parts)] } : listedAddress(head, number, parts, annexes);
  const inner = match.groups?.aptList ?? match.groups?.paraList ?? match.groups?.ptList ?? match.groups?.relList;
  if (inner !== undefined) {
    for (const { addresses } of listItems(inner, 0, head, LIST_ITEM, () => true, numbered)) out.push(...addresses.map((address) => ({ address, at: end, end })));
    return out;
  }
  const plural = /^(?:Articles|Arts\.|[Rr]ecitals|Annexes|[Ss]ections|Secs\.)\b|^§§|\bpoints\s/.test(match[0]);
  if (head.kind !== 'article' && head.kind !== 'recital' && head.kind !== 'statute' && !(head.kind === 'annex' && plural)) return out;
  for (const { addresses, at: written, end: stop } of listItems(text, end, head, LIST_ITEM, (word) => plural || /Art|[Ss]ec|§/.test(word), numbered)) {
    // The provisions a range passes over are named, not written: no link of their own.
    out.push(...addresses.map((address, i) => (i < addresses.length - 1 ? { address, at: written, end: written } : { address, at: written, end: stop })));
  }
  return out;
}
