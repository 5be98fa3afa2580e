import { DomUtils, parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { type Block, cleanText } from './blocks.js';

/**
 * EUR-Lex's HTML of an act in the Official Journal ("CONVEX" XHTML, and the older OJ HTML whose classes lack
 * the `oj-` prefix), and of a consolidated version (`title-article-norm`, `norm`, points as `grid-list` rows,
 * amendment markers `▼M1` / `►M1 … ◄`, read as their OJ counterparts and the markers dropped). Everything is
 * read from the markup's classes, never from the words of one language:
 *
 * - `doc-ti`: the act's title lines (the first group) and each annex's number and title (later groups);
 * - `ti-section-1` + `ti-section-2`: chapter / section number and title; `ti-art` + `sti-art`: an Article;
 * - `ti-grseq-1`: a sub-heading inside an annex or article; consecutive ones join ("Section 1: ...");
 * - `normal`, `signatory`: paragraphs; `note`: the footnotes;
 * - a layout table whose first cells hold only a label such as `(a)`, `1.`, `(iv)` or a dash: one point,
 *   written as "label text" with its nested points after it (recitals are such tables too);
 * - `hd-*`: the OJ page header, read for the metadata and left out of the text.
 *
 * An amending act quotes the Articles, Chapters or Annexes it inserts or replaces with the same classes. Such a
 * title (one in a point's cell, one nested inside an Article, one opening with a quotation mark) starts quoted
 * text, which runs to the end of the element holding that title (outside a point or an Article, to a closing
 * quotation mark), and is written
 * as a blockquote: the quoted act's Articles never become headings of the quoting act.
 */
export interface EurLexDocument {
  blocks: Block[];
  meta: EurLexMeta;
}

export interface EurLexMeta {
  /** The act's ELI (`http://data.europa.eu/eli/reg/2024/1689/oj`, or its canonical link), when the page states one. */
  eli?: string;
  canonical?: string;
  /** First title line, e.g. "REGULATION (EU) 2024/1689 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL". */
  titleLine?: string;
  /** The act's full title (all title lines but the EEA-relevance note), one string. */
  fullTitle?: string;
  /** A short title given in brackets at the end of the full title, e.g. "Artificial Intelligence Act". */
  shortTitle?: string;
  /** The OJ header: journal name, series, number and date as printed. */
  journal?: string;
  series?: string;
  number?: string;
  date?: string;
  /** Lower-case language code from the header or the html element. */
  language?: string;
  /** The CELEX number EUR-Lex's page states in its ELI metadata or title (`32016R0679`). */
  celex?: string;
  /** The publication date (YYYY-MM-DD) EUR-Lex's page states in its ELI metadata. */
  publishedIso?: string;
  /** A consolidated version's amending acts, as its header lists them ("►M1 REGULATION (EU) 2026/1744 …"). */
  amendingTitles?: string[];
}

/** True when the text looks like EUR-Lex OJ markup (its class vocabulary), used to pick this reader. */
export function looksLikeEurLex(html: string): boolean {
  return /class="[^"]*\b(?:oj-)?(?:ti-art|doc-ti|sti-art|title-article-norm)\b/.test(html) || /class="[^"]*\beli-subdivision\b/.test(html);
}

