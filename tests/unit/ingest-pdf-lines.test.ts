import { describe, expect, it } from 'vitest';
import type { PageBox, TextItem } from '../../src/core/ingest/pdf/extract.js';
import { LAYOUT } from '../../src/core/ingest/pdf/layout-params.js';
import { pageLines } from '../../src/core/ingest/pdf/page-lines.js';

/**
 * The layout stage's first contract: plain text runs, as extraction hands them on, in; lines in reading order out.
 * The runs are written here by hand, in the content stream's order, so no PDF is needed; their distances are
 * stated against the thresholds in layout-params.ts so that each case shows which one it exercises.
 */
const LETTER: PageBox = { left: 0, bottom: 0, right: 612, top: 792 };
const SIZE = 10;

/** A run of 10 pt type, as wide as its characters at half the size each. */
function run(str: string, x: number, y: number, size = SIZE, skew: [number, number] = [0, 0]): TextItem {
  return { str, x, y, width: (str.length * size) / 2, size, skew };
}

/** A bare number in a margin column, one per body line, as a bill prints them. */
const numbered = (n: number) => run(String(n), 40, 700 - 14 * n);

const CASES: { what: string; items: TextItem[]; box?: PageBox; lines: string[] }[] = [
  {
    what: 'a gap wider than a word space (wordSpace type sizes) is a space',
    items: [run('Risk', 72, 700), run('management', 72 + 20 + LAYOUT.lines.wordSpace * SIZE + 1, 700)],
    lines: ['Risk management'],
  },
  {
    what: 'a narrower gap (kerning) joins the runs into one word',
    items: [run('manage', 72, 700), run('ment', 72 + 30 + 0.5, 700)],
    lines: ['management'],
  },
  {
    what: 'a superscript raised less than sameBaseline type sizes stays on its line',
    items: [run('Article 5', 72, 700), run('1', 72 + 45, 700 + LAYOUT.lines.sameBaseline * SIZE - 1, 6), run(' applies', 72 + 48, 700)],
    lines: ['Article 51 applies'],
  },
  {
    what: 'the next line down, at body leading, is a line of its own',
    items: [run('First line', 72, 700), run('second line', 72, 686)],
    lines: ['First line', 'second line'],
  },
  {
    what: 'moving up more than rise points starts a block; blocks are read top to bottom, then left to right',
    items: [run('Left one', 72, 700), run('Left two', 72, 686), run('Right one', 320, 700), run('Right two', 320, 686), run('Footer', 72, 40)],
    lines: ['Left one', 'Left two', 'Right one', 'Right two', 'Footer'],
  },
  {
    what: 'a column of lineNumbers or more bare numbers left of the text is dropped',
    items: Array.from({ length: LAYOUT.furniture.lineNumbers }, (_, i) => [numbered(i + 1), run(`Text ${i + 1}`, 72, 700 - 14 * (i + 1))]).flat(),
    lines: ['Text 1', 'Text 2', 'Text 3', 'Text 4', 'Text 5'],
  },
  {
    what: 'fewer such numbers are text',
    items: Array.from({ length: LAYOUT.furniture.lineNumbers - 1 }, (_, i) => [numbered(i + 1), run(`Text ${i + 1}`, 72, 700 - 14 * (i + 1))]).flat(),
    lines: ['1 Text 1', '2 Text 2', '3 Text 3', '4 Text 4'],
  },
  {
    what: 'text turned up the edge (within sideMargin of the width) is dropped; turned text further in is kept',
    items: [run('Body', 72, 700), run('Available free of charge', 20, 400, SIZE, [1, -1]), run('Figure axis', 300, 400, SIZE, [1, -1])],
    lines: ['Body', 'Figure axis'],
  },
  {
    what: 'positions are taken from the page box, whose corner need not be the origin',
    items: [run('Cropped', 172, 800)],
    box: { left: 100, bottom: 100, right: 712, top: 892 },
    lines: ['Cropped'],
  },
];

describe('PDF layout: runs into lines (page-lines.ts)', () => {
  it.each(CASES)('$what', ({ items, box, lines }) => {
    expect(pageLines({ items, box: box ?? LETTER }, 1).map((line) => line.text)).toEqual(lines);
  });

  it('measures each line from the box and keeps the page, its size and its extent', () => {
    const [line] = pageLines({ items: [run('Cropped', 172, 800)], box: { left: 100, bottom: 100, right: 712, top: 892 } }, 3);
    expect(line).toEqual({ page: 3, x: 72, y: 700, height: 792, end: 72 + 35, width: 612, size: SIZE, text: 'Cropped' });
  });
});
