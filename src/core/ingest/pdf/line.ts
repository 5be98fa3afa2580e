import { LAYOUT } from './layout-params.js';

/** A line of text as layout finds it; the stages after it drop lines and mark headings in place. */
export interface Line {
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

/** The lines not dropped, page by page, in reading order. */
export function keptByPage(lines: readonly Line[]): Line[][] {
  const pages = new Map<number, Line[]>();
  for (const line of lines) {
    if (line.drop) continue;
    const page = pages.get(line.page);
    if (page) page.push(line);
    else pages.set(line.page, [line]);
  }
  return [...pages.values()];
}

/** The size of the body text: the one most characters are set in. */
export function bodySize(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) {
    const size = roundedSize(line.size);
    weight.set(size, (weight.get(size) ?? 0) + line.text.length);
  }
  return [...weight].sort((a, b) => b[1] - a[1])[0]?.[0] ?? LAYOUT.type.defaultBody;
}

/** A type size to the step sizes are compared at. */
export function roundedSize(size: number): number {
  return Math.round(size * LAYOUT.type.steps) / LAYOUT.type.steps;
}
