import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import { FRAMEWORK_GROUP_ID, frameworkGroupOf, frameworkItemIds, itemLabel } from '../legal/framework.js';
import { ACT_NUMBER, type Block, cleanText } from './blocks.js';

/**
 * A PDF with a text layer, read with pdfjs-dist's legacy (Node) build. The text is rebuilt from positioned
 * text runs, with nothing specific to one document:
 *
 * - lines: runs on one baseline, in the content stream's order; a run that moves up the page starts a new
 *   column or table cell, and those blocks are read top to bottom, left to right;
 * - running headers and footers: lines in the top or bottom eighth of the page whose words (digits and order
 *   ignored) recur on several pages, and page numbers there; text set sideways in a side margin; table-of-contents
 *   lines with dot leaders;
 * - footnotes: smaller type below a page's text, from a line opening on a note's label, moved to the end;
 * - paragraphs: a vertical gap clearly larger than the document's line spacing, a change of type size,
 *   a bullet or an identifier starts a new one, and so does a numbered paragraph or a point ("2. …", "(a) …",
 *   "b) …") after a line that ends a sentence or a clause; words hyphenated at a line end are joined when the document
 *   itself uses the joined word (else the hyphen stays if the document uses the hyphenated form), and so are the
 *   pieces of a word cut where the text layer lacks the hyphen;
 * - headings: the PDF's own outline (bookmarks), matched to the lines on the bookmarked page; a numbered
 *   heading ("1.2.1 Risk Tolerance") gets its level from the number, others from the outline depth. Without an
 *   outline, lines set larger than the body text are headings, ranked by size (on a page without body text,
 *   a cover, only the largest), with numbered lines in body type below a numbered one ("2.2.1" under "2.2");
 *   failing that, short numbered lines that do not end like a sentence. Titles set centred in body type, as
 *   the Official Journal sets "Article 5" over its title in every language, are headings too (its masthead above
 *   the act's title dropped); without those, labels at the left
 *   margin ("Article 1 – Object and purpose", "Chapter I – General provisions"), as conventions and many national
 *   acts set them, when there are two Articles or more. A heading set over two lines is one;
 * - framework identifiers at the start of a paragraph: an item's ("GOVERN 1.6: ...", "GV.OC-01: ...", counted
 *   as the chunker counts them) makes a list item; a group's ("GOVERN 1: ...", "GV.OC: ...", "Organizational
 *   Context (GV.OC): ...") a heading one level below the current section.
 */
export interface PdfDocument {
  blocks: Block[];
  meta: PdfMeta;
  pages: number;
}

export interface PdfMeta {
  title?: string;
  author?: string;
  subject?: string;
  /** YYYY-MM-DD: the Official Journal issue's date its header prints, else the PDF's creation date. */
  created?: string;
  language?: string;
  /** The first DOI the opening pages state, e.g. `10.6028/NIST.AI.100-1`. */
  doi?: string;
  /** The ELI an EU act states after its text ("ELI: http://data.europa.eu/eli/reg/2024/1689/oj"). */
  eli?: string;
}

/** Why a PDF cannot be ingested, in words for the person who ran the command. */
export class PdfProblem extends Error {}

interface Line {
  page: number;
  x: number;
  /** Baseline, in points from the bottom of the page. */
  y: number;
  /** The page's height in points. */
  height: number;
  /** Where the line ends, and the page's width, in points: what tells a centred line. */
  end: number;
  width: number;
  size: number;
  text: string;
  drop?: boolean;
  heading?: number;
}

interface Item {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** A paragraph opening on a group's identifier: "GOVERN 1: …", "GV.OC: …". */
const GROUP_LINE = new RegExp(String.raw`^(${FRAMEWORK_GROUP_ID})(?::|\s[–—-])\s*`);
/** A group named after its title: "Organizational Context (GV.OC): …". */
const NAMED_GROUP = new RegExp(String.raw`^[A-Z][^():]{1,120}\((${FRAMEWORK_GROUP_ID})\):\s`);
const BULLET = /^[•◦▪▫●○■□►▸‣⁃∙·]\s*/;
/** "2. Each Party …", "(a) …", "b) …": how a numbered paragraph or a point opens. */
const PROVISION_OPENING = /^(?:\d{1,3}\.|\((?:[a-z]{1,4}|\d{1,3})\)|[a-z][.)])\s+\S/;