const LABEL = /^[‘'"“]?(?:\(?[0-9]+[a-z]?\)|[0-9]+[a-z]?(?:\.[0-9]+)*\.?|\(?[a-z]{1,2}\)|\([ivxlcdm]+\)|[ivxlcdm]+\)|[—–\-•·]|\(\*+\)|\*+)$/i;

type Pending = { level: number; text: string; kind: 'doc' | 'section' | 'article' | 'grseq'; joined: boolean };

export function readEurLexHtml(html: string): EurLexDocument {
  const doc = parseDocument(html, { decodeEntities: true });
  const meta = readMeta(doc.children);
  const reader = new Reader(DomUtils.findOne((el) => hasClass(el, 'eli-main-title'), doc.children, true));
  // CONVEX puts the act and each annex in an eli-container; a consolidated version only its annexes.
  const found = DomUtils.findAll((el) => hasClass(el, 'eli-container'), doc.children);
  const loose = DomUtils.findOne((el) => hasClass(el, 'ti-art') && !hasAncestor(el, 'eli-container'), doc.children, true);
  const containers = loose ? [] : found;
  const roots = containers.length > 0 ? containers.filter((el) => !hasAncestor(el, 'eli-container')) : documentPart(doc.children);
  // Footnotes sit outside the containers in CONVEX; in the older HTML they are inside the body anyway.
  const notes = containers.length > 0 ? DomUtils.findAll((el) => el.name === 'p' && hasClass(el, 'note') && !hasAncestor(el, 'eli-container'), doc.children) : [];
  for (const node of DomUtils.uniqueSort([...roots, ...notes])) reader.walk(node);
  reader.flush();
  const title = reader.titleLines.filter((line) => !/^\(.*\)$/.test(line));
  if (title[0] !== undefined) {
    meta.titleLine = title[0];
    meta.fullTitle = title.join(' ');
    const short = /\(([^()]*[^()\d\s][^()]*)\)\s*$/.exec(title[title.length - 1] ?? '');
    if (short?.[1] && title.length > 1 && !/\d/.test(short[1])) meta.shortTitle = short[1].trim();
  }
  // A footnote's mark, a superscript in brackets, reads "( 8 )" where the markup breaks lines inside the brackets.
  const blocks = joinBareLabels(reader.blocks).map((block) => ({ ...block, text: block.text.replace(/\(\s+(\d{1,3})\s+\)/g, '($1)') }));
  return { blocks, meta };
}

/** A label written as its own inline paragraph (`<p style="display: inline">1. </p>`) belongs to the next one. */
export function joinBareLabels(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    const last = out[out.length - 1];
    if (block.kind === 'paragraph' && last?.kind === 'paragraph' && LABEL.test(last.text)) last.text = `${last.text} ${block.text}`;
    else out.push({ ...block });
  }
  return out;
}

class Reader {
  readonly blocks: Block[] = [];
  readonly titleLines: string[] = [];
  private pending: Pending | undefined;
  private docTitleGroups = 0;

  /** `mainTitle`: the act's title block, when the page marks it; title lines before it (a consolidated version's heading) are text. */
  constructor(private readonly mainTitle: Element | null) {}
  private inTitleGroup = false;
  private containerLevel = 1;
  private notesStarted = false;
  /** While quoting: the element whose end closes the quotation, or null for one closed only by its quotation mark. */
  private quoting: Element | null | undefined;

  walk(node: ChildNode): void {
    if (!DomUtils.isTag(node)) {
      if (DomUtils.isText(node) && cleanText(node.data) !== '') this.paragraph(inlineText(node));
      return;
    }
    const el = node;
    if (SKIP.has(el.name) || classes(el).some((c) => c.startsWith('hd-') || MARKER_CLASSES.has(c))) return;
    if (el.name === 'table') {
      // The OJ page header is a layout table of hd-* paragraphs: metadata, not text.
      if (DomUtils.findOne((e) => classes(e).some((c) => c.startsWith('hd-')), el.children, true)) return;
      this.table(el);
      return;
    }
    if (el.name === 'p' || el.name === 'span') {
      this.para(el);
      return;
    }
    this.container(el);
  }

  /** Walks a block container: runs of inline content become paragraphs, block children are walked. */
  private container(el: Element): void {
    let run: ChildNode[] = [];
    const flushRun = () => {
      const text = cleanText(run.map(inlineText).join(''));
      const last = this.blocks[this.blocks.length - 1];
      // Punctuation left after a quoted block (`’;`) closes that block's sentence.
      if (/^[\p{P}]+$/u.test(text) && !LABEL.test(text) && !this.pending && last?.kind === 'paragraph') last.text += text;
      else if (text !== '') this.paragraph(text);
      run = [];
    };
    for (const child of el.children) {
      if (DomUtils.isTag(child) && !INLINE.has(child.name)) {
        flushRun();
        this.walk(child);
      } else if (DomUtils.isTag(child) && child.name === 'span' && hasBlockDescendant(child)) {
        flushRun();
        this.container(child);
      } else run.push(child);
    }
    flushRun();
    if (this.quoting === el) this.quoting = undefined;
  }

