import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { type Block, cleanText } from './blocks.js';
import { joinBareLabels, readMeta, type EurLexDocument } from './eurlex-html.js';

/**
 * EUR-Lex's HTML of an act it holds only as text: acts of the Official Journal before about 2004 (Directive 95/46/EC,
 * Directive 2002/58/EC, the Product Liability Directive 85/374/EEC) are served as bare `<p>` lines inside
 * `<div id="TexteOnly">` / `<TXT_TE>`, without the classes the OJ HTML has. The structure is read from the shape of
 * the lines, as the PDF reader reads an act printed without an outline, never from one language's words:
 *
 * - an Article: a line that is a word and a number, the word being the one most such lines share ("Article 5",
 *   "Artikel 5"), at least two of them; its title, the next line when short and not a sentence;
 * - a division: a word in capitals and a number ("CHAPTER II", "SECTION I"), its title on the same line in
 *   capitals or on the next; after the last Article, a word in capitals alone or with a number is an annex;
 * - the act's title: its first lines, up to the first that ends in punctuation;
 * - footnotes: a run of "(1) …" lines, numbered afresh, at the end of the act and not after a lead-in (":").
 */
export function looksLikeTextOnly(html: string): boolean {
  return /<div[^>]*\bid=["']?TexteOnly\b/i.test(html) || /<txt_te[\s>]/i.test(html);
}

export function readTextOnlyEurLex(html: string): EurLexDocument {
  const doc = parseDocument(html, { decodeEntities: true });
  const meta = readMeta(doc.children);
  const outer = DomUtils.findOne((el) => (el.attribs['id'] ?? '').toLowerCase() === 'texteonly', doc.children, true);
  const text = DomUtils.findOne((el) => el.name === 'txt_te', doc.children, true);
  const lines = textLines(text ?? outer);
  // The OJ reference printed above the text: "Official Journal L 201 , 31/07/2002 P. 0037 - 0047".
  const around = text !== null && outer !== null ? textLines(outer) : lines;
  const at = around.slice(0, 3).findIndex((line) => OJ_REFERENCE.test(line));
  const reference = at < 0 ? undefined : around[at];
  if (reference !== undefined && around === lines) lines.splice(at, 1);
  const printed = reference === undefined ? null : OJ_REFERENCE.exec(reference);
  if (reference !== undefined && printed !== null) {
    const [, series = '', number = '', day = '', month = '', year = ''] = printed;
    Object.assign(meta, { number: `${series} ${number}`, date: `${Number(day)}.${Number(month)}.${year}` });
    const journal = cleanText(reference.slice(0, printed.index));
    if (journal !== '') meta.journal = journal;
  }
  const titleEnd = lines.findIndex((line) => /[,;:.]$/.test(line));
  const head = lines.slice(0, titleEnd < 0 ? 1 : Math.min(titleEnd, TITLE_LINES));
  const title = head.filter((line) => !/^\(.*\)$/.test(line));
  if (title[0] !== undefined) {
    meta.titleLine = title[0];
    meta.fullTitle = title.join(' ');
  }
  return { blocks: joinBareLabels(structure(lines, head.length)), meta };
}

/** At most this many lines make the act's title. */
const TITLE_LINES = 4;
const OJ_REFERENCE = /\b([A-Z])\s+(\d{1,4})\s*,\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\b/;
const NUMBERED = /^(\p{L}+)\s+(\d+[a-z]?)$/u;
const DIVISION = /^(\p{Lu}{2,})\s+([IVXLCDM]+|\d+)(?:\s+(\p{Lu}[\p{Lu}\d\s,'’()-]*))?$/u;
const ANNEX = /^(\p{Lu}{3,})(?:\s+([IVXLCDM]+|\d+))?$/u;
const PROVISION_OPENING = /^(?:\d{1,3}\.|\((?:[a-z]{1,4}|\d{1,3})\)|[a-z][.)])(?:\s|$)/;
const FOOTNOTE = /^\((\d{1,3})\)\s/;

/** One line per paragraph, list item or table row (its cells joined), in reading order. */
function textLines(root: Element | null): string[] {
  const lines: string[] = [];
  const push = (text: string) => {
    const line = cleanText(text);
    if (line !== '') lines.push(line);
  };
  const holdsBlocks = (el: Element) => DomUtils.findOne((d) => BLOCK.has(d.name), el.children, true) !== null;
  const visit = (el: Element) => {
    if (SKIP.has(el.name)) return;
    if (el.name === 'tr') {
      const cells = el.children.filter((c): c is Element => DomUtils.isTag(c) && (c.name === 'td' || c.name === 'th'));
      return push(cells.map((cell) => cleanText(DomUtils.textContent(cell))).filter(Boolean).join(' | '));
    }
    if (!holdsBlocks(el)) return push(DomUtils.textContent(el));
    // Text beside block children (a run inside the outer <p> around TXT_TE) is a line of its own.
    let run = '';
    for (const child of el.children) {
      if (DomUtils.isTag(child) && (BLOCK.has(child.name) || holdsBlocks(child))) {
        push(run);
        run = '';
        visit(child);
      } else run += DomUtils.textContent(child);
    }
    push(run);
  };
  if (root !== null) visit(root);
  return lines;
}

const SKIP = new Set(['script', 'style', 'head', 'noscript']);
const BLOCK = new Set(['p', 'div', 'table', 'tbody', 'thead', 'tr', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'txt_te', 'blockquote']);

/** The lines as blocks: the title, then divisions, Articles, annexes and footnotes as headings; the rest as text. */
function structure(lines: readonly string[], titleLines: number): Block[] {
  // The Article's word is the one most numbered lines share: more Articles than chapters or sections.
  const words = new Map<string, number>();
  for (const line of lines) {
    const word = NUMBERED.exec(line)?.[1];
    if (word !== undefined) words.set(word, (words.get(word) ?? 0) + 1);
  }
  const [label, count] = [...words].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  const isArticle = (line: string) => count >= 2 && NUMBERED.exec(line)?.[1] === label;
  const lastArticle = lines.findLastIndex(isArticle);
  const firstArticle = lines.findIndex(isArticle);
  const footnotes = footnoteStart(lines, Math.max(lastArticle, 0));
  const blocks: Block[] = [];
  const titled = (next: string | undefined) =>
    next !== undefined && next.length <= 150 && !/[.,;:]$/.test(next) && !PROVISION_OPENING.test(next) && !isArticle(next) && !DIVISION.test(next);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const next = lines[i + 1];
    if (i < titleLines) {
      blocks.push(i === 0 ? { kind: 'heading', level: 1, text: line } : { kind: 'paragraph', text: line });
      continue;
    }
    if (i === footnotes) blocks.push({ kind: 'heading', level: 1, text: 'Footnotes' });
    if (i >= footnotes) {
      blocks.push({ kind: 'paragraph', text: line });
      continue;
    }
    if (isArticle(line)) {
      const title = titled(next) ? next : undefined;
      blocks.push({ kind: 'heading', level: 2, text: title === undefined ? line : `${line}: ${title}` });
      if (title !== undefined) i++;
      continue;
    }
    const division = firstArticle >= 0 && i < lastArticle ? DIVISION.exec(line) : null;
    const annex = lastArticle >= 0 && i > lastArticle ? ANNEX.exec(line) : null;
    if (division !== null || annex !== null) {
      const own = division?.[3]?.trim();
      const heading = own ? `${line.slice(0, line.length - own.length).trim()}: ${own}` : line;
      const title = own === undefined && titled(next) ? next : undefined;
      blocks.push({ kind: 'heading', level: 1, text: title === undefined ? heading : `${heading}: ${title}` });
      if (title !== undefined) i++;
      continue;
    }
    blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks;
}

/**
 * Where the footnotes begin: a run of "(1)", "(2)" … to the end of the text, after the last Article, that no
 * lead-in (a line ending ":") introduces; the text's length when there is none.
 */
function footnoteStart(lines: readonly string[], after: number): number {
  for (let i = after + 1; i < lines.length; i++) {
    // A list right under an annex's heading and title, or after a lead-in, is the annex's or the Article's.
    if (FOOTNOTE.exec(lines[i] ?? '')?.[1] !== '1' || /:$/.test(lines[i - 1] ?? '') || ANNEX.test(lines[i - 1] ?? '') || ANNEX.test(lines[i - 2] ?? '')) continue;
    let n = 1;
    let j = i + 1;
    while (j < lines.length && Number(FOOTNOTE.exec(lines[j] ?? '')?.[1]) === n + 1) {
      n++;
      j++;
    }
    if (j === lines.length) return i;
  }
  return lines.length;
}
