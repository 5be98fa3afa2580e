/**
 * Legal structure recognised from a document's own headings and line openings, for any source that has it:
 * Articles and their numbered paragraphs, points (a) (or "a.", "a)") and sub-points (i); recitals (1)..(n) before
 * the first Article; Annexes with their sections and points; the sections of an act numbered by sections ("SEC. 2.",
 * "Section 4.", "§ 5") and their subdivisions; framework identifiers ("GOVERN 1.6", "GV.OC-01"); numbered
 * headings ("3.4", "Appendix B"). Articles and Annexes are read in any official language of the EU. Nothing here
 * names a particular document. How addresses, headings and framework items are written is the legal-address
 * kernel's (src/core/legal/); this is the reading of a document, line by line, with it.
 */
import { ROMAN, capitalise, type Address } from '../legal/address.js';
import { frameworkGroupOf, frameworkItemIds, groupHeading, itemLabel } from '../legal/framework.js';
import { ACT_SECTION_HEAD, ANNEX_HEAD, STATUTE_HEAD, articleNumber } from '../legal/headings.js';

/** A label that opens a statute section's subdivision: "(a)", "(1)", "(A)", "(iv)", "(II)"; also "1." at its top. */
const STATUTE_LABEL = /^(?:\(([a-z]{1,4}|[A-Z]{1,4}|\d{1,3})\)|(\d{1,3})\.)\s+\S/;
const UPPER_ROMAN = /^[IVX]+$/;
const ANNEX_PART = /^(Section|Part)\s+([A-Z]|\d+)\b/i;
const NUMBERED_HEAD = /^(\d+(?:\.\d+)*)\.?\s+\S/;
const LABELLED_HEAD = /^(Appendix|Part)\s+([A-Z]|\d+)\b/i;
/** "1. …", "2.1. …", and a paragraph an amendment inserted, "1a. …" (cited Art. 4(1a)). */
const PARAGRAPH = /^(\d+[a-z]?(?:\.\d+)*)\.\s+\S/;
/**
 * "(a)", "(iv)", "(2)"; also "a." and "a)", as conventions and many national acts letter their points; and "1)",
 * as the French and other language versions of EU acts number their definitions (Art. 3(1) of the AI Act is
 * "1) «système d’IA», …" in French); ingest escapes that line start ("\\1)") so that Markdown keeps it a paragraph.
 */
const POINT = /^(?:\(([a-z]{1,4}|\d{1,3})\)|([a-z])[.)]|\\?(\d{1,3})\))\s+\S/;
/** A preamble line that is not part of a recital: "HAVE ADOPTED THIS REGULATION:". */
const SHOUTED = /^[A-Z]{2,}[\s,]/;

export interface LineMark {
  /** The element the line belongs to; undefined outside any recognised structure. */
  address?: Address | undefined;
  /** The line starts that element (a numbered paragraph, a point, a recital) rather than continuing one. */
  opens: boolean;
}