  private para(el: Element): void {
    const cls = classes(el);
    const text = cleanText(inlineText(el)).replace(/^([‘“«„‚]) /, '$1');
    if (text === '') return;
    const is = (c: string) => cls.includes(c);
    if (cls.some((c) => TITLE.test(c)) && this.quotedTitle(el, cls, text)) {
      this.flush();
      this.inTitleGroup = false;
      this.quote(text);
      return;
    }
    if (is('doc-ti') && this.mainTitle && this.docTitleGroups === 0 && !contains(this.mainTitle, el)) return this.paragraph(text);
    if (is('doc-ti')) return this.docTitle(text);
    this.inTitleGroup = false;
    if (is('ti-section-1')) return this.startHeading({ level: 1, text, kind: 'section', joined: false });
    if (is('ti-art')) return this.startHeading({ level: 2, text, kind: 'article', joined: false });
    if (cls.some((c) => c.startsWith('ti-grseq'))) {
      if (this.pending?.kind === 'grseq') {
        this.pending.text += `: ${text}`;
        return;
      }
      return this.startHeading({ level: Math.min(this.containerLevel + 1, 6), text, kind: 'grseq', joined: false });
    }
    if ((is('ti-section-2') && this.pending?.kind === 'section') || (is('sti-art') && this.pending?.kind === 'article')) {
      if (!this.pending.joined) {
        this.pending.text += `: ${text}`;
        this.pending.joined = true;
        return;
      }
    }
    if (is('note') && !hasAncestorTag(el, 'table')) {
      if (!this.notesStarted) {
        this.flush();
        this.blocks.push({ kind: 'heading', level: 1, text: 'Footnotes' });
        this.notesStarted = true;
        this.containerLevel = 1;
      }
    }
    if (hasBlockDescendant(el)) {
      this.container(el);
      return;
    }
    this.paragraph(text);
  }

  /** The first group of title lines is the act's title; every later group is an annex (or other part). */
  private docTitle(text: string): void {
    if (this.inTitleGroup) {
      if (this.docTitleGroups === 1) {
        this.titleLines.push(text);
        this.blocks.push({ kind: 'paragraph', text });
      } else if (this.pending?.kind === 'doc' && !this.pending.joined) {
        this.pending.text += `: ${text}`;
        this.pending.joined = true;
      } else {
        this.flush();
        this.blocks.push({ kind: 'paragraph', text });
      }
      return;
    }
    this.inTitleGroup = true;
    this.docTitleGroups += 1;
    if (this.docTitleGroups === 1) {
      this.flush();
      this.titleLines.push(text);
      this.blocks.push({ kind: 'heading', level: 1, text });
      this.containerLevel = 1;
      return;
    }
    this.startHeading({ level: 1, text, kind: 'doc', joined: false });
  }

  private startHeading(pending: Pending): void {
    this.flush();
    this.pending = pending;
    if (pending.kind !== 'grseq') this.containerLevel = pending.level;
  }

  private paragraph(text: string): void {
    this.inTitleGroup = false;
    this.flush();
    if (text === '') return;
    if (this.quoting !== undefined) this.quote(text);
    else this.blocks.push({ kind: 'paragraph', text });
  }

  /**
   * A title of the quoted act: one in a point's cell, one inside an Article other than that Article's own
   * number and title (the first `ti-art` and `sti-art` of its `art_` subdivision), one opening with a quotation
   * mark unless it is that own title, or any title while quoting already.
   */
  private quotedTitle(el: Element, cls: string[], text: string): boolean {
    if (this.quoting !== undefined || pointCell(el)) return this.startQuote(el);
    const article = articleOf(el);
    const own = ['ti-art', 'sti-art'].find((c) => cls.includes(c));
    // An Article's own title may be a term in quotation marks (the DSA's Article 4, "‘Mere conduit’"): still its title.
    if (article && own && DomUtils.findOne((e) => hasClass(e, own), article.children, true) === el) return false;
    if (OPENING_QUOTE.test(text)) return this.startQuote(el);
    if (!article) return false;
    if (own) return this.startQuote(el);
    // A chapter, section or annex title never sits inside an Article of the act itself.
    return cls.some((c) => /^(?:ti-section-\d|doc-ti)$/.test(c)) ? this.startQuote(el) : false;
  }

