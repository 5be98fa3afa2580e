import { LAYOUT } from './layout-params.js';
import { bodySize, keptByPage, type Line } from './line.js';
import { joinLines, type Vocabulary } from './paragraphs.js';

/** "(1) OJ L 119 …", "1 See …", "* …", "¹ …": how a footnote opens. */
const NOTE_LABEL = /^(?:\(\d{1,3}\)|\d{1,3}(?=\s)|\*{1,3}|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)\s*\S/u;

/**
 * Footnotes: below the last line of the page's body type, lines in smaller type from one that opens on a note's
 * label, each further line opening on a label or following at line spacing. They are taken out of the text (where
 * "(1) OJ C 286 …" would pass for a recital, or split a paragraph that runs on over the page) and returned in order.
 */
export function takeFootnotes(lines: Line[]): Line[] {
  const notes: Line[] = [];
  const documentBody = bodySize(lines.filter((line) => !line.drop));
  for (const page of keptByPage(lines)) {
    // The page's own body type where it is larger: in a report made mostly of tables the document's commonest size
    // is the tables', and a page of many footnotes has theirs.
    const body = Math.max(documentBody, bodySize(page));
    const text = page.filter((line) => Math.abs(line.size - body) <= LAYOUT.type.sameSize);
    if (text.length === 0) continue;
    const lowest = Math.min(...text.map((line) => line.y));
    let previous: Line | undefined;
    for (const line of page) {
      if (line.y >= lowest || line.size >= body * LAYOUT.footnotes.smaller) continue;
      const follows = previous !== undefined && previous.y - line.y > 0 && previous.y - line.y <= LAYOUT.type.nextLine * line.size;
      if (!NOTE_LABEL.test(line.text) && !follows) {
        previous = undefined;
        continue;
      }
      line.drop = true;
      notes.push({ ...line, drop: false });
      previous = line;
    }
  }
  return notes;
}

/**
 * The notes' texts: a numbered note follows the one before it (or starts the count again); "274 on December 18"
 * after a line ending "public law 113-" goes on with that note.
 */
export function footnoteTexts(notes: readonly Line[], vocabulary: Vocabulary): string[] {
  const texts: string[] = [];
  let last = 0;
  for (const note of notes) {
    const number = /^\(?(\d+)/.exec(note.text)?.[1];
    const opens = texts.length === 0 || (NOTE_LABEL.test(note.text) && (number === undefined || Number(number) === last + 1 || Number(number) === 1));
    if (opens) texts.push(note.text);
    else texts[texts.length - 1] = joinLines(texts.at(-1) as string, note.text, vocabulary);
    if (opens && number !== undefined) last = Number(number);
  }
  return texts;
}
