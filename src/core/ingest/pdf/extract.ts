import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import { cleanText } from '../blocks.js';

/**
 * Extraction: the one stage that talks to pdf.js (pdfjs-dist's legacy build, which runs in Node). It hands on
 * what the PDF states, positioned text runs, the outline and the document information, and decides nothing about
 * layout; the other stages read these plain shapes.
 */

/** Why a PDF cannot be ingested, in words for the person who ran the command. */
export class PdfProblem extends Error {}

/** A text run as the content stream sets it, in points from the page's lower left corner as the PDF states it. */
export interface TextItem {
  str: string;
  /** Where its baseline starts. */
  x: number;
  y: number;
  /** How far it advances. */
  width: number;
  /** Its type size. */
  size: number;
  /** The text matrix's b and c: both 0 for upright text, not for text turned on its side. */
  skew: [number, number];
}

/** The page's box, whose lower left corner need not be the origin. */
export interface PageBox {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

export interface PageText {
  /** Every text run, empty ones included, in the content stream's order. */
  items: TextItem[];
  box: PageBox;
}

/** One bookmark: its title, how deep it is nested (0 at the top), and the page it points at when that resolves. */
export interface OutlineEntry {
  title: string;
  depth: number;
  page?: number;
}

export interface PdfSource {
  pages: number;
  page(pageNumber: number): Promise<PageText>;
  /** The bookmarks in document order, a parent before its children. */
  outline(): Promise<OutlineEntry[]>;
  /** The document information dictionary (Title, Author, CreationDate, …). */
  info(): Promise<Record<string, unknown>>;
  destroy(): Promise<void>;
}

export async function openPdf(data: Uint8Array): Promise<PdfSource> {
  let doc: PDFDocumentProxy;
  try {
    // pdf.js takes over (detaches) the buffer it is given; the caller keeps its own.
    doc = await getDocument({ data: data.slice(), verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false }).promise;
  } catch (error) {
    throw new PdfProblem(`is not a readable PDF (${error instanceof Error ? error.message : String(error)})`);
  }
  return {
    pages: doc.numPages,
    page: (pageNumber) => pageText(doc, pageNumber),
    outline: () => outline(doc),
    info: async () => (await doc.getMetadata()).info as Record<string, unknown>,
    destroy: () => doc.destroy(),
  };
}

interface RawItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

async function pageText(doc: PDFDocumentProxy, pageNumber: number): Promise<PageText> {
  const page = await doc.getPage(pageNumber);
  const content = await page.getTextContent();
  // A page that states no box is US Letter, pdf.js's own default.
  const [left = 0, bottom = 0, right = 612, top = 792] = page.view;
  const items = content.items.flatMap((raw) => ('str' in raw ? [textItem(raw as RawItem)] : []));
  page.cleanup();
  return { items, box: { left, bottom, right, top } };
}

function textItem(item: RawItem): TextItem {
  const t = item.transform;
  return { str: item.str, x: t[4] ?? 0, y: t[5] ?? 0, width: item.width, size: item.height || Math.abs(t[3] ?? 0), skew: [t[1] ?? 0, t[2] ?? 0] };
}

async function outline(doc: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const entries: OutlineEntry[] = [];
  const visit = async (items: Awaited<ReturnType<PDFDocumentProxy['getOutline']>> | null, depth: number) => {
    for (const item of items ?? []) {
      entries.push({ title: cleanText(item.title), depth, ...(await destinationPage(doc, item.dest)) });
      await visit(item.items, depth + 1);
    }
  };
  await visit(await doc.getOutline(), 0);
  return entries;
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