  private startQuote(el: Element): true {
    if (this.quoting !== undefined) return true;
    const parent = el.parent && DomUtils.isTag(el.parent) ? el.parent : null;
    // Quoted text in a point or an Article ends with its element; elsewhere only its closing mark ends it.
    this.quoting = parent && (pointCell(el) || articleOf(el)) ? parent : null;
    return true;
  }

  private quote(text: string): void {
    this.blocks.push({ kind: 'quote', text });
    // A quotation held by an element ends with it: a term quoted at the end of one of its sentences ("… the
    // ‘keeper’.") does not end it early. Only one without such an element ends at its closing mark.
    if (this.quoting === null && CLOSING_QUOTE.test(text)) this.quoting = undefined;
  }

  flush(): void {
    if (this.pending) this.blocks.push({ kind: 'heading', level: this.pending.level, text: this.pending.text });
    this.pending = undefined;
  }

  /**
   * A point table: label cell(s) then one content cell; the label is prefixed to the content's first paragraph
   * and nested tables follow as their own paragraphs. Any other table is written one row per paragraph with
   * its cells separated by " | ".
   */
  private table(el: Element): void {
    this.inTitleGroup = false;
    // A data table (class `oj-table`, ruled) whose first column holds numbers is still a table, not points.
    const data = hasClass(el, 'table') || Number(el.attribs['border'] ?? '0') > 0;
    for (const row of rowsOf(el)) {
      const cells = row.children.filter((c): c is Element => DomUtils.isTag(c) && (c.name === 'td' || c.name === 'th'));
      const filled = cells.filter((cell) => cleanText(inlineText(cell)) !== '');
      const last = filled[filled.length - 1];
      const labels = filled.slice(0, -1).map((cell) => cleanText(inlineText(cell)));
      if (last && !data && labels.length > 0 && labels.every((label) => LABEL.test(label))) {
        const start = this.blocks.length;
        this.flush();
        this.container(last);
        const label = labels.join(' ');
        const first = this.blocks.slice(start).findIndex((b) => b.kind === 'paragraph' || b.kind === 'quote');
        const at = first >= 0 ? start + first : -1;
        const target = at >= 0 ? this.blocks[at] : undefined;
        if (target && (target.kind === 'paragraph' || target.kind === 'quote')) target.text = `${label} ${target.text}`;
        else this.blocks.splice(start, 0, { kind: this.quoting === undefined ? 'paragraph' : 'quote', text: label });
        continue;
      }
      if (filled.length === 1 && last) {
        this.container(last);
        continue;
      }
      const text = filled.map((cell) => cleanText(inlineText(cell))).join(' | ');
      if (text !== '') this.paragraph(text);
    }
  }
}

/** Classes of the titles an amending act may quote: Articles, chapters and sections, annexes, annex sub-headings. */
const TITLE = /^(?:ti-art|sti-art|ti-section-\d|doc-ti|ti-grseq-\d)$/;
const OPENING_QUOTE = /^[‘“«„‚]/;
/** A quotation's end: its closing mark, then at most a punctuation mark ("…’;"). */
const CLOSING_QUOTE = /[’”»]\s*[;.,]?$/;

/** A consolidated version's lines naming the act that last changed what follows (`▼M1`, `▼B`). */
const MARKER_CLASSES = new Set(['modref', 'arrow']);
/** The same markers inside text: `►M1 new words ◄`, `▼C1`. */
const INLINE_MARKERS = /[►▼](?:[A-Z]{1,2}\d*)?|\s?◄/g;

const SKIP = new Set(['script', 'style', 'head', 'img', 'col', 'colgroup', 'hr', 'noscript']);
const INLINE = new Set(['a', 'span', 'b', 'i', 'em', 'strong', 'sup', 'sub', 'br', 'abbr', 'q', 'u', 'small', 'font']);

/** Rows of this table only (not of tables nested in its cells). */
function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  const visit = (el: Element) => {
    for (const child of el.children) {
      if (!DomUtils.isTag(child)) continue;
      if (child.name === 'tr') rows.push(child);
      else if (['tbody', 'thead', 'tfoot'].includes(child.name)) visit(child);
    }
  };
  visit(table);
  return rows;
}

