/**
 * Legal structure recognised from a document's own headings and line openings, for any source that has it:
 * Articles and their numbered paragraphs, points (a) (or "a.", "a)") and sub-points (i); recitals (1)..(n) before
 * the first Article; Annexes with their sections and points; the sections of an act numbered by sections ("SEC. 2.",
 * "Section 4.", "§ 5") and their subdivisions; framework identifiers ("GOVERN 1.6", "GV.OC-01"); numbered
 * headings ("3.4", "Appendix B"). Articles and Annexes are read in any official language of the EU. Nothing here
 * names a particular document.
 */

/** `statute`: a section of an act numbered by sections (§ 3(b)(1)); `section`: a numbered heading of any other document. */
export type AddressKind = 'article' | 'recital' | 'annex' | 'framework' | 'statute' | 'section';

/** Where a line or heading sits in its instrument: "Art. 5(1)(f)" is { article, id 5, parts [1, f] }. */
export interface Address {
  kind: AddressKind;
  /** Article, recital or statute section number, Annex numeral, framework identifier or section label. */
  id: string;
  /** An Annex's own sub-division ("Section A"). */
  part?: string;
  /** Paragraph, point and sub-point below `id`. */
  parts: string[];
}

/**
 * An Article's heading in any official language of the EU: the word before its number ("Article 5", "Artikel 5",
 * "Artykuł 5", "Άρθρο 5", French "Article premier" for Article 1), or after it ("5. cikk", "5 artikla", "5.
 * straipsnis", "5. pants", "5. člen").
 */
const ARTICLE_HEAD = new RegExp(
  String.raw`^(?:(?:Article|Artikel|Artículo|Articolo|Artigo|Artykuł|Článek|Článok|Članak|Articolul|Artikolu|Artikkel|Airteagal|Άρθρο|Член)\s+(\d+[a-z]*|premier|1er)(?:\.º|º)?|(\d+[a-z]*)\.?\s+(?:cikk|artikla|straipsnis|pants|člen))(?![\p{L}\d])`,
  'iu',
);
/** The Article number a heading states, or undefined: "Article premier" is Article 1. */
function articleNumber(text: string): string | undefined {
  const match = ARTICLE_HEAD.exec(text);
  const id = match?.[1] ?? match?.[2];
  return id === undefined ? undefined : /^(?:premier|1er)$/i.test(id) ? '1' : id;
}
/** A statute section's number: "2", "4.2", "6-1-1702", "10A". */
export const STATUTE_NUMBER = String.raw`\d+[A-Za-z]?(?:[.-]\d+[A-Za-z]?)*`;
/**
 * A section of an act as bills and statutes head them: "SECTION 1. SHORT TITLE.", "SEC. 2. DEFINITIONS.", "Sec. 4.
 * Ensuring Safety", "§ 5 Scope", a code's "Sec. 551.001. DEFINITIONS." or "6-1-1702. Duties". The word needs its
 * number closed by a full stop, which a report's "Section 3: Methods" or "Section 3.4 Results" does not have.
 */