/** A line opening a quotation: an English or a French opening mark first. */
const QUOTE_START = /^[‘«]/;
/** A line closing one: a closing mark last, but for the punctuation ending the amending point ("’;", "».\""). */
const QUOTE_END = /[’»][\s;.,:"”)]{0,4}$/;

/**
 * Reads a document top to bottom, heading by heading and line by line, and says where each sits. Framework
 * category headings ("GOVERN 1: …") count only when the document has items under them ("GOVERN 1.1: …"), and
 * recitals only in a document with Articles.
 */
export class StructureTracker {
  private context: { kind: 'article' | 'annex' | 'statute'; id: string; depth: number; part?: string; root?: string } | undefined;
  private sawArticle = false;
  private lastRecital = 0;
  private recitalsClosed = false;
  private para: string | undefined;
  private point: string | undefined;
  private sub: string | undefined;
  /** The Article numbers its points (1), (2) without paragraphs, as definitions do. */
  private numberedPoints = false;
  private previous = '';
  /** Inside a quotation that runs over several lines: an amending act's new wording, whose numbers are not its own. */
  private quoting = false;
  private section: Address | undefined;
  private readonly frameworkItems: Set<string>;
  private readonly frameworkGroups: Set<string>;
  /**
   * In a statute section, the label styles in the order they first appear, which is their order of depth: bills
   * letter before they number ("(a)(1)(A)(i)"), other acts number before they letter ("(1)(a)(i)").
   */
  private styles: LabelStyle[] = [];
  private labels: string[] = [];
  /** Headings numbered "1 Overview" are statute sections: most of them open on subsection (1), as UK Acts print them. */
  private readonly sectionsAreStatute: boolean;

  constructor(markdown: string) {
    // Recitals are the preamble of an act with Articles: elsewhere "(1) …" is a numbered list or a subsection.
    this.recitalsClosed = !markdown.split('\n').some((line) => /^#{1,6}\s/.test(line) && articleNumber(line.replace(/^#{1,6}\s+/, '')) !== undefined);
    this.frameworkItems = new Set(frameworkItemIds(markdown));
    this.frameworkGroups = new Set([...this.frameworkItems].map(frameworkGroupOf));
    this.sectionsAreStatute = subsectionedHeadings(markdown);
  }

  /** A heading: returns its own address (the section's pinpoint), or undefined. */
  heading(text: string, depth: number): Address | undefined {
    this.para = this.point = this.sub = undefined;
    this.numberedPoints = false;
    this.previous = '';
    this.quoting = false;
    this.styles = [];
    this.labels = [];
    const article = articleNumber(text);
    if (article !== undefined) {
      this.sawArticle = true;
      this.context = { kind: 'article', id: article, depth };
      return (this.section = { kind: 'article', id: article, parts: [] });
    }
    const statuteHead = STATUTE_HEAD.exec(text);
    const statute = statuteHead?.[1] ?? statuteHead?.[2] ?? statuteHead?.[3];
    if (statute !== undefined) return this.openStatute(statute, depth);
    const annexHead = ANNEX_HEAD.exec(text);
    const annex = annexHead === null ? undefined : (annexHead[1] ?? annexHead[2] ?? '');
    if (annex !== undefined) {
      this.context = { kind: 'annex', id: annex.toUpperCase(), depth };
      return (this.section = { kind: 'annex', id: annex.toUpperCase(), parts: [] });
    }
    if (this.context !== undefined && depth > this.context.depth) {
      if (this.context.kind === 'annex') {
        const part = ANNEX_PART.exec(text);
        if (part) {
          this.context.part = `${capitalise(part[1] ?? '')} ${part[2] ?? ''}`;
          return (this.section = { kind: 'annex', id: this.context.id, part: this.context.part, parts: [] });
        }
        const numbered = NUMBERED_HEAD.exec(text)?.[1];
        if (numbered !== undefined) {
          this.para = numbered;
          return (this.section = this.address([numbered]));
        }
      }
      // An executive order's "Sec. 4." holds "4.1.", "4.2.", each cited as a section of its own (§ 4.2(a)).
      const sub = this.context.kind === 'statute' ? NUMBERED_HEAD.exec(text)?.[1] : undefined;
      if (sub !== undefined && sub.startsWith(`${this.context.root ?? ''}.`)) {
        this.context.id = sub;
        return (this.section = { kind: 'statute', id: sub, parts: [] });
      }
      return this.section;
    }
    this.context = undefined;
    const framework = groupHeading(text);
    if (framework !== undefined && this.frameworkGroups.has(framework)) return (this.section = { kind: 'framework', id: framework, parts: [] });
    const act = this.sectionsAreStatute ? ACT_SECTION_HEAD.exec(text)?.[1] : undefined;
    if (act !== undefined) return this.openStatute(act, depth);
    const numbered = NUMBERED_HEAD.exec(text)?.[1];
    if (numbered !== undefined) return (this.section = { kind: 'section', id: numbered, parts: [] });
    const labelled = LABELLED_HEAD.exec(text);
    if (labelled) return (this.section = { kind: 'section', id: `${capitalise(labelled[1] ?? '')} ${labelled[2] ?? ''}`, parts: [] });
    return (this.section = undefined);
  }

  /**
   * One line of text (a paragraph or a list item): the element it opens or continues. `block`: all the lines of the
   * block it opens (a quoted Article spans a whole blockquote), read for where a quotation ends.
   */
  line(text: string, block: readonly string[] = [text]): LineMark {
    // A line of punctuation alone (the ";" ending a quoted amendment) continues what it follows, as quoted text does.
    const continues = this.quoted(block.join('\n')) || !/[\p{L}\p{N}]/u.test(text);
    const mark = continues ? { address: this.address([this.para, this.point, this.sub].filter((p): p is string => p !== undefined)), opens: false } : this.mark(text);
    this.previous = text;
    return mark;
  }

  /**
   * Whether a line is quoted text: the wording an amending act inserts ("‘1b. For the purposes of …", "‘(ba) the
   * placing on the market …’"), which continues the amending point it belongs to. A quotation opens on a line
   * starting with an opening mark left open on it, and closes on a line ending with a closing mark (before its
   * punctuation); a line quoted whole is quoted too. A term in quotes ("‘provider’ means …") is not a quotation.
   */
  private quoted(text: string): boolean {
    const t = text.trim();
    const ends = QUOTE_END.test(t);
    if (this.quoting) {
      if (ends) this.quoting = false;
      return true;
    }
    if (!QUOTE_START.test(t)) return false;
    // Closing marks before a letter are apostrophes ("Commission’s"), not quotes.
    const open = (t.match(/[‘«]/g) ?? []).length;
    const close = (t.match(/’(?!\p{L})|»/gu) ?? []).length;
    if (open > close) {
      this.quoting = !ends;
      return true;
    }
    return ends;
  }

  private mark(text: string): LineMark {
    const framework = itemLabel(text);
    if (framework !== undefined && this.frameworkItems.has(framework)) return { address: { kind: 'framework', id: framework, parts: [] }, opens: true };
    if (this.context === undefined) return this.preambleLine(text);
    if (this.context.kind === 'statute') return this.statuteLine(text);
    const paragraph = PARAGRAPH.exec(text)?.[1];
    if (paragraph !== undefined) {
      this.para = paragraph;
      this.numberedPoints = false;
      this.point = this.sub = undefined;
      return { address: this.address([paragraph]), opens: true };
    }
    const pointMatch = POINT.exec(text);
    const point = pointMatch?.[1] ?? pointMatch?.[2] ?? pointMatch?.[3];
    if (point !== undefined) {
      if (/^\d+$/.test(point) && (this.para === undefined || this.numberedPoints)) {
        this.numberedPoints = true;
        // Numbered points straight under an Article (its definitions) are cited like paragraphs: Art. 3(1).
        this.para = point;
        this.point = this.sub = undefined;
        return { address: this.address([point]), opens: true };
      }
      const isSub =
        (this.sub !== undefined && point === ROMAN[ROMAN.indexOf(this.sub) + 1]) ||
        (point === 'i' && this.point !== undefined && this.previous.trimEnd().endsWith(':'));
      if (isSub) this.sub = point;
      else {
        this.point = point;
        this.sub = undefined;
      }
      const parts = [this.para, this.point, this.sub].filter((p): p is string => p !== undefined);
      return { address: this.address(parts), opens: true };
    }
    // Unnumbered text continues the paragraph (a further subparagraph), not the last point.
    this.point = this.sub = undefined;
    return { address: this.address(this.para === undefined ? [] : [this.para]), opens: false };
  }

  private openStatute(id: string, depth: number): Address {
    this.context = { kind: 'statute', id, depth, root: id };
    return (this.section = { kind: 'statute', id, parts: [] });
  }

  /** A line of a statute section: its labels nest in the order their styles first appeared in the section. */
  private statuteLine(text: string): LineMark {
    const label = STATUTE_LABEL.exec(text);
    const name = label?.[1] ?? label?.[2];
    if (name === undefined) return { address: this.address(this.labels.slice(0, 1)), opens: false };
    const style = this.styleOf(name);
    let level = this.styles.indexOf(style);
    if (level === -1) level = this.styles.push(style) - 1;
    this.labels = [...this.labels.slice(0, level), name];
    return { address: this.address(this.labels), opens: true };
  }

  /**
   * "(ii)", "(v)", "(x)" are numerals after the numeral before them; "(i)" is one unless the letters have reached
   * "(h)" and the line before does not lead into sub-points (ends on ":" or a dash).
   */
  private styleOf(label: string): LabelStyle {
    if (/^\d/.test(label)) return 'number';
    const upper = label === label.toUpperCase();
    const [letters, numerals] = upper ? (['upper', 'upper-roman'] as const) : (['lower', 'roman'] as const);
    const current = (style: LabelStyle) => {
      const at = this.styles.indexOf(style);
      return at === -1 ? undefined : this.labels[at];
    };
    const roman = ROMAN.indexOf(label.toLowerCase());
    if (roman === -1 || (upper && !UPPER_ROMAN.test(label))) return letters;
    const letter = current(letters);
    const numeral = current(numerals);
    if (numeral !== undefined && ROMAN.indexOf(numeral.toLowerCase()) === roman - 1) return numerals;
    if (roman === 0 && (letter?.toLowerCase() !== 'h' || /[:—–-]\s*$/.test(this.previous))) return numerals;
    return letters;
  }

  /** Before the first Article: recitals (1)..(n), numbered in sequence. */
  private preambleLine(text: string): LineMark {
    if (this.sawArticle || this.recitalsClosed) return { address: this.section, opens: false };
    const n = /^\((\d+)\)\s+\S/.exec(text)?.[1];
    if (n !== undefined && Number(n) === this.lastRecital + 1) {
      this.lastRecital = Number(n);
      return { address: { kind: 'recital', id: n, parts: [] }, opens: true };
    }
    if (this.lastRecital > 0 && SHOUTED.test(text)) this.recitalsClosed = true;
    if (this.lastRecital > 0 && !this.recitalsClosed) return { address: { kind: 'recital', id: String(this.lastRecital), parts: [] }, opens: false };
    return { address: this.section, opens: false };
  }

  private address(parts: string[]): Address {
    const context = this.context;
    if (context === undefined) return { kind: 'section', id: '', parts };
    return context.part === undefined ? { kind: context.kind, id: context.id, parts } : { kind: context.kind, id: context.id, part: context.part, parts };
  }
}

type LabelStyle = 'number' | 'lower' | 'roman' | 'upper' | 'upper-roman';

/**
 * Whether a document's whole-number headings ("## 12 Duties of providers") are the sections of an Act: at least
 * two of them, and most, open on "(1) …". A report's "1 Introduction" opens on prose.
 */
function subsectionedHeadings(markdown: string): boolean {
  const lines = markdown.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  let headings = 0;
  let opening = 0;
  lines.forEach((line, i) => {
    if (!/^#{1,6}\s/.test(line) || !ACT_SECTION_HEAD.test(line.replace(/^#+\s+/, ''))) return;
    headings++;
    if (/^\(1\)\s/.test(lines[i + 1] ?? '')) opening++;
  });
  return opening >= 2 && opening * 2 > headings;
}
