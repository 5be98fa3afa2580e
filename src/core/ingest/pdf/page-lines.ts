import { cleanText } from '../blocks.js';
import type { PageText } from './extract.js';
import { marginItems } from './furniture.js';
import { LAYOUT } from './layout-params.js';
import type { Line } from './line.js';

/**
 * One page's lines: runs on one baseline, in the content stream's order, joined into a line; a run that moves up
 * the page starts a new block (a column or a table cell), and the blocks are read top to bottom, left to right.
 * Line numbers and text turned in a side margin are left out.
 */
export function pageLines({ items, box }: PageText, pageNumber: number): Line[] {
  const L = LAYOUT.lines;
  const runs: Line[][] = [];
  let current: Line | undefined;
  let run: Line[] = [];
  const furniture = marginItems(items, box);
  const { left, bottom, right, top } = box;
  for (const item of items) {
    if (item.str === '' || furniture.has(item)) continue;
    const { x, y, size } = item;
    if (
      current &&
      Math.abs(y - current.y) <= Math.max(L.minBaselineSlack, L.sameBaseline * Math.max(size, current.size)) &&
      x >= current.end - Math.max(size, L.minOverlap)
    ) {
      const gap = x - current.end;
      const space = gap > L.wordSpace * Math.min(size, current.size) && !current.text.endsWith(' ') && !item.str.startsWith(' ');
      current.text += (space ? ' ' : '') + item.str;
      current.end = x + item.width;
      if (size > current.size) current.size = size;
      continue;
    }
    if (item.str.trim() === '') continue;
    // Moving up starts another column or table cell; a jump of several lines down leaves the current one.
    if (current && (y > current.y + L.rise || current.y - y > L.fall * Math.max(size, current.size))) {
      runs.push(run);
      run = [];
    }
    current = { page: pageNumber, x, y, height: 0, width: 0, size, text: item.str, end: x + item.width };
    run.push(current);
  }
  runs.push(run);
  const tops = runs.filter((r) => r.length > 0).map((r) => ({ lines: r, top: Math.max(...r.map((l) => l.y)), left: Math.min(...r.map((l) => l.x)) }));
  tops.sort((a, b) => (Math.abs(a.top - b.top) > L.sameTop ? b.top - a.top : a.left - b.left));
  return tops
    .flatMap((t) => t.lines)
    .map(({ page: p, x, y, end, size, text }) => ({ page: p, x: x - left, y: y - bottom, height: top - bottom, end: end - left, width: right - left, size, text: cleanText(text) }))
    .filter((line) => line.text !== '');
}
