import type { OutlineEntry } from '../extract.js';
import { LAYOUT } from '../layout-params.js';
import type { Line } from '../line.js';
import { markCentredHeadings } from './eu-act.js';
import { markOutlineHeadings } from './outline.js';
import { demoteCoverLines, markLargeTypeHeadings, markNumberedHeadings, markNumberedSubheadings } from './report.js';
import { markLabelledHeadings, markStatuteSections } from './statute.js';

/**
 * Heading recognition, marking `heading` (a level) on lines in place. The PDF's own outline (bookmarks) first,
 * matched to the lines on the bookmarked page. Without one, each family's layout is tried in turn: a report's type
 * sizes and numbers (report.ts), an EU act's centred titles (eu-act.ts), a statute's labels and sections at the
 * margin (statute.ts); a heading set over two lines is then one. A framework's groups are read later, from its
 * paragraphs (framework.ts).
 */
export function markHeadings(lines: Line[], outline: readonly OutlineEntry[]): void {
  const matched = markOutlineHeadings(lines, outline);
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
}

/** A heading set over two lines (same type, the usual line spacing, the second not numbered) is one heading. */
function joinHeadingLines(lines: Line[]): void {
  const kept = lines.filter((line) => !line.drop);
  for (let i = kept.length - 1; i > 0; i--) {
    const [a, b] = [kept[i - 1], kept[i]];
    if (!a || !b || a.heading === undefined || a.heading !== b.heading || a.page !== b.page || Math.abs(a.size - b.size) > LAYOUT.type.sameSize) continue;
    const gap = a.y - b.y;
    if (gap <= 0 || gap > LAYOUT.type.nextLine * a.size || /^\d+(?:\.\d+)*\.?\s/.test(b.text) || /[.:;!?]$/.test(a.text)) continue;
    a.text = `${a.text} ${b.text}`;
    b.drop = true;
  }
}