/** Text of inline content: `<br>` is a space; a raised number outside a note reference is written `^n` (10^25). */
function inlineText(node: ChildNode): string {
  if (DomUtils.isText(node)) return node.data.replace(INLINE_MARKERS, '');
  if (!DomUtils.isTag(node)) return '';
  if (node.name === 'br') return ' ';
  if (SKIP.has(node.name)) return '';
  const inner = node.children.map(inlineText).join('');
  const cls = classes(node);
  const raised = cls.includes('super') || node.name === 'sup';
  if (raised && !cls.includes('note-tag') && node.parent && !(DomUtils.isTag(node.parent) && node.parent.name === 'a')) {
    return `^${inner.trim()}`;
  }
  if (node.name === 'p' || node.name === 'div' || node.name === 'table' || node.name === 'tr' || node.name === 'td') return ` ${inner} `;
  return inner;
}

function hasBlockDescendant(el: Element): boolean {
  return DomUtils.findOne((child) => ['p', 'div', 'table'].includes(child.name), el.children, true) !== null;
}

/**
 * Class names with EUR-Lex's `oj-` prefix removed, so the older OJ HTML reads the same, and those of a
 * consolidated version named as their OJ counterparts.
 */
function classes(el: Element): string[] {
  return (el.attribs['class'] ?? '').split(/\s+/).filter(Boolean).map((c) => CONSOLIDATED[c] ?? c.replace(/^oj-/, ''));
}

/** A consolidated version's classes for what the OJ HTML calls `ti-art`, `normal` and so on. */
const CONSOLIDATED: Record<string, string> = {
  'title-article-norm': 'ti-art',
  'stitle-article-norm': 'sti-art',
  'title-division-1': 'ti-section-1',
  'title-division-2': 'ti-section-2',
  'title-doc-first': 'doc-ti',
  'title-doc-last': 'doc-ti',
  'title-annex-1': 'doc-ti',
  'title-annex-2': 'doc-ti',
  'title-gr-seq-level-1': 'ti-grseq-1',
  'title-gr-seq-level-2': 'ti-grseq-2',
  norm: 'normal',
  footnote: 'note',
};

function hasClass(el: Element, name: string): boolean {
  return classes(el).includes(name);
}

function hasAncestorTag(el: Element, tag: string): boolean {
  return ancestorWhere(el, (p) => p.name === tag) !== undefined;
}

/** The Article subdivision (`art_5`, `art_10a`; not its parts `art_5.tit_1`) holding the element, in CONVEX. */
function articleOf(el: Element): Element | undefined {
  return ancestorWhere(el, (p) => /^art_[^.]+$/.test(p.attribs['id'] ?? ''));
}

/** The content cell of a numbering table holding the element: a cell after one that holds only a label. */
function pointCell(el: Element): Element | undefined {
  const cell = ancestorWhere(el, (p) => p.name === 'td');
  if (!cell) return undefined;
  const before = DomUtils.prevElementSibling(cell);
  return before && LABEL.test(cleanText(inlineText(before))) ? cell : undefined;
}

function ancestorWhere(el: Element, test: (p: Element) => boolean): Element | undefined {
  for (let p = el.parent; p; p = p.parent) if (DomUtils.isTag(p) && test(p)) return p;
  return undefined;
}

function hasAncestor(el: Element, name: string): boolean {
  return ancestorWhere(el, (p) => hasClass(p, name)) !== undefined;
}

/**
 * Older OJ HTML has no `eli-container`: the act is the smallest element holding every title, article and
 * paragraph of it, which leaves out the menus and sidebars of a page saved from EUR-Lex's website.
 */
function documentPart(nodes: ChildNode[]): Element[] {
  const marked = DomUtils.findAll((el) => classes(el).some((c) => ['doc-ti', 'ti-art', 'normal', 'note'].includes(c)), nodes);
  const first = marked[0];
  if (!first) {
    const body = DomUtils.findOne((el) => el.name === 'body', nodes, true);
    return body ? body.children.filter((c): c is Element => DomUtils.isTag(c)) : [];
  }
  let part: Element | null = first.parent && DomUtils.isTag(first.parent) ? first.parent : null;
  while (part && !marked.every((el) => contains(part as Element, el))) part = part.parent && DomUtils.isTag(part.parent) ? part.parent : null;
  return part ? part.children.filter((c): c is Element => DomUtils.isTag(c)) : [first];
}