const STATUTE_HEAD = new RegExp(String.raw`^(?:§{1,2}\s*(${STATUTE_NUMBER})\.?|(?:SECTION|Section|SEC\.|Sec\.)\s+(${STATUTE_NUMBER})\.|(\d+(?:-\d+[A-Za-z]?){2,})\.)(?=\s+\S|$)`);
/** A label that opens a statute section's subdivision: "(a)", "(1)", "(A)", "(iv)", "(II)"; also "1." at its top. */
const STATUTE_LABEL = /^(?:\(([a-z]{1,4}|[A-Z]{1,4}|\d{1,3})\)|(\d{1,3})\.)\s+\S/;
const UPPER_ROMAN = /^[IVX]+$/;
/** A section of an Act headed by its number alone, "12 Duties of providers", "12A Exemptions" (UK style). */
const ACT_SECTION_HEAD = /^(\d+[A-Z]?)\.?(?=\s+\S)/;
/** "Annex III", "ANNEX 2", or an act's only Annex, unnumbered ("ANNEX", "ANNEX: List of products"). */
const ANNEX_HEAD = new RegExp(
  String.raw`^(?:(?:Annex|Annexe|Anhang|Bijlage|Anexo|Allegato|Załącznik|Příloha|Príloha|Priloga|Prilog|Lisa|Anness|Iarscríbhinn|Liite|Anexa|Bilag|Bilaga|Приложение|Παράρτημα)(?:\s+([IVXLC]+|\d+)(?![\p{L}\d])|(?=\s*(?:[:.—–-]|$)))|([IVXLC]+)\.?\s+(?:melléklet|priedas|pielikums)(?![\p{L}\d]))`,
  'iu',
);
const ANNEX_PART = /^(Section|Part)\s+([A-Z]|\d+)\b/i;
const NUMBERED_HEAD = /^(\d+(?:\.\d+)*)\.?\s+\S/;
const LABELLED_HEAD = /^(Appendix|Part)\s+([A-Z]|\d+)\b/i;
/** "1. …", "2.1. …", and a paragraph an amendment inserted, "1a. …" (cited Art. 4(1a)). */
const PARAGRAPH = /^(\d+[a-z]?(?:\.\d+)*)\.\s+\S/;
/** "(a)", "(iv)", "(2)"; also "a." and "a)", as conventions and many national acts letter their points. */
const POINT = /^(?:\(([a-z]{1,4}|\d{1,3})\)|([a-z])[.)])\s+\S/;
/**
 * A framework item's identifier, upper case by definition: a name and a dotted number ("GOVERN 1.6" in the NIST
 * AI RMF), a code and a hyphenated number ("GV.OC-01" and "ID.AM-1" in the NIST CSF, "GV-1.1-001" in NIST AI
 * 600-1, "AC-2" in SP 800-53), or a code and two dotted numbers ("PO.1.1" in the SSDF, SP 800-218).
 */
const NAMED_ID = String.raw`[A-Z]{2,}(?: [A-Z]{2,})* \d+(?:\.\d+)+`;
const CODED_ID = String.raw`[A-Z]{2,}(?:\.[A-Z]{2,})*-\d+(?:[.-]\d+)*`;
const DOTTED_ID = String.raw`[A-Z]{2,}(?:\.\d+){2,}`;
export const FRAMEWORK_ID = `${NAMED_ID}|${CODED_ID}|${DOTTED_ID}`;
/** How many distinct codes of one family ("GV" in "GV.OC-01") make them a framework's items. */
const FAMILY = 3;
/** The group above an item, named by the item's identifier without its last number: "GOVERN 1", "GV.OC", "GV-1.1", "PO.1". */
export const FRAMEWORK_GROUP_ID = String.raw`[A-Z]{2,}(?: [A-Z]{2,})* \d+(?:\.\d+)*|[A-Z]{2,}(?:\.[A-Z]{2,})+|${CODED_ID}|[A-Z]{2,}(?:\.\d+)+`;
const FRAMEWORK_GROUP = new RegExp(`^(?:${FRAMEWORK_GROUP_ID})$`);
/**
 * "GOVERN 1.6: …", "GV.OC-01 – …", also as a list item: an identifier, then a colon or a dash; a code also straight
 * before its text, as a table row sets it ("GV-1.1-001 Align …").
 */
const FRAMEWORK_ITEM = new RegExp(String.raw`^(?:- )?(?:(${FRAMEWORK_ID})(?::(?:\s|$)|\s[–—-]\s)|(${CODED_ID})\s+(?=\p{Lu}))`, 'u');
/** Roman numerals from i to xxxix, in order: sub-point labels, and (in upper case) Annex numbers. */
const ROMAN = Array.from({ length: 39 }, (_, i) => `${['', 'x', 'xx', 'xxx'][Math.floor((i + 1) / 10)] ?? ''}${['', 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix'][(i + 1) % 10] ?? ''}`);
/** A preamble line that is not part of a recital: "HAVE ADOPTED THIS REGULATION:". */
const SHOUTED = /^[A-Z]{2,}[\s,]/;

