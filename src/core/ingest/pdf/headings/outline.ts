import type { OutlineEntry } from '../extract.js';
import { LAYOUT } from '../layout-params.js';
import type { Line } from '../line.js';

/**
 * Marks the lines the outline points at as headings, and drops the table of contents that lists them; returns how
 * many outline entries were matched. A numbered heading ("1.2.1 Risk Tolerance") gets its level from the number,
 * others from the outline's depth.
 */
export function markOutlineHeadings(lines: Line[], entries: readonly OutlineEntry[]): number {
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
    line.heading = Math.min(LAYOUT.headings.maxLevel, numbered ? label.replace(/\.$/, '').split('.').length + 1 : entry.depth + 1);
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
    const sameType = next !== undefined && next.page === line.page && Math.abs(next.size - line.size) <= LAYOUT.type.sameSize;
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

/** Lower-case letters and digits only: how an outline title and a line are compared. */
function norm(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\d]+/gu, '');
}