function contains(ancestor: Element, el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

export function readMeta(nodes: ChildNode[]): EurLexMeta {
  const meta: EurLexMeta = {};
  const byClass = (name: string) => {
    const el = DomUtils.findOne((e) => hasClass(e, name), nodes, true);
    return el ? cleanText(DomUtils.textContent(el)) : undefined;
  };
  const journal = byClass('hd-ti');
  if (journal) meta.journal = journal;
  const series = byClass('hd-coll');
  if (series) meta.series = series;
  const number = byClass('hd-uniq') ?? byClass('hd-oj');
  if (number) meta.number = number;
  const date = byClass('hd-date');
  if (date) meta.date = date;
  const language = byClass('hd-lg') ?? DomUtils.findOne((e) => e.name === 'html', nodes, true)?.attribs['lang'];
  if (language) meta.language = language.toLowerCase();
  const canonical = DomUtils.findOne((e) => e.name === 'link' && e.attribs['rel'] === 'canonical', nodes, true)?.attribs['href'];
  if (canonical && /^https?:\/\//.test(canonical)) meta.canonical = canonical;
  // A page saved from EUR-Lex's website describes the act in ELI metadata: <meta about="<ELI>" property="eli:…">.
  const eliMeta = DomUtils.findAll((e) => e.name === 'meta' && (e.attribs['property'] ?? '').startsWith('eli:'), nodes);
  const eliProperty = (name: string) => eliMeta.find((e) => e.attribs['property'] === name)?.attribs['content'];
  const described = eliMeta.map((e) => e.attribs['about'] ?? '').find((about) => /^https?:\/\/data\.europa\.eu\/eli\//.test(about));
  const pageTitle = DomUtils.findOne((e) => e.name === 'title', nodes, true);
  const celex = eliProperty('eli:id_local') ?? /\b([03]\d{4}[A-Z]{1,2}\d{4}(?:-\d{8})?)\b/.exec(pageTitle ? DomUtils.textContent(pageTitle) : '')?.[1];
  if (celex && CELEX.test(celex)) meta.celex = celex;
  const published = eliProperty('eli:date_publication');
  if (published && /^\d{4}-\d{2}-\d{2}/.test(published)) meta.publishedIso = published.slice(0, 10);
  // The act's own ELI: its canonical link or ELI metadata, else the "ELI: ..." line printed after the act.
  // Footnotes and annexes cite other acts' ELIs, so the first ELI in the text is not necessarily this one.
  const printedEli = (el: Element) => el.name === 'p' && !hasAncestor(el, 'eli-container') && !hasClass(el, 'note') && /data\.europa\.eu\/eli\//.test(DomUtils.textContent(el));
  const printed =
    DomUtils.findAll((el) => printedEli(el) && /^ELI\s*:/.test(cleanText(DomUtils.textContent(el))), nodes).pop() ??
    DomUtils.findAll(printedEli, nodes).pop();
  const eli = canonical?.includes('/eli/')
    ? canonical
    : (described ?? /https?:\/\/data\.europa\.eu\/eli\/[A-Za-z0-9_./-]+/.exec(printed ? DomUtils.textContent(printed) : '')?.[0]);
  if (eli) meta.eli = eli.replace(/[.)]+$/, '');
  // A consolidated version lists its amending acts above the text, each after a ►M marker; ▼B opens the text.
  const head = DomUtils.textContent(nodes).split('▼B')[0] ?? '';
  const amending = [...head.matchAll(/►M\d+\s*([^►▼]{1,300})/g)].map((m) => cleanText(m[1] ?? ''));
  if (amending.length > 0) meta.amendingTitles = amending;
  return meta;
}

/**
 * A CELEX number of an act of secondary law (sector 3: year, type letter(s), number, `32016R0679`) or of a
 * consolidated version of one (sector 0, with the version's date: `02016R0679-20160504`).
 */
export const CELEX = /^([03])(\d{4})([A-Z]{1,2})(\d{4})(?:\(\d+\))?(?:-(\d{4})(\d{2})(\d{2}))?$/;