export interface LineMark {
  /** The element the line belongs to; undefined outside any recognised structure. */
  address?: Address | undefined;
  /** The line starts that element (a numbered paragraph, a point, a recital) rather than continuing one. */
  opens: boolean;
}

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

  /** One line of text (a paragraph or a list item): the element it opens or continues. */
  line(text: string): LineMark {
    const mark = this.mark(text);
    this.previous = text;
    return mark;
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
    const point = pointMatch?.[1] ?? pointMatch?.[2];
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

/**
 * The title of a statute section's heading without its label: "SEC. 2. RECORD KEEPING." → "RECORD KEEPING",
 * "12 Duties of providers" → "Duties of providers"; undefined for a heading that is not one.
 */
export function statuteTitle(heading: string): string | undefined {
  const label = STATUTE_HEAD.exec(heading) ?? ACT_SECTION_HEAD.exec(heading);
  return label === null ? undefined : heading.slice(label[0].length).trim().replace(/\.$/, '');
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** The address as path segments from the instrument down: what ranges and containment compare. */
export function addressKey(a: Address): string[] {
  return [a.kind, a.id, ...(a.part === undefined ? [] : [a.part]), ...a.parts];
}

const paren = (parts: readonly string[]) => parts.map((p) => `(${p})`).join('');

function head(a: Address): string {
  switch (a.kind) {
    case 'article':
      return `Art. ${a.id}`;
    case 'recital':
      return `Recital ${a.id}`;
    case 'annex':
      return `Annex${a.id === '' ? '' : ` ${a.id}`}${a.part === undefined ? '' : `, ${a.part}`}`;
    case 'framework':
      return a.id;
    case 'statute':
      return `§ ${a.id}`;
    case 'section':
      return /^\d/.test(a.id) ? `Section ${a.id}` : a.id;
  }
}

/** "Art. 5(1)(f)", "Recital 44", "Annex III, point 4(a)", "GOVERN 1.6", "Section 3.4". */
export function formatPinpoint(a: Address): string {
  if (a.kind === 'annex' && a.parts.length > 0) return `${head(a)}, point ${a.parts[0]}${paren(a.parts.slice(1))}`;
  return `${head(a)}${paren(a.parts)}`;
}

/**
 * The pinpoint of a run of elements from `a` to `b`: a range of siblings ("Arts. 5(1)(e)-(g)", "Recitals 44-46",
 * "Annex III, points 1-2"), otherwise their closest common element ("Art. 5(1)").
 */
export function formatRange(a: Address, b: Address): string {
  // A run that ends in a deeper or shallower element than it starts is read at the shallower level.
  const level = Math.min(a.parts.length, b.parts.length);
  if (a.parts.length !== b.parts.length && a.kind === b.kind && a.id === b.id && a.part === b.part && level > 0) {
    return formatRange({ ...a, parts: a.parts.slice(0, level) }, { ...b, parts: b.parts.slice(0, level) });
  }
  const ka = addressKey(a);
  const kb = addressKey(b);
  if (ka.join('\u001f') === kb.join('\u001f')) return formatPinpoint(a);
  if (a.kind === 'recital' && b.kind === 'recital') return `Recitals ${a.id}-${b.id}`;
  const siblings = ka.length === kb.length && ka.slice(0, -1).join('\u001f') === kb.slice(0, -1).join('\u001f') && a.parts.length > 0;
  if (siblings) {
    const last = b.parts.at(-1) ?? '';
    if (a.kind === 'annex') {
      return a.parts.length === 1 ? `${head(a)}, points ${a.parts[0]}-${last}` : `${formatPinpoint(a)}-(${last})`;
    }
    if (a.kind === 'article') return `Arts. ${a.id}${paren(a.parts)}-(${last})`;
    if (a.kind === 'statute') return `${formatPinpoint(a)}-(${last})`;
  }
  let common = 0;
  while (common < Math.min(ka.length, kb.length) && ka[common] === kb[common]) common++;
  if (common < 2) return formatPinpoint(a);
  const partsStart = ka.length - a.parts.length;
  return formatPinpoint({ ...a, parts: a.parts.slice(0, Math.max(0, common - partsStart)) });
}

/** The docs page anchor of an element: "Art. 5(1)(f)" → art-5-1-f, "§ 3(b)(1)" → sec-3-b-1. */
export function pinpointAnchor(a: Address): string {
  return formatPinpoint(a)
    .replace('§', 'sec')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** "§ 3(b)", "Sec. 4.2", "Section 3(b)"; "Section 3.4" alone is a numbered heading, not a statute's section. */
const STATUTE_PINPOINT = new RegExp(String.raw`^(?:§{1,2}\s*|Secs?\.?\s*|Sections?\s+(?=[\w.-]+\s*\())(${STATUTE_NUMBER})((?:\s*\(\w+\))*)$`, 'i');

/**
 * Reads a pinpoint as people write it ("Art 5(1)(f)", "Article 99(3)", "recital 44", "Annex III point 4",
 * "GOVERN 1.6"); undefined when the text is not one.
 */
export function parsePinpoint(text: string): Address | undefined {
  const t = text.trim();
  const article = /^(?:Art(?:icle)?s?\.?)\s*(\d+[a-z]?)((?:\s*\(\w+\))*)$/i.exec(t);
  if (article) return { kind: 'article', id: article[1] ?? '', parts: parenParts(article[2] ?? '') };
  const recital = /^Recitals?\s+(\d+)$/i.exec(t);
  if (recital) return { kind: 'recital', id: recital[1] ?? '', parts: [] };
  const annex = /^Annex(?:\s+([IVXLC]+))?(?:,?\s*(Section|Part)\s+([A-Z]|\d+))?(?:,?\s*points?\s+(\d+(?:\.\d+)*)((?:\s*\(\w+\))*))?$/i.exec(t);
  if (annex) {
    const parts = annex[4] === undefined ? [] : [annex[4], ...parenParts(annex[5] ?? '')];
    const a: Address = { kind: 'annex', id: (annex[1] ?? '').toUpperCase(), parts };
    if (annex[2] !== undefined) a.part = `${capitalise(annex[2])} ${annex[3] ?? ''}`;
    return a;
  }
  if (FRAMEWORK_GROUP.test(t)) return { kind: 'framework', id: t, parts: [] };
  const statute = STATUTE_PINPOINT.exec(t);
  if (statute) return { kind: 'statute', id: statute[1] ?? '', parts: parenParts(statute[2] ?? '') };
  const section = /^(?:Section\s+(\d+(?:\.\d+)*)|(Appendix|Part)\s+([A-Z]|\d+))$/i.exec(t);
  if (section) return { kind: 'section', id: section[1] ?? `${capitalise(section[2] ?? '')} ${section[3] ?? ''}`, parts: [] };
  return undefined;
}

/** The labels of "(1)(f)": ['1', 'f']. */
export function parenParts(text: string): string[] {
  return Array.from(text.matchAll(/\((\w+)\)/g), (m) => m[1] ?? '');
}

/** True when `inner` is `outer` or lies within it (Art. 5(1)(f) within Art. 5). */
export function within(inner: Address, outer: Address): boolean {
  const ki = addressKey(inner);
  const ko = addressKey(outer);
  return ko.length <= ki.length && ko.every((segment, i) => segment === ki[i]);
}

/** A chunk's pinpoint read back as the first and last element it covers ("Arts. 5(1)(e)-(g)": 5(1)(e) to 5(1)(g)). */
export function pinpointSpan(pinpoint: string): { from: Address; to: Address } | undefined {
  const single = parsePinpoint(pinpoint);
  if (single !== undefined) return { from: single, to: single };
  const recitals = /^Recitals (\d+)-(\d+)$/.exec(pinpoint);
  if (recitals) return { from: { kind: 'recital', id: recitals[1] ?? '', parts: [] }, to: { kind: 'recital', id: recitals[2] ?? '', parts: [] } };
  const points = /^(Annex(?: [IVXLC]+)?(?:, (?:Section|Part) \w+)?), points (\S+)-(\S+)$/.exec(pinpoint);
  if (points) {
    const from = parsePinpoint(`${points[1]}, point ${points[2]}`);
    const to = parsePinpoint(`${points[1]}, point ${points[3]}`);
    return from && to ? { from, to } : undefined;
  }
  const range = /^(.*)-\((\w+)\)$/.exec(pinpoint.replace(/^Arts\./, 'Art.'));
  const from = range ? parsePinpoint(range[1] ?? '') : undefined;
  if (!range || from === undefined || from.parts.length === 0) return undefined;
  return { from, to: { ...from, parts: [...from.parts.slice(0, -1), range[2] ?? ''] } };
}

/** Order of a paragraph, point or sub-point label among its siblings: 3.1 < 3.2, (a) < (b), (ii) < (iv). */
function ordinal(label: string): number {
  if (/^\d/.test(label)) return label.split('.').reduce((sum, n, i) => sum + Number(n) / 1000 ** i, 0);
  const roman = ROMAN.indexOf(label);
  return label.length > 1 && roman >= 0 ? roman + 1 : label.charCodeAt(0) - 96;
}

/**
 * The framework items a document lists ("- GOVERN 1.6: …", "GV.OC-01: …"), by identifier, in order. A code with a
 * hyphenated number counts only among FAMILY codes of its family ("GV.OC-01", "GV.OC-02", "GV.RM-01"), as a
 * framework lists many: a line opening "COVID-19: …", or a report number cited twice ("GAO-17-63: …"), is prose.
 */
export function frameworkItemIds(markdown: string | readonly string[]): string[] {
  const lines = typeof markdown === 'string' ? markdown.split('\n') : markdown;
  const ids = lines.flatMap((line) => itemLabel(line.trim()) ?? []);
  const family = (id: string) => /^[A-Z]+/.exec(id)?.[0] ?? '';
  const families = new Map<string, Set<string>>();
  for (const id of ids) families.set(family(id), (families.get(family(id)) ?? new Set()).add(id));
  return ids.filter((id) => id.includes(' ') || (families.get(family(id))?.size ?? 0) >= FAMILY);
}

/** The identifier a line opens on as an item's label ("GOVERN 1.6" in "- GOVERN 1.6: …"), whether or not it counts. */
export function itemLabel(line: string): string | undefined {
  const match = FRAMEWORK_ITEM.exec(line);
  return match?.[1] ?? match?.[2];
}

/** The group an item belongs to: "GOVERN 1.6" → "GOVERN 1", "GV.OC-01" → "GV.OC", "GV-1.1-001" → "GV-1.1". */
export function frameworkGroupOf(id: string): string {
  return id.replace(/[.-]\d+$/, '');
}

/** The group a heading names: "GOVERN 1: Policies …", "GV.OC: …", or, after a name, "Organizational Context (GV.OC)". */
function groupHeading(text: string): string | undefined {
  const lead = /^([^:(]{2,40}?)(?::\s|\s+[–—-]\s|$)/.exec(text)?.[1];
  if (lead !== undefined && FRAMEWORK_GROUP.test(lead)) return lead;
  const named = /\(([^()]{2,20})\)(?::|\s*$)/.exec(text)?.[1];
  return named !== undefined && FRAMEWORK_GROUP.test(named) ? named : undefined;
}

/** True when a chunk covering `span` holds part of `wanted`, or all of it. */
export function spanMeets(span: { from: Address; to: Address }, wanted: Address): boolean {
  const { from, to } = span;
  if (within(from, wanted) || within(to, wanted) || within(wanted, from)) return true;
  const kf = addressKey(from);
  // A single element meets only what contains it or what it contains: Annex II does not meet Annex III.
  if (kf.join('\u001f') === addressKey(to).join('\u001f')) return false;
  const kw = addressKey(wanted).slice(0, kf.length);
  if (kw.length < kf.length || kf.slice(0, -1).join('\u001f') !== kw.slice(0, -1).join('\u001f')) return false;
  const at = (key: string[]) => ordinal(key.at(-1) ?? '');
  const inside = at(kf) <= at(kw) && at(kw) <= at(addressKey(to));
  return from.kind === 'recital' ? Number(from.id) <= Number(wanted.id) && Number(wanted.id) <= Number(to.id) : inside;
}

/** A statute section as a question cites it: "§ 3(b)", "Sec. 4.2", "section 3(b)"; a bare "Section 2" is a heading's number. */
const STATUTE_MENTION = String.raw`§§?\s*${STATUTE_NUMBER}(?:\s*\(\w{1,4}\))*|\bSecs?\.\s*${STATUTE_NUMBER}(?:\s*\(\w{1,4}\))*|\bSections?\s+${STATUTE_NUMBER}(?:\s*\(\w{1,4}\))+`;
const LEGAL_MENTION = new RegExp(
  String.raw`\b(?:Art(?:icle)?s?\.?\s*\d+[a-z]?(?:\s*\(\w{1,4}\))*|Recitals?\s+\d+|Annex(?:es)?\s+[IVXLC]+\b(?:,?\s*(?:Section|Part)\s+[A-Z0-9]\b)?(?:,?\s*points?\s+\d+(?:\.\d+)*(?:\s*\(\w{1,4}\))*)?)|${STATUTE_MENTION}`,
  'gi',
);
/** Framework identifiers are upper case by definition; matched without the case-insensitive flag, not inside a longer code. */
const FRAMEWORK_MENTION = new RegExp(String.raw`(?<![\w.-])(?:${FRAMEWORK_ID})\b`, 'g');

/** What joins the numbers of a list: "9, 10 and 11", "8 to 15", "4(1) and (2)", "5, 6, and 7", "4 through 6". */
export const LIST_JOIN = String.raw`\s*(?:,\s*(?:and\/or|and|or)?|and\/or|and|or|to|through|-|–)\s*`;
/** One further item of a list in a question: "and 10", "to 15", "and (b)", "and Article 12". */
const QUESTION_LIST_ITEM = new RegExp(String.raw`(${LIST_JOIN})(?:(?:Art(?:icle)?s?\.?|Recitals?|points?|Secs?\.|§§?|Annex(?:es)?)\s*)?(?:(\d+[a-z]?|[IVXLC]+\b)((?:\s*\(\w{1,4}\))*)|((?:\s*\(\w{1,4}\))+))`, 'iy');

/** Pinpoints written in a text, with where they stand; a list after one ("Articles 9 and 10") names each. */
function citations(text: string): { address: Address; at: number; end: number }[] {
  const found: { address: Address; at: number; end: number }[] = [];
  for (const match of text.matchAll(LEGAL_MENTION)) {
    const head = parsePinpoint(match[0].replace(/\s+(?=\()/g, '').replace(/^annex(?:es)?\s+(\w+)/i, (_, n: string) => `Annex ${n.toUpperCase()}`));
    if (head === undefined) continue;
    const end = match.index + match[0].length;
    found.push({ address: head, at: match.index, end });
    const plural = /^(?:Art(?:icle)?s\b|Recitals\b|Annexes\b|§§|Secs\.|Sections\b)|\bpoints\s/i.test(match[0]);
    const numbered = (number: string, parts: string) => listedAddress(head, number, parts, /^annexes\b/i.test(match[0]));
    for (const item of listItems(text, end, head, QUESTION_LIST_ITEM, (word) => plural || /[a-z§]/i.test(word), numbered)) {
      found.push(...item.addresses.map((address) => ({ address, at: item.at, end: item.end })));
    }
  }
  for (const match of text.matchAll(FRAMEWORK_MENTION)) found.push({ address: { kind: 'framework', id: match[0], parts: [] }, at: match.index, end: match.index + match[0].length });
  return found;
}

/** Pinpoints written in a text ("Art 5(1)(f)", "Articles 9 and 10", "recital 44", "Annex III point 4", "GOVERN 1.6"). */
export function findPinpoints(text: string): Address[] {
  return citations(text).map((c) => c.address);
}

/** The text without its pinpoints: what else a query asks besides the provision it cites. */
export function stripCitations(text: string): string {
  let out = text;
  for (const { at, end } of citations(text)) out = out.slice(0, at) + ' '.repeat(end - at) + out.slice(end);
  return out;
}

/**
 * What a number in a list after `head` names: an Article (or recital, or section) of that number; after an Annex a
 * point of it, or after "Annexes" another Annex by its Roman number ("Annexes VI and VII"). A Roman numeral anywhere
 * else, or written in lower case, ends the list.
 */
export function listedAddress(head: Address, number: string, parts: string, annexes: boolean): Address | undefined {
  const roman = /^[IVXLC]+$/i.test(number);
  if (roman) return annexes && /^[IVXLC]+$/.test(number) ? { kind: 'annex', id: number, parts: parenParts(parts) } : undefined;
  if (annexes) return undefined;
  return head.kind === 'annex' ? { ...head, parts: [number, ...parenParts(parts)] } : { ...head, id: number, parts: parenParts(parts) };
}

/** A range longer than this is not spelled out ("Articles 1 to 113" names the act, not 113 provisions). */
const MAX_RANGE = 30;

/**
 * The further provisions a list after a mention of `head` names, read from text[from…] with `pattern` (sticky; its
 * groups: the separator, a number and its parts, or labels alone): per item the provisions it names (those a
 * range passes over first) and where the item is written. A number continues the list only where `accepts` the
 * words written before it ("Article 12" after "Article 9 and"), or the head was a plural.
 */
export function* listItems(
  text: string,
  from: number,
  head: Address,
  pattern: RegExp,
  accepts: (word: string) => boolean,
  numbered: (number: string, parts: string) => Address | undefined,
): Generator<{ addresses: Address[]; at: number; end: number }> {
  let last = head;
  let at = from;
  for (;;) {
    pattern.lastIndex = at;
    const item = pattern.exec(text);
    if (item === null) return;
    const [whole, separator = '', number, parts = '', parens = ''] = item;
    const end = item.index + whole.length;
    const written = end - (number ?? '').length - parts.length - parens.length;
    if (number !== undefined && !accepts(text.slice(item.index + separator.length, written))) return;
    const next = number === undefined ? siblingOf(last, parens) : numbered(number, parts);
    if (next === undefined) return;
    yield { addresses: rangeTo(last, next, separator), at: written, end };
    last = next;
    at = end;
  }
}

/**
 * "(2)" after "Article 4(1)", or after "Article 5(1), first subparagraph, point (h)": the deepest label of its kind
 * in `last` replaced; undefined when `last` has no label of that kind.
 */
export function siblingOf(last: Address, parens: string): Address | undefined {
  const labels = parenParts(parens);
  const level = last.parts.findLastIndex((part) => sameKind(part, labels[0] ?? ''));
  return level < 0 ? undefined : { ...last, parts: [...last.parts.slice(0, level), ...labels] };
}

/** Labels of one level of a provision: numbers, letters ("(a)"), roman numerals ("(ii)", and "(i)" for either). */
function sameKind(a: string, b: string): boolean {
  const kind = (label: string) => (/^\d+$/.test(label) ? 'number' : /^[ivx]{2,}$/.test(label) ? 'roman' : /^[a-z]$/.test(label) ? 'letter' : 'other');
  const [ka, kb] = [kind(a), kind(b)];
  return ka === kb || (/^[ivx]$/.test(a) && kb === 'roman') || (/^[ivx]$/.test(b) && ka === 'roman');
}

/**
 * What a list separator names from `last` to `next`: `next` alone, or for "to" every sibling between and `next`
 * ("Articles 8 to 15", "paragraphs 3 to 5", "points (a) to (d)").
 */
export function rangeTo(last: Address, next: Address, separator: string): Address[] {
  const depth = next.parts.length;
  const siblings = last.kind === next.kind && last.parts.length === depth && (depth === 0 || (last.id === next.id && last.parts.slice(0, -1).join() === next.parts.slice(0, -1).join()));
  const steps = siblings && /^(?:to|through|-|–)$/i.test(separator.trim()) ? labelsAfter(depth === 0 ? last.id : (last.parts.at(-1) ?? ''), depth === 0 ? next.id : (next.parts.at(-1) ?? '')) : undefined;
  if (steps === undefined) return [next];
  return steps.map((label) => (depth === 0 ? { ...next, id: label } : { ...next, parts: [...next.parts.slice(0, -1), label] }));
}

/**
 * The labels after `a` up to `b`, at most MAX_RANGE of them: both numbers, both single letters, or both Roman
 * numerals of one case ("(i) to (iii)", "Annexes VI to VIII"; two single letters such as "(i) to (v)" stay letters).
 */
function labelsAfter(a: string, b: string): string[] | undefined {
  const numbers = /^\d+$/.test(a) && /^\d+$/.test(b);
  const letters = /^[a-z]$/.test(a) && /^[a-z]$/.test(b);
  const upper = /^[IVXLC]+$/.test(a) && /^[IVXLC]+$/.test(b);
  const roman = !letters && (upper || (/^[ivxlc]+$/.test(a) && /^[ivxlc]+$/.test(b)));
  if (!numbers && !letters && !roman) return undefined;
  const value = (label: string) => (numbers ? Number(label) : roman ? ROMAN.indexOf(label.toLowerCase()) + 1 : label.charCodeAt(0));
  const [from, to] = [value(a), value(b)];
  if (!(to > from) || to - from > MAX_RANGE || (roman && from === 0)) return undefined;
  return Array.from({ length: to - from }, (_, i) => {
    const n = from + i + 1;
    if (numbers) return String(n);
    if (!roman) return String.fromCharCode(n);
    return upper ? (ROMAN[n - 1] ?? '').toUpperCase() : (ROMAN[n - 1] ?? '');
  });
}
