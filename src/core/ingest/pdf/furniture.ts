import type { PageBox, TextItem } from './extract.js';
import { LAYOUT } from './layout-params.js';
import type { Line } from './line.js';
import type { Paragraph } from './paragraphs.js';

/**
 * Page furniture: what stands on the pages but is not the text. Runs in the margins (line numbers, text turned up
 * the edge) are left out before lines are made; running heads and page numbers are dropped from the lines, and a
 * one-line paragraph repeated on many pages from the paragraphs.
 */

/** The runs of a page that are margin furniture: a bill's line numbers and text turned on its side at the edge. */
export function marginItems(items: readonly TextItem[], box: PageBox): Set<TextItem> {
  const found = lineNumbers(items);
  for (const item of items) if (sideways(item, box)) found.add(item);
  return found;
}

/**
 * Text turned on its side in a side margin ("This publication is available free of charge from: …" up the edge of
 * every page); turned text inside the page (a landscape figure's caption) is not furniture.
 */
function sideways(item: TextItem, { left, right }: PageBox): boolean {
  const F = LAYOUT.furniture;
  return (Math.abs(item.skew[0]) > F.turned || Math.abs(item.skew[1]) > F.turned) && Math.min(item.x - left, right - item.x) < F.sideMargin * (right - left);
}

/**
 * The line numbers a bill or a court filing prints in its left margin ("1" … "25" down every page): bare numbers
 * at one x, at least LAYOUT.furniture.lineNumbers of them, counting up by one from the top, all left of the page's text.
 */
function lineNumbers(items: readonly TextItem[]): Set<TextItem> {
  const numbers = items.filter((item) => /^\s*\d{1,3}\s*$/.test(item.str));
  // A column is aligned at its left edge or, as the Government Publishing Office sets "9" over "10", at its right.
  const edges: ((item: TextItem) => number)[] = [(item) => item.x, (item) => item.x + item.width];
  const found = new Set<TextItem>();
  for (const edge of edges) {
    const columns = new Map<number, TextItem[]>();
    for (const item of numbers) columns.set(Math.round(edge(item)), [...(columns.get(Math.round(edge(item))) ?? []), item]);
    for (const column of columns.values()) {
      if (column.length < LAYOUT.furniture.lineNumbers) continue;
      const down = [...column].sort((a, b) => b.y - a.y).map((item) => Number(item.str.trim()));
      if (!down.every((n, i) => i === 0 || n === (down[i - 1] ?? 0) + 1)) continue;
      const textLeft = Math.min(...items.filter((item) => item.str.trim() !== '' && !column.includes(item)).map((item) => item.x));
      if (Math.max(...column.map((item) => item.x + item.width)) < textLeft) column.forEach((item) => found.add(item));
    }
  }
  return found;
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
export function dropRunningLines(lines: Line[], pages: number): void {
  const F = LAYOUT.furniture;
  const recurs = (k: number) => k >= Math.min(F.recurPages, Math.max(F.minRecurPages, pages));
  const inMargin = (line: Line) => line.y > (1 - F.margin) * line.height || line.y < F.margin * line.height;
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
      if (PAGE_NUMBER.test(bare(line)) || (recurs(k) && k >= pages / F.recurOneIn)) line.drop = true;
    } else if (counted.length === 0 || counted.some((c) => recurs(seen(c)))) {
      line.drop = true;
    }
  }
}

/** One-line paragraphs repeated word for word on several pages: furniture such as "Continued on next page". */
export function repeatedParagraphs(paragraphs: readonly Paragraph[]): Set<Paragraph> {
  const pagesOf = new Map<string, Set<number>>();
  for (const p of paragraphs) if (p.single && p.heading === undefined) pagesOf.set(p.text, (pagesOf.get(p.text) ?? new Set()).add(p.page));
  return new Set(paragraphs.filter((p) => p.single && p.heading === undefined && (pagesOf.get(p.text)?.size ?? 0) >= LAYOUT.furniture.repeatedParagraph));
}
