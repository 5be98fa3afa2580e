import type { Block } from '../blocks.js';
import { toBlocks } from './emit.js';
import { openPdf, PdfProblem } from './extract.js';
import { footnoteTexts, takeFootnotes } from './footnotes.js';
import { dropRunningLines } from './furniture.js';
import { markHeadings } from './headings/index.js';
import { LAYOUT } from './layout-params.js';
import type { Line } from './line.js';
import { type PdfMeta, readMeta } from './meta.js';
import { pageLines } from './page-lines.js';
import { readParagraphs } from './paragraphs.js';

export { PdfProblem } from './extract.js';
export type { PdfMeta } from './meta.js';

/**
 * A PDF with a text layer, its text rebuilt from positioned text runs with nothing specific to one document, in
 * stages as pdfminer separates them:
 *
 * - extraction (extract.ts, the only module that calls pdf.js): text runs with position and size, page by page, the
 *   outline and the document information;
 * - layout: lines and reading order (page-lines.ts), page furniture such as running heads, page numbers, line numbers
 *   and table-of-contents leaders (furniture.ts), footnotes moved to the end (footnotes.ts), paragraphs and line-end
 *   hyphens (paragraphs.ts);
 * - headings, per document family (headings/): the outline, a report's type sizes, an EU act's centred titles, a
 *   statute's labels and sections, a framework's identifiers;
 * - emission of blocks (emit.ts) and the metadata (meta.ts).
 *
 * Every threshold these use is named and explained in layout-params.ts.
 */
export interface PdfDocument {
  blocks: Block[];
  meta: PdfMeta;
  pages: number;
}

export async function readPdf(data: Uint8Array): Promise<PdfDocument> {
  const source = await openPdf(data);
  try {
    const lines: Line[] = [];
    for (let p = 1; p <= source.pages; p++) lines.push(...pageLines(await source.page(p), p));
    const chars = lines.reduce((n, line) => n + line.text.replace(/\s/g, '').length, 0);
    if (chars < LAYOUT.textLayer.minCharsPerPage * source.pages && chars < LAYOUT.textLayer.minChars) {
      throw new PdfProblem(`has no text layer (${chars} characters of text on ${source.pages} page(s)); scanned pages need OCR first`);
    }
    dropRunningLines(lines, source.pages);
    const notes = takeFootnotes(lines);
    markHeadings(lines, await source.outline());
    const meta = readMeta(await source.info(), lines);
    const { paragraphs, vocabulary } = readParagraphs(lines);
    return { blocks: toBlocks(paragraphs, footnoteTexts(notes, vocabulary)), meta, pages: source.pages };
  } finally {
    await source.destroy();
  }
}