export async function readPdf(data: Uint8Array): Promise<PdfDocument> {
  let doc: PDFDocumentProxy;
  try {
    // pdf.js takes over (detaches) the buffer it is given; the caller keeps its own.
    doc = await getDocument({ data: data.slice(), verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false }).promise;
  } catch (error) {
    throw new PdfProblem(`is not a readable PDF (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    const lines: Line[] = [];
    for (let p = 1; p <= doc.numPages; p++) lines.push(...(await pageLines(doc, p)));
    const chars = lines.reduce((n, line) => n + line.text.replace(/\s/g, '').length, 0);
    if (chars < 20 * doc.numPages && chars < 500) {
      throw new PdfProblem(`has no text layer (${chars} characters of text on ${doc.numPages} page(s)); scanned pages need OCR first`);
    }
    dropRunningLines(lines, doc.numPages);
    const notes = takeFootnotes(lines);
    const matched = await markOutlineHeadings(doc, lines);
    if (matched === 0) {
      const large = markLargeTypeHeadings(lines);
      if (large) {
        demoteCoverLines(lines);
        markNumberedSubheadings(lines);
      }
      const centred = markCentredHeadings(lines);
      // A bill centres its divisions and titles and heads its sections at the margin.
      if (centred) markStatuteSections(lines);
      else if (!markLabelledHeadings(lines) && !large) markNumberedHeadings(lines);
      joinHeadingLines(lines);
    } else {
      // The Official Journal's PDFs bookmark only the act's title and its annexes: their Articles are still set
      // centred in body type. Numbered labels only: a bookmarked report's centred "GOVERN" is a title page's.
      markCentredHeadings(lines, true);
    }
    const meta = await readMeta(doc, lines);
    return { blocks: toBlocks(lines, notes), meta, pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}

/**
 * Splits each run-in Article (RUN_IN) into its heading line, "Article 1 (Purpose)", and the first line of its text.
 * Only where such lines number the Articles in order from Article 1, with a title in brackets or a caption above,
 * so that a paragraph which happens to open on "Article 5 (…)" stays text.
 */
function splitRunInArticles(lines: Line[]): void {
  const found: { at: number; label: string; title: string; rest: string; caption: boolean }[] = [];
  let last = 0;
  lines.forEach((line, at) => {
    const m = line.drop || line.heading !== undefined ? null : RUN_IN.exec(line.text);
    if (!m) return;
    const before = lines.slice(0, at).reverse().find((l) => !l.drop);
    const caption = m[3] === undefined && before !== undefined && before.heading === undefined && CAPTION.test(before.text);
    const n = Number(m[2]);
    if ((m[3] === undefined && !caption) || n <= last || (last === 0 && n !== 1)) return;
    found.push({ at, label: m[1] ?? '', title: m[3] ?? (caption ? (before?.text ?? '') : ''), rest: m[4] ?? '', caption });
    last = n;
  });
  if (found.length < 2) return;
  for (const { at, label, title, rest, caption } of found.reverse()) {
    const line = lines[at] as Line;
    if (caption) (lines.slice(0, at).reverse().find((l) => !l.drop) as Line).drop = true;
    lines.splice(at, 1, { ...line, text: `${label} ${title}` }, { ...line, text: rest });
  }
}

/**
 * The line numbers a bill or a court filing prints in its left margin ("1" … "25" down every page): bare numbers
 * at one x, at least LINE_NUMBERS of them, counting up by one from the top, all left of the page's text.
 */
function lineNumbers(items: readonly Item[]): Set<Item> {
  const numbers = items.filter((item) => /^\s*\d{1,3}\s*$/.test(item.str));
  // A column is aligned at its left edge or, as the Government Publishing Office sets "9" over "10", at its right.
  const edges: ((item: Item) => number)[] = [(item) => item.transform[4] ?? 0, (item) => (item.transform[4] ?? 0) + item.width];
  const found = new Set<Item>();
  for (const edge of edges) {
    const columns = new Map<number, Item[]>();
    for (const item of numbers) columns.set(Math.round(edge(item)), [...(columns.get(Math.round(edge(item))) ?? []), item]);
    for (const column of columns.values()) {
      if (column.length < LINE_NUMBERS) continue;
      const down = [...column].sort((a, b) => (b.transform[5] ?? 0) - (a.transform[5] ?? 0)).map((item) => Number(item.str.trim()));
      if (!down.every((n, i) => i === 0 || n === (down[i - 1] ?? 0) + 1)) continue;
      const textLeft = Math.min(...items.filter((item) => item.str.trim() !== '' && !column.includes(item)).map((item) => item.transform[4] ?? 0));
      if (Math.max(...column.map((item) => (item.transform[4] ?? 0) + item.width)) < textLeft) column.forEach((item) => found.add(item));
    }
  }
  return found;
}

/** How many margin numbers make a column of line numbers. */
const LINE_NUMBERS = 5;

/** One page's lines, blocks of upward-moving runs sorted into reading order. */
async function pageLines(doc: PDFDocumentProxy, pageNumber: number): Promise<Line[]> {
  const page = await doc.getPage(pageNumber);
  const content = await page.getTextContent();
  const runs: Line[][] = [];
  let current: Line | undefined;
  let run: Line[] = [];
  const items = content.items.flatMap((raw) => ('str' in raw ? [raw as Item] : []));
  const numbering = lineNumbers(items);
  const [left = 0, bottom = 0, right = 612, top = 792] = page.view;
  // Text turned on its side in a side margin ("This publication is available free of charge from: …" up the
  // edge of every page) is furniture; turned text inside the page (a landscape figure's caption) is not.
  const sideways = (item: Item) =>
    (Math.abs(item.transform[1] ?? 0) > 0.01 || Math.abs(item.transform[2] ?? 0) > 0.01) && Math.min((item.transform[4] ?? 0) - left, right - (item.transform[4] ?? 0)) < 0.08 * (right - left);
  for (const item of items) {
    if (item.str === '' || numbering.has(item) || sideways(item)) continue;
    const x = item.transform[4] ?? 0;
    const y = item.transform[5] ?? 0;
    const size = item.height || Math.abs(item.transform[3] ?? 0);
    if (current && Math.abs(y - current.y) <= Math.max(2, 0.45 * Math.max(size, current.size)) && x >= current.end - Math.max(size, 2)) {
      const gap = x - current.end;
      const space = gap > 0.15 * Math.min(size, current.size) && !current.text.endsWith(' ') && !item.str.startsWith(' ');
      current.text += (space ? ' ' : '') + item.str;
      current.end = x + item.width;
      if (size > current.size) current.size = size;
      continue;
    }
    if (item.str.trim() === '') continue;
    // Moving up starts another column or table cell; a jump of several lines down leaves the current one.
    if (current && (y > current.y + 1 || current.y - y > 6 * Math.max(size, current.size))) {
      runs.push(run);
      run = [];
    }
    current = { page: pageNumber, x, y, height: 0, width: 0, size, text: item.str, end: x + item.width };
    run.push(current);
  }
  runs.push(run);
  page.cleanup();
  const tops = runs.filter((r) => r.length > 0).map((r) => ({ lines: r, top: Math.max(...r.map((l) => l.y)), left: Math.min(...r.map((l) => l.x)) }));
  tops.sort((a, b) => (Math.abs(a.top - b.top) > 2 ? b.top - a.top : a.left - b.left));
  return tops
    .flatMap((t) => t.lines)
    .map(({ page: p, x, y, end, size, text }) => ({ page: p, x: x - left, y: y - bottom, height: top - bottom, end: end - left, width: right - left, size, text: cleanText(text) }))
    .filter((line) => line.text !== '');
}

/** "12", "12 of 40", "ii": a bare page number. */
const PAGE_NUMBER = /^(?:\d{1,4}(?:\s*(?:\/|\p{L}{1,3})\s*\d{1,4})?|[ivxlc]{1,6})$/u;
/** "Page 12", "Seite 12 von 40", "L 119/3", "Page ii": a number after one word. */
const WORDED_NUMBER = /^(\p{L}+)\.?\s+(?:(\d{1,4})(?:\s*(?:\/|\p{L}{1,3})\s*(\d{1,4}))?|[ivxlc]{1,6})$/u;

/**
 * Drops lines in the top or bottom eighth of a page that recur (digits ignored) on at least three pages and a
 * fifth of them, page numbers there, and dot-leader lines of a table of contents. A word and a number alone is a
 * page number only where the number counts the pages (its distance from the page's own number recurs), since
 * "Article 9" opens the text at the top of a page as often as "Page 12" stands there.
 */
function dropRunningLines(lines: Line[], pages: number): void {
  const inMargin = (line: Line) => line.y > 0.88 * line.height || line.y < 0.12 * line.height;
  // Digits and word order ignored: "L 119/2 EN Official Journal 4.5.2016" on a left page is the right page's
  // "4.5.2016 EN Official Journal L 119/3".
  const key = (line: Line) => [...new Set(line.text.toLowerCase().match(/\p{L}+/gu) ?? [])].sort().join(' ') || line.text.replace(/\d+/g, '#');
  const bare = (line: Line) => line.text.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '');
  // Either number may count the pages: "Page 3 of 10" its first, the OJ's "L 119/3" its last.
  const counters = (line: Line): string[] | undefined => {
    const worded = WORDED_NUMBER.exec(bare(line));
    if (!worded) return undefined;
    const word = worded[1]?.toLowerCase();
    return [worded[2], worded[3]].flatMap((n, i) => (n === undefined ? [] : [`${word} ${i} ${Number(n) - line.page}`]));
  };
  const pagesOf = new Map<string, Set<number>>();
  for (const line of lines.filter(inMargin)) {
    for (const k of [key(line), ...(counters(line) ?? [])]) pagesOf.set(k, (pagesOf.get(k) ?? new Set()).add(line.page));
  }
  const seen = (k: string) => pagesOf.get(k)?.size ?? 0;
  for (const line of lines) {
    if (/(?:\.\s?){6,}|…{3,}/.test(line.text)) line.drop = true;
    if (!inMargin(line)) continue;
    const counted = counters(line);
    if (counted === undefined) {
      const k = seen(key(line));
      if (PAGE_NUMBER.test(bare(line)) || (k >= Math.min(3, Math.max(2, pages)) && k >= pages / 5)) line.drop = true;
    } else if (counted.length === 0 || counted.some((c) => seen(c) >= Math.min(3, Math.max(2, pages)))) {
      line.drop = true;
    }
  }
}

interface OutlineEntry {
  title: string;
  depth: number;
  page?: number;
}

/** Marks the lines the outline points at as headings; returns how many outline entries were found. */
async function markOutlineHeadings(doc: PDFDocumentProxy, lines: Line[]): Promise<number> {
  const entries: OutlineEntry[] = [];
  const visit = async (items: Awaited<ReturnType<PDFDocumentProxy['getOutline']>> | null, depth: number) => {
    for (const item of items ?? []) {
      entries.push({ title: cleanText(item.title), depth, ...(await destinationPage(doc, item.dest)) });
      await visit(item.items, depth + 1);
    }
  };
  await visit(await doc.getOutline(), 0);
  dropContentsEntries(lines, new Set(entries.map((entry) => norm(entry.title))));
  let matched = 0;
  let from = 0;
  for (const entry of entries) {
    const want = norm(entry.title);
    if (want === '') continue;
    // The bookmarked page first; outlines with broken destinations are searched onwards from the last match.
    const onPage = entry.page === undefined ? -1 : lines.findIndex((line) => line.page === entry.page);
    const found = (onPage >= 0 ? findHeading(lines, want, onPage, (entry.page ?? 0) + 1) : undefined) ?? findHeading(lines, want, from);
    if (!found) continue;
    const { index, label } = found;
    const line = lines[index];
    if (!line) continue;
    const numbered = /^\d+(?:\.\d+)*\.?$/.exec(label);
    line.heading = Math.min(6, numbered ? label.replace(/\.$/, '').split('.').length + 1 : entry.depth + 1);
    matched += 1;
    from = index + 1;
  }
  return matched;
}

/** Table-of-contents lines: an outline title (after an optional number) followed by a page number. */
function dropContentsEntries(lines: Line[], titles: ReadonlySet<string>): void {
  for (const line of lines) {
    const entry = /^(?:\S{1,10}\s+)?(.+?)\s+(?:\d{1,4}|[ivxlc]{1,6})$/.exec(line.text);
    if (!entry?.[1]) continue;
    if (titles.has(norm(entry[1])) || titles.has(norm(line.text.replace(/\s+(?:\d{1,4}|[ivxlc]{1,6})$/, '')))) line.drop = true;
  }
}

/** The first free line from `start` (up to `lastPage`) that is the heading `want`; a two-line heading is merged. */
function findHeading(lines: Line[], want: string, start: number, lastPage = Infinity): { index: number; label: string } | undefined {
  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    if (!line) break;
    if (line.page > lastPage) return undefined;
    if (line.drop || line.heading !== undefined) continue;
    const next = lines[i + 1];
    const one = headingMatch(line.text, want);
    const sameType = next !== undefined && next.page === line.page && Math.abs(next.size - line.size) <= 0.5;
    const joined = one === undefined && next && !next.drop && sameType ? headingMatch(`${line.text} ${next.text}`, want) : undefined;
    // Over two lines, the first must be part of the title or its whole label, not the end of a paragraph.
    const two = joined === '' || (joined !== undefined && norm(joined) === norm(line.text)) ? joined : undefined;
    const label = one ?? two;
    if (label === undefined) continue;
    if (two !== undefined && next) {
      line.text = `${line.text} ${next.text}`;
      next.drop = true;
    }
    return { index: i, label };
  }
  return undefined;
}

/** The label before the title when `text` is the outline title, optionally after a short number or label. */
function headingMatch(text: string, want: string): string | undefined {
  const n = norm(text);
  if (n === want) return '';
  if (!n.endsWith(want)) return undefined;
  const label = /^(\S{1,10})\s/.exec(text)?.[1];
  if (label && norm(label) === n.slice(0, n.length - want.length) && /^(?:\d+(?:\.\d+)*|[A-Z])[.:]?$/.test(label)) return label;
  return undefined;
}

async function destinationPage(doc: PDFDocumentProxy, dest: unknown): Promise<{ page?: number }> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit[0] === undefined || explicit[0] === null) return {};
    const target = explicit[0] as unknown;
    const index = typeof target === 'number' ? target : await doc.getPageIndex(target as Parameters<PDFDocumentProxy['getPageIndex']>[0]);
    return { page: index + 1 };
  } catch {
    return {};
  }
}

/** Without an outline: short lines set clearly larger than the body text are headings, the largest level 1. */
function markLargeTypeHeadings(lines: Line[]): boolean {
  const body = bodySize(lines);
  const candidates = lines.filter((l) => !l.drop && l.size >= body * 1.15 && l.text.length <= 120 && /\p{L}/u.test(l.text));
  const sizes = [...new Set(candidates.map((l) => Math.round(l.size * 2) / 2))].sort((a, b) => b - a);
  for (const line of candidates) line.heading = Math.min(4, sizes.indexOf(Math.round(line.size * 2) / 2) + 1);
  return candidates.length > 0;
}

/**
 * Without an outline or larger type: a short numbered line ("2.1 Scope") that does not end like a sentence is a
 * heading, its level from the depth of its number.
 */
function markNumberedHeadings(lines: Line[]): void {
  for (const line of lines) {
    const number = line.drop ? undefined : headingNumber(line);
    if (number) line.heading = Math.min(6, number.split('.').length + 1);
  }
}

/** The number of a line that reads as a numbered heading ("2.2.1 Records"): short, not ending like a sentence. */
function headingNumber(line: Line): string | undefined {
  const number = /^(\d+(?:\.\d+)*)\.?\s+\p{Lu}/u.exec(line.text)?.[1];
  return number !== undefined && line.text.length <= 80 && !/[.,;:!?]$/.test(line.text) ? number : undefined;
}

/**
 * A page without body text (a cover, a part's divider) sets its title in the largest type and the rest (edition,
 * publisher, date) in smaller type that is not a heading.
 */
function demoteCoverLines(lines: Line[]): void {
  const body = bodySize(lines);
  for (const page of keptByPage(lines)) {
    if (page.some((line) => line.heading === undefined && Math.abs(line.size - body) <= 0.5)) continue;
    const largest = Math.max(...page.map((line) => line.size));
    for (const line of page) if (line.heading !== undefined && line.size < largest - 0.5) delete line.heading;
  }
}

/** The lines not dropped, page by page, in reading order. */
function keptByPage(lines: readonly Line[]): Line[][] {
  const pages = new Map<number, Line[]>();
  for (const line of lines) {
    if (line.drop) continue;
    const page = pages.get(line.page);
    if (page) page.push(line);
    else pages.set(line.page, [line]);
  }
  return [...pages.values()];
}

/** Up to `count` lines not dropped after index `at`. */
function keptAfter(lines: readonly Line[], at: number, count: number): Line[] {
  const out: Line[] = [];
  for (let i = at + 1; i < lines.length && out.length < count; i++) if (!lines[i]?.drop) out.push(lines[i] as Line);
  return out;
}

/**
 * Numbered headings set in body type under larger ones ("2.2.1 Records" below "2.2 Sharing"): a short line whose
 * number extends a heading's number, that does not end like a sentence, is a heading one level below it.
 */
function markNumberedSubheadings(lines: Line[]): void {
  const levels = new Map<string, number>();
  for (const line of lines) {
    if (line.drop) continue;
    if (line.heading !== undefined) {
      const number = /^(\d+(?:\.\d+)*)\.?\s+\S/u.exec(line.text)?.[1];
      if (number !== undefined) levels.set(number, line.heading);
      continue;
    }
    const number = headingNumber(line);
    const parent = number === undefined ? undefined : levels.get(number.replace(/\.\d+$/, ''));
    if (number === undefined || parent === undefined || !number.includes('.')) continue;
    line.heading = Math.min(6, parent + 1);
    levels.set(number, line.heading);
  }
}

/** A heading set over two lines (same type, the usual line spacing, the second not numbered) is one heading. */
function joinHeadingLines(lines: Line[]): void {
  const kept = lines.filter((line) => !line.drop);
  for (let i = kept.length - 1; i > 0; i--) {
    const [a, b] = [kept[i - 1], kept[i]];
    if (!a || !b || a.heading === undefined || a.heading !== b.heading || a.page !== b.page || Math.abs(a.size - b.size) > 0.5) continue;
    const gap = a.y - b.y;
    if (gap <= 0 || gap > 1.6 * a.size || /^\d+(?:\.\d+)*\.?\s/.test(b.text) || /[.:;!?]$/.test(a.text)) continue;
    a.text = `${a.text} ${b.text}`;
    b.drop = true;
  }
}

/**
 * "Article 5", "CHAPTER II", "ANNEX", "Artikel 10a": one word, then an Arabic or Roman number or nothing; not a
 * letter alone (the Journal's "I" over "(Legislative acts)").
 */
const CENTRED_LABEL = /^\p{L}{2,}(?:\s+(\d+[a-z]?|[IVXLCDM]+))?$/u;
/** A label with its number ("Article 5", "CHAPTER II"), not a word alone ("ANNEX", the masthead's "REGULATIONS"). */
const numberedLabel = (line: Line | undefined) => CENTRED_LABEL.exec(line?.text ?? '')?.[1] !== undefined;

/**
 * Titles set centred in body type, as the Official Journal sets its Articles, chapters and annexes: a run of
 * centred lines is one heading; a run led by a label ("Article 5", "CHAPTER II", "ANNEX") is "label: title",
 * level 2 under an Arabic number, level 1 under a Roman one or none; the first run, when unlabelled (the act's
 * title), is level 1, and other unlabelled runs stay text.
 * Used only when the document has at least two labelled runs (two numbered ones when `numberedOnly`, beside an
 * outline). Returns whether it marked any.
 */
function markCentredHeadings(lines: Line[], numberedOnly = false): boolean {
  const kept = lines.filter((line) => !line.drop);
  const lefts = new Map<number, number>();
  for (const line of kept) lefts.set(Math.round(line.x), (lefts.get(Math.round(line.x)) ?? 0) + line.text.length);
  const bodyLeft = [...lefts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const centred = (line: Line) =>
    line.heading === undefined && line.x > bodyLeft + 5 && Math.abs((line.x + line.end) / 2 - line.width / 2) <= Math.max(6, 0.02 * line.width) &&
    line.text.length <= 120;
  const label = (line: Line) => {
    const match = CENTRED_LABEL.exec(line.text);
    return match !== null && (match[1] !== undefined || line.text === line.text.toUpperCase());
  };
  const runs: Line[][] = [];
  for (let i = 0; i < kept.length; i++) {
    const line = kept[i] as Line;
    if (!centred(line)) continue;
    const run = runs.at(-1);
    const previous = i > 0 ? kept[i - 1] : undefined;
    // The Official Journal sets a label two to four blank lines above its title (its pages are justified
    // vertically), the lines of an Article's title one apart, those of the act's title up to two (the L series).
    const labelled = run !== undefined && label(run[0] as Line);
    const reach = labelled ? (run.length === 1 ? 5 : 2) : 3;
    // Under a lone label the next line is its title, even a word in capitals ("CHAPTER II" over "GATEKEEPERS"),
    // unless it is a numbered label itself.
    const titles = labelled && run.length === 1 ? !numberedLabel(line) : !label(line);
    const joins = run && previous && previous === run.at(-1) && previous.page === line.page && previous.y - line.y <= reach * line.size && titles;
    // A title's later line may close on a full stop ("z dnia 19 października 2022 r."); its first never does.
    if (joins && !/[,;:]$/.test(line.text)) run.push(line);
    else if (!/[.,;:]$/.test(line.text)) runs.push([line]);
  }
  const counted = runs.filter((run) => label(run[0] as Line) && (!numberedOnly || numberedLabel(run[0])));
  if (counted.length < 2) return false;
  const titleAt = actTitleRun(runs, kept);
  // Besides labelled runs only the act's title is a heading: a centred caption or motto is text.
  for (const [index, run] of runs.entries()) {
    const [first, ...rest] = run as [Line, ...Line[]];
    if (index !== titleAt && !label(first)) continue;
    const number = CENTRED_LABEL.exec(first.text)?.[1];
    const labelled = label(first);
    first.heading = labelled && number !== undefined && /^\d/.test(number) ? 2 : 1;
    const title = rest.map((line) => line.text).join(' ');
    if (title) first.text = labelled ? `${first.text}: ${title}` : `${first.text} ${title}`;
    for (const line of rest) line.drop = true;
  }
  return true;
}


const NAMED_ACT = new RegExp(ACT_NUMBER);

/**
 * Which centred run is the act's title: the first, unless a run before the first numbered label names the act with
 * its number ("REGULATION (EU) 2022/1925 OF …", not the bare "2024/2853" of the L series' masthead). Everything
 * above that title on its page is the Official Journal's masthead ("I", "(Legislative acts)", "REGULATIONS";
 * "Official Journal of the European Union", "EN L series", the date), dropped.
 */
function actTitleRun(runs: Line[][], kept: Line[]): number {
  // Before the first numbered label: the masthead's "REGULATIONS" is set like an unnumbered one ("ANNEX").
  const firstLabel = runs.findIndex((run) => numberedLabel(run[0]));
  const named = (run: Line[]) => {
    const text = run.map((line) => line.text).join(' ');
    return NAMED_ACT.test(text) && /\p{L}{3,}/u.test(text);
  };
  const numbered = runs.findIndex((run, i) => i < firstLabel && run[0]?.page === runs[0]?.[0]?.page && named(run));
  if (numbered < 0) return 0;
  const title = runs[numbered]?.[0] as Line;
  for (const line of kept) if (line.page === title.page && line.y > title.y + 1) line.drop = true;
  return numbered;
}

/**
 * "Article 1 – Object and purpose", "Article 1 (Purpose)", "Article 5", "Chapter II: Obligations", "CHAPTER I GENERAL
 * PROVISIONS", "ANNEX III": a label, then a separator and a title, a title in brackets, a title in capitals after a
 * label in capitals, or nothing.
 */
const LABELLED_LINE =
  /^(?:(?:Article|Chapter|Part|Title|Section|Annex)\s+(?:\d+[a-z]?|[IVXLCDM]+)(?:\s*[–—:.-]\s*\p{Lu}.*|\s*\(\p{Lu}[^()]*\))?|(?:ARTICLE|CHAPTER|PART|TITLE|SECTION|ANNEX)\s+(?:\d+[a-z]?|[IVXLCDM]+)(?:\s*[–—:.-]\s*\p{Lu}.*|\s*\(\p{Lu}[^()]*\)|\s+\p{Lu}[\p{Lu}\s,'’-]*)?)$/u;
/**
 * "Article 1 (Purpose) The purpose of this Act is …": an Article's label and bracketed title run into its first
 * sentence, as English translations of Korean statutes set them; or the label alone, "Article 1 This Act …", under a
 * caption line "(Purpose)", as Japanese ones do.
 */
const RUN_IN = /^(Article\s+(\d+)(?:-\d+)?[a-z]?)(?:\s*(\(\p{Lu}[^()]{0,80}\)))?\s+(\S.*)$/u;
const CAPTION = /^\(\p{Lu}[^()]{0,80}\)$/u;

/**
 * Provisions labelled at the left margin in body type, as conventions and many national acts set them ("Article 1
 * – Object and purpose" under "Chapter I – General provisions"): level 2 for an Article, 1 for a division above it.
 * Used only when the document has at least two such Article lines, so one line that happens to read "Article 5"
 * is not enough. Returns whether it marked any.
 */
function markLabelledHeadings(lines: Line[]): boolean {
  splitRunInArticles(lines);
  const sections = markStatuteSections(lines);
  const isArticle = (line: Line) => /^article/i.test(line.text);
  const labelled = lines.filter((line) => !line.drop && line.heading === undefined && line.text.length <= 120 && !/[.,;:]$/.test(line.text) && LABELLED_LINE.test(line.text));
  if (labelled.filter(isArticle).length < 2 && !sections) return false;
  for (const line of labelled) line.heading = isArticle(line) ? 2 : 1;
  return true;
}

/**
 * "SEC. 2. DEFINITIONS." on a line of its own, as bills head a section, or run into the section's first sentence,
 * "Sec. 2. Policy and Principles. It is the policy …", as executive orders print it; also a code's numbering,
 * "Sec. 551.001. DEFINITIONS." or "6-1-1701. Definitions. As used …": a label, its number, a title closed by a
 * full stop.
 */
const STATUTE_LINE = /^((?:(?:SECTION|SEC\.|Section|Sec\.)\s+(\d+(?:[.-]\d+)*)[A-Z]?|(\d+(?:-\d+){2,}))\.\s+\p{Lu}[^.]{0,160}\.)(?:\s+(\S.*))?$/u;
/** A section's label set in small capitals, which a text layer reads "SEC . 101.", before its number. */
const SMALL_CAPS_LABEL = /^(SEC|Sec)\s+\.(?=\s)/;
/** Words in capitals, as a bill sets a section's title. */
const CAPITALS = String.raw`[\p{Lu}\d][\p{Lu}\d\s,;’'()—–-]*`;
/** A section title in capitals that runs on to the next line: "SEC. 3101. EXTENSION FOR COMMUNITY HEALTH CENTERS,". */
const WRAPPED_TITLE = new RegExp(String.raw`^(?:SECTION|SEC\.)\s+\d+(?:[.-]\d+)*[A-Z]?\.\s+${CAPITALS}$`, 'u');
/** A further line of such a title, which may close it with a full stop. */
const TITLE_GOES_ON = new RegExp(String.raw`^${CAPITALS}\.?$`, 'u');

/**
 * Prepares section lines as a bill prints them: a label in small capitals reads "SEC. 101." again, and a title in
 * capitals that wraps ("… HEALTH CENTERS," over "NATIONAL HEALTH SERVICE CORPS."; "HOS-" over "PITALS.") is joined
 * to its next lines in capitals, up to three, when they close it with a full stop.
 */
function joinWrappedSectionTitles(lines: Line[]): void {
  for (const [at, line] of lines.entries()) {
    if (line.drop || line.heading !== undefined) continue;
    line.text = line.text.replace(SMALL_CAPS_LABEL, '$1.');
    if (!WRAPPED_TITLE.test(line.text)) continue;
    const next = keptAfter(lines, at, 3);
    const parts = next.slice(0, next.findIndex((l) => l.text.endsWith('.')) + 1);
    if (parts.length === 0 || !parts.every((l) => l.page === line.page && TITLE_GOES_ON.test(l.text))) continue;
    line.text = parts.reduce((text, l) => (/\p{Lu}-$/u.test(text) ? `${text.slice(0, -1)}${l.text}` : `${text} ${l.text}`), line.text);
    for (const l of parts) l.drop = true;
  }
}

/** A section number's parts, "551.001" → [551, 1], to put sections in order. */
const numberParts = (n: string) => n.split(/[.-]/).map(Number);
/** Whether section `next` comes after `previous`: at the first part they differ in, it is larger. */
const increases = (previous: number[], next: number[]) => {
  const i = previous.findIndex((part, k) => part !== next[k]);
  return i !== -1 && i < next.length && (previous[i] ?? 0) < (next[i] ?? 0);
};

/**
 * Marks the sections of an act numbered by sections as level 2 headings, splitting a run-in title from its text.
 * Only where at least two such lines number the sections in increasing order from a first numbered 1 (1, 551.001,
 * 6-1-1701: its last part 1 in its hundred). Returns whether it marked any.
 */
function markStatuteSections(lines: Line[]): boolean {
  joinWrappedSectionTitles(lines);
  const candidates = lines.flatMap((line, at) => {
    const m = line.drop || line.heading !== undefined ? null : STATUTE_LINE.exec(line.text);
    return m ? [{ at, m, number: m[2] ?? m[3] ?? '' }] : [];
  });
  // A table of contents lists the sections before they are enacted: its entries are followed by another entry or
  // a caption in capitals ("TITLE I—…"), a section's heading by its text. The first line naming a number that is
  // not such an entry heads the section.
  const listed = (at: number) => {
    const [next] = keptAfter(lines, at, 1);
    return next !== undefined && (/^(?:SECTION|SEC\.|Section|Sec\.)\s+\d+(?:[.-]\d+)*[A-Z]?\.\s/.test(next.text) || !/\p{Ll}/u.test(next.text));
  };
  const chosen = new Map<string, number>();
  for (const { at, number, m } of candidates) if (!chosen.has(number) && (m[4] !== undefined || !listed(at))) chosen.set(number, at);
  const found: { at: number; heading: string; rest: string | undefined }[] = [];
  let last: number[] | undefined;
  for (const { at, m, number } of candidates) {
    const n = numberParts(number);
    if (chosen.get(number) !== at || (last === undefined ? (n.at(-1) ?? 0) % 100 !== 1 : !increases(last, n))) continue;
    found.push({ at, heading: m[1] ?? '', rest: m[4] });
    last = n;
  }
  if (found.length < 2) return false;
  for (const { at, heading, rest } of found.reverse()) {
    const line = lines[at] as Line;
    lines.splice(at, 1, { ...line, text: heading, heading: 2 }, ...(rest === undefined ? [] : [{ ...line, text: rest }]));
  }
  return true;
}

function bodySize(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.size * 2) / 2;
    weight.set(size, (weight.get(size) ?? 0) + line.text.length);
  }
  return [...weight].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

/** The usual baseline distance as a multiple of the type size, from consecutive lines of one size. */
function lineSpacing(lines: Line[]): number {
  const counts = new Map<number, number>();
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1];
    const b = lines[i];
    if (!a || !b || a.page !== b.page || Math.abs(a.size - b.size) > 0.5 || a.size <= 0) continue;
    const ratio = Math.round(((a.y - b.y) / a.size) * 20) / 20;
    if (ratio >= 0.9 && ratio <= 2.5) counts.set(ratio, (counts.get(ratio) ?? 0) + 1);
  }
  // Paragraph gaps are wider than line gaps; in a short or airy document they can be the more frequent, so the
  // smallest spacing that is common (a fifth as frequent as the commonest) is the line spacing.
  const most = Math.max(0, ...counts.values());
  return [...counts].filter(([, n]) => n >= Math.max(2, most / 5)).sort((a, b) => a[0] - b[0])[0]?.[0] ?? 1.2;
}

/** "(1) OJ L 119 …", "1 See …", "* …", "¹ …": how a footnote opens. */
const NOTE_LABEL = /^(?:\(\d{1,3}\)|\d{1,3}(?=\s)|\*{1,3}|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)\s*\S/u;

/**
 * Footnotes: below the last line of the page's body type, lines in smaller type from one that opens on a note's
 * label, each further line opening on a label or following at line spacing. They are taken out of the text (where
 * "(1) OJ C 286 …" would pass for a recital, or split a paragraph that runs on over the page) and returned in order.
 */
function takeFootnotes(lines: Line[]): Line[] {
  const notes: Line[] = [];
  const documentBody = bodySize(lines.filter((line) => !line.drop));
  for (const page of keptByPage(lines)) {
    // The page's own body type where it is larger: in a report made mostly of tables the document's commonest size
    // is the tables', and a page of many footnotes has theirs.
    const body = Math.max(documentBody, bodySize(page));
    const text = page.filter((line) => Math.abs(line.size - body) <= 0.5);
    if (text.length === 0) continue;
    const lowest = Math.min(...text.map((line) => line.y));
    let previous: Line | undefined;
    for (const line of page) {
      if (line.y >= lowest || line.size >= body * 0.95) continue;
      const follows = previous !== undefined && previous.y - line.y > 0 && previous.y - line.y <= 1.6 * line.size;
      if (!NOTE_LABEL.test(line.text) && !follows) {
        previous = undefined;
        continue;
      }
      line.drop = true;
      notes.push({ ...line, drop: false });
      previous = line;
    }
  }
  return notes;
}

function toBlocks(all: Line[], notes: Line[]): Block[] {
  const lines = all.filter((line) => !line.drop);
  const vocabulary = wordsOf(lines);
  const spacing = lineSpacing(lines);
  const paragraphs: Paragraph[] = [];
  let current: Paragraph | undefined;
  for (const line of lines) {
    const target = line.heading === undefined ? (current && continues(current.last, line, spacing) ? current : carriedOver(paragraphs, line)) : undefined;
    if (target && target.heading === undefined) {
      target.text = joinLines(target.text, line.text, vocabulary);
      target.last = line;
      target.single = false;
      current = target;
    } else {
      current = { text: line.text, first: line, last: line, page: line.page, single: true, ...(line.heading === undefined ? {} : { heading: line.heading }) };
      paragraphs.push(current);
    }
  }
  // A one-line paragraph repeated word for word on three or more pages is page furniture ("Continued on next page").
  const pagesOf = new Map<string, Set<number>>();
  for (const p of paragraphs) if (p.single && p.heading === undefined) pagesOf.set(p.text, (pagesOf.get(p.text) ?? new Set()).add(p.page));
  const items = new Set(frameworkItemIds(paragraphs.map((p) => cleanText(p.text))));
  const groups = new Set([...items].map(frameworkGroupOf));
  const blocks: Block[] = [];
  let sectionLevel = 1;
  for (const [i, p] of paragraphs.entries()) {
    const text = cleanText(p.text);
    if (p.heading !== undefined) {
      blocks.push({ kind: 'heading', level: p.heading, text });
      sectionLevel = p.heading;
      continue;
    }
    if (p.single && (pagesOf.get(p.text)?.size ?? 0) >= 3) continue;
    const item = itemLabel(text);
    const group = GROUP_LINE.exec(text)?.[1] ?? NAMED_GROUP.exec(text)?.[1];
    if (item !== undefined && items.has(item)) blocks.push({ kind: 'item', text });
    else if (group !== undefined && (groups.has(group) || /^[A-Z ]+ \d+$/.test(group))) {
      const head = wrappedName(paragraphs[i - 1], p, blocks.at(-1));
      if (head !== undefined) blocks.pop();
      blocks.push({ kind: 'heading', level: Math.min(6, sectionLevel + 1), text: head === undefined ? text : `${head} ${text}` });
    }
    else if (BULLET.test(text)) blocks.push({ kind: 'item', text: text.replace(BULLET, '') });
    else blocks.push({ kind: 'paragraph', text });
  }
  if (notes.length > 0) {
    blocks.push({ kind: 'heading', level: 1, text: 'Footnotes' });
    const texts: string[] = [];
    let last = 0;
    for (const note of notes) {
      // A numbered note follows the one before it (or starts the count again); "274 on December 18" after a
      // line ending "public law 113-" goes on with that note.
      const number = /^\(?(\d+)/.exec(note.text)?.[1];
      const opens = texts.length === 0 || (NOTE_LABEL.test(note.text) && (number === undefined || Number(number) === last + 1 || Number(number) === 1));
      if (opens) texts.push(note.text);
      else texts[texts.length - 1] = joinLines(texts.at(-1) as string, note.text, vocabulary);
      if (opens && number !== undefined) last = Number(number);
    }
    for (const text of texts) blocks.push({ kind: 'paragraph', text: cleanText(text) });
  }
  return blocks;
}

/**
 * The first line of a group's name that a table cell wrapped ("Define Security Requirements for Software" over
 * "Development (PO.1): …"): a one-line paragraph just above the group's line, in its column, that does not end like a
 * sentence and names no code of its own (a function's "GOVERN (GV)" stays apart). Undefined when there is none.
 */
function wrappedName(before: Paragraph | undefined, group: Paragraph, emitted: Block | undefined): string | undefined {
  if (before === undefined || !before.single || before.heading !== undefined || emitted?.kind !== 'paragraph') return undefined;
  const text = cleanText(before.text);
  if (emitted.text !== text || text.length > 80 || !/^\p{Lu}/u.test(text) || /[.,;:!?)]$/.test(text)) return undefined;
  const gap = before.last.y - group.first.y;
  const above = before.page === group.page && Math.abs(before.last.x - group.first.x) <= 2 && gap > 0 && gap <= 1.6 * group.first.size;
  return above ? text : undefined;
}

interface Paragraph {
  text: string;
  first: Line;
  last: Line;
  page: number;
  single: boolean;
  heading?: number;
}

/**
 * The first line of a column on a new page, in lower case and at the same left edge as an unfinished paragraph
 * near the end of the previous page, continues that paragraph (a table cell, or text interrupted by a caption).
 */
function carriedOver(paragraphs: Paragraph[], line: Line): Paragraph | undefined {
  if (!/^\p{Ll}/u.test(line.text)) return undefined;
  const recent = paragraphs.slice(-8);
  // Only the first line in that column on the new page can carry a paragraph over.
  if (recent.some((p) => p.page === line.page && Math.abs(p.last.x - line.x) <= 2)) return undefined;
  return recent.reverse().find(
    (p) => p.heading === undefined && p.last.page === line.page - 1 && Math.abs(p.last.x - line.x) <= 2 && !/[.!?:;]["”’)]?$/.test(p.text),
  );
}

function continues(prev: Line, line: Line, spacing: number): boolean {
  if (BULLET.test(line.text) || itemLabel(line.text) !== undefined || GROUP_LINE.test(line.text) || NAMED_GROUP.test(line.text)) return false;
  if (Math.abs(prev.size - line.size) > 1) return false;
  // After a line that ends a sentence or a clause, a numbered paragraph or a point starts a paragraph of its own.
  if (/[.;:]["”’)]?$/.test(prev.text) && PROVISION_OPENING.test(line.text)) return false;
  if (prev.page !== line.page) return !/[.!?:]["”’)]?$/.test(prev.text) && /^\p{Ll}/u.test(line.text);
  const gap = prev.y - line.y;
  return gap > 0 && gap <= spacing * 1.3 * Math.max(prev.size, line.size);
}

interface Vocabulary {
  /** Every word of the text, hyphenated forms whole. */
  all: Set<string>;
  /** The words that stand inside a line, neither first nor last: whole words, never the pieces of a word cut at a line end. */
  inner: Set<string>;
}

function wordsOf(lines: readonly Line[]): Vocabulary {
  const all = new Set<string>();
  const inner = new Set<string>();
  for (const line of lines) {
    const words = line.text.toLowerCase().match(/[\p{L}][\p{L}-]*[\p{L}]|\p{L}/gu) ?? [];
    words.forEach((word, i) => {
      all.add(word);
      if (i > 0 && i < words.length - 1) inner.add(word);
    });
  }
  return { all, inner };
}

/**
 * Joins a line to its paragraph, resolving a line-end hyphen from the document's own vocabulary. Some typesetters
 * (the Official Journal's among them) leave the hyphen of a word cut at the line end out of the text layer:
 * "administra" + "tive" is one word where the document uses "administrative" inside a line and does not use both
 * pieces as words of their own.
 */
function joinLines(text: string, next: string, vocabulary: Vocabulary): string {
  const hyphen = /(\p{L}+)-$/u.exec(text);
  const head = /^(\p{L}+)/u.exec(next)?.[1];
  // An identifier cut after its hyphen ("SA-" / "14", "public law 113-" / "274") keeps it.
  if (/[\p{L}\d]-$/u.test(text) && /^\d/.test(next)) return `${text}${next}`;
  if (!head) return `${text} ${next}`;
  if (!hyphen?.[1]) {
    const tail = /(?:^|[^\p{L}-])(\p{L}+)$/u.exec(text)?.[1];
    const [t, h] = [tail?.toLowerCase() ?? '', head.toLowerCase()];
    const cut = tail !== undefined && /^\p{Ll}/u.test(head) && vocabulary.inner.has(t + h) && !(vocabulary.inner.has(t) && vocabulary.inner.has(h));
    return cut ? `${text}${next}` : `${text} ${next}`;
  }
  const joined = `${hyphen[1]}${head}`.toLowerCase();
  const hyphenated = `${hyphen[1]}-${head}`.toLowerCase();
  const keep = !vocabulary.all.has(joined) && (vocabulary.all.has(hyphenated) || !/^\p{Ll}/u.test(head));
  return keep ? `${text}${next}` : `${text.slice(0, -1)}${next}`;
}

function norm(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\d]+/gu, '');
}

/** Without a Title in the metadata: the largest type on the first page with text (a shadowed word set twice once). */
function coverTitle(lines: Line[]): string | undefined {
  const first = lines.find((line) => !line.drop)?.page;
  const cover = lines.filter((line) => line.page === first && !line.drop);
  const largest = Math.max(0, ...cover.map((line) => line.size));
  const text = cleanText(cover.filter((line) => line.size >= largest * 0.8).map((line) => line.text).join(' '));
  return text.replace(/\b(.+?)(?: \1\b)+/g, '$1').slice(0, 200) || undefined;
}

async function readMeta(doc: PDFDocumentProxy, lines: Line[]): Promise<PdfMeta> {
  const info = (await doc.getMetadata()).info as Record<string, unknown>;
  const text = (key: string) => (typeof info[key] === 'string' ? cleanText(info[key] as string) : undefined);
  const meta: PdfMeta = {};
  // Authoring tools often write a file name here ("Microsoft Word - draft3.docx"), and some publishers their own
  // name as both Title and Author ("Publications Office"); neither is the title.
  const stated = text('Title');
  const title =
    (stated && !/^(?:Microsoft Word - |untitled$)|\.(?:docx?|odt|pdf|indd|tex|xml)$/i.test(stated) && stated !== text('Author') ? stated : undefined) ||
    lines.find((line) => !line.drop && line.heading === 1 && line.page <= 2)?.text ||
    coverTitle(lines);
  if (title) meta.title = title;
  // A postal address after the name ("… of the European Union L-2985 Luxembourg LUXEMBOURG") is not the publisher's name.
  const author = text('Author')?.replace(/\s+[A-Z]{1,2}-\d{4,5}\b.*$/, '');
  // Authoring tools often write their own name here, or a placeholder ("Unknown"); that is not a publisher.
  if (author && !/\b(?:docx|microsoft|word|latex|tex|acrobat|writer|pdf|user|admin|unknown|anonymous)\b/i.test(author)) meta.author = author;
  // A Subject of a word or three is a label ("I Legislative acts", the Journal's part), not a description.
  const subject = text('Subject');
  if (subject && subject.split(' ').length >= 4) meta.subject = subject;
  const created = /^D:(\d{4})(\d{2})(\d{2})/.exec(text('CreationDate') ?? '');
  if (created) meta.created = `${created[1]}-${created[2]}-${created[3]}`;
  // The Official Journal's header on the act's first page ("27.10.2022 … L 277/1", or "L series … 18.11.2024")
  // dates the issue; the file is made days before.
  const header = lines.filter((line) => line.page === lines[0]?.page && line.y > 0.88 * line.height).map((line) => line.text).join(' ');
  const issue = /\bL (?:\d+\/1\b|series\b)/.test(header) ? /\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/.exec(header) : null;
  if (issue) meta.created = `${issue[3]}-${issue[2]?.padStart(2, '0')}-${issue[1]?.padStart(2, '0')}`;
  const language = text('Language');
  if (language && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(language)) meta.language = language.replace(/^([A-Za-z]+)/, (l) => l.toLowerCase());
  const opening = lines.filter((line) => line.page <= 4).map((line) => line.text).join(' ');
  const doi = /\b(?:doi\.org\/|doi:\s*)(10\.\d{4,9}\/[^\s"<>]+[^\s"<>.,;)])/i.exec(opening);
  if (doi?.[1]) meta.doi = doi[1];
  // The act's own ELI is printed after it; footnotes before it cite other acts' ELIs.
  const eli = lines.map((line) => /^ELI\s*:\s*(https?:\/\/data\.europa\.eu\/eli\/\S+)/.exec(line.text)?.[1]).filter(Boolean).pop();
  if (eli) meta.eli = eli.replace(/[.)]+$/, '');
  return meta;
}
