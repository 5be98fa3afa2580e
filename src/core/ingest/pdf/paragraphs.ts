import { itemLabel } from '../../legal/framework.js';
import { LAYOUT } from './layout-params.js';
import type { Line } from './line.js';
import { BULLET, GROUP_LINE, NAMED_GROUP, PROVISION_OPENING } from './openings.js';

/**
 * Paragraphs from the lines not dropped: a vertical gap clearly larger than the document's line spacing, a change
 * of type size, a bullet or an identifier starts a new one, and so does a numbered paragraph or a point ("2. …",
 * "(a) …", "b) …") after a line that ends a sentence or a clause. Words hyphenated at a line end are joined when the
 * document itself uses the joined word (else the hyphen stays if the document uses the hyphenated form), and so are
 * the pieces of a word cut where the text layer lacks the hyphen. A heading line is a paragraph of its own.
 */
export function readParagraphs(all: readonly Line[]): { paragraphs: Paragraph[]; vocabulary: Vocabulary } {
  const lines = all.filter((line) => !line.drop);
  const vocabulary = wordsOf(lines);
  const spacing = lineSpacing(lines);
  const paragraphs: Paragraph[] = [];
  let current: Paragraph | undefined;
  for (const line of lines) {
    const target = line.heading === undefined ? (current && continues(current.last, line, spacing) ? current : carriedOver(paragraphs, line)) : undefined;
    if (target && target.heading === undefined) {
      target.text = joinLines(target.text, line.text, vocabulary);
      target.last = line;
      target.single = false;
      current = target;
    } else {
      current = { text: line.text, first: line, last: line, page: line.page, single: true, ...(line.heading === undefined ? {} : { heading: line.heading }) };
      paragraphs.push(current);
    }
  }
  return { paragraphs, vocabulary };
}

export interface Paragraph {
  text: string;
  first: Line;
  last: Line;
  page: number;
  single: boolean;
  heading?: number;
}

/** The usual baseline distance as a multiple of the type size, from consecutive lines of one size. */
function lineSpacing(lines: Line[]): number {
  const S = LAYOUT.spacing;
  const counts = new Map<number, number>();
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1];
    const b = lines[i];
    if (!a || !b || a.page !== b.page || Math.abs(a.size - b.size) > LAYOUT.type.sameSize || a.size <= 0) continue;
    const ratio = Math.round(((a.y - b.y) / a.size) * S.bins) / S.bins;
    if (ratio >= S.min && ratio <= S.max) counts.set(ratio, (counts.get(ratio) ?? 0) + 1);
  }
  // Paragraph gaps are wider than line gaps; in a short or airy document they can be the more frequent, so the
  // smallest spacing that is common (a fifth as frequent as the commonest) is the line spacing.
  const most = Math.max(0, ...counts.values());
  return [...counts].filter(([, n]) => n >= Math.max(S.minSeen, most / S.commonShare)).sort((a, b) => a[0] - b[0])[0]?.[0] ?? S.fallback;
}

/**
 * The first line of a column on a new page, in lower case and at the same left edge as an unfinished paragraph
 * near the end of the previous page, continues that paragraph (a table cell, or text interrupted by a caption).
 */
function carriedOver(paragraphs: Paragraph[], line: Line): Paragraph | undefined {
  if (!/^\p{Ll}/u.test(line.text)) return undefined;
  const recent = paragraphs.slice(-LAYOUT.paragraphs.carryBack);
  // Only the first line in that column on the new page can carry a paragraph over.
  if (recent.some((p) => p.page === line.page && Math.abs(p.last.x - line.x) <= LAYOUT.paragraphs.sameLeft)) return undefined;
  return recent.reverse().find(
    (p) => p.heading === undefined && p.last.page === line.page - 1 && Math.abs(p.last.x - line.x) <= LAYOUT.paragraphs.sameLeft && !/[.!?:;]["”’)]?$/.test(p.text),
  );
}

function continues(prev: Line, line: Line, spacing: number): boolean {
  if (BULLET.test(line.text) || itemLabel(line.text) !== undefined || GROUP_LINE.test(line.text) || NAMED_GROUP.test(line.text)) return false;
  if (Math.abs(prev.size - line.size) > LAYOUT.paragraphs.sizeChange) return false;
  // After a line that ends a sentence or a clause, a numbered paragraph or a point starts a paragraph of its own.
  if (/[.;:]["”’)]?$/.test(prev.text) && PROVISION_OPENING.test(line.text)) return false;
  if (prev.page !== line.page) return !/[.!?:]["”’)]?$/.test(prev.text) && /^\p{Ll}/u.test(line.text);
  const gap = prev.y - line.y;
  return gap > 0 && gap <= spacing * LAYOUT.paragraphs.gap * Math.max(prev.size, line.size);
}

export interface Vocabulary {
  /** Every word of the text, hyphenated forms whole. */
  all: Set<string>;
  /** The words that stand inside a line, neither first nor last: whole words, never the pieces of a word cut at a line end. */
  inner: Set<string>;
}

function wordsOf(lines: readonly Line[]): Vocabulary {
  const all = new Set<string>();
  const inner = new Set<string>();
  for (const line of lines) {
    const words = line.text.toLowerCase().match(/[\p{L}][\p{L}-]*[\p{L}]|\p{L}/gu) ?? [];
    words.forEach((word, i) => {
      all.add(word);
      if (i > 0 && i < words.length - 1) inner.add(word);
    });
  }
  return { all, inner };
}

/**
 * Joins a line to its paragraph, resolving a line-end hyphen from the document's own vocabulary. Some typesetters
 * (the Official Journal's among them) leave the hyphen of a word cut at the line end out of the text layer:
 * "administra" + "tive" is one word where the document uses "administrative" inside a line and does not use both
 * pieces as words of their own.
 */
export function joinLines(text: string, next: string, vocabulary: Vocabulary): string {
  const hyphen = /(\p{L}+)-$/u.exec(text);
  const head = /^(\p{L}+)/u.exec(next)?.[1];
  // An identifier cut after its hyphen ("SA-" / "14", "public law 113-" / "274") keeps it.
  if (/[\p{L}\d]-$/u.test(text) && /^\d/.test(next)) return `${text}${next}`;
  if (!head) return `${text} ${next}`;
  if (!hyphen?.[1]) {
    const tail = /(?:^|[^\p{L}-])(\p{L}+)$/u.exec(text)?.[1];
    const [t, h] = [tail?.toLowerCase() ?? '', head.toLowerCase()];
    const cut = tail !== undefined && /^\p{Ll}/u.test(head) && vocabulary.inner.has(t + h) && !(vocabulary.inner.has(t) && vocabulary.inner.has(h));
    return cut ? `${text}${next}` : `${text} ${next}`;
  }
  const joined = `${hyphen[1]}${head}`.toLowerCase();
  const hyphenated = `${hyphen[1]}-${head}`.toLowerCase();
  const keep = !vocabulary.all.has(joined) && (vocabulary.all.has(hyphenated) || !/^\p{Ll}/u.test(head));
  return keep ? `${text}${next}` : `${text.slice(0, -1)}${next}`;
}
