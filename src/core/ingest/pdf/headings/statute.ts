import { LAYOUT } from '../layout-params.js';
import type { Line } from '../line.js';

/**
 * Statutes, conventions and bills: labels at the left margin ("Article 1 – Object and purpose", "Chapter I – General
 * provisions"), as conventions and many national acts set them, when there are two Articles or more; Articles run
 * into their text; sections as bills and codes number them ("SEC. 2. DEFINITIONS.", "Sec. 551.001.").
 */

/**
 * "Article 1 – Object and purpose", "Article 1 (Purpose)", "Article 5", "Chapter II: Obligations", "CHAPTER I GENERAL
 * PROVISIONS", "ANNEX III": a label, then a separator and a title, a title in brackets, a title in capitals after a
 * label in capitals, or nothing.
 */
const LABELLED_LINE =
  /^(?:(?:Article|Chapter|Part|Title|Section|Annex)\s+(?:\d+[a-z]?|[IVXLCDM]+)(?:\s*[–—:.-]\s*\p{Lu}.*|\s*\(\p{Lu}[^()]*\))?|(?:ARTICLE|CHAPTER|PART|TITLE|SECTION|ANNEX)\s+(?:\d+[a-z]?|[IVXLCDM]+)(?:\s*[–—:.-]\s*\p{Lu}.*|\s*\(\p{Lu}[^()]*\)|\s+\p{Lu}[\p{Lu}\s,'’-]*)?)$/u;

/**
 * "Article 1 (Purpose) The purpose of this Act is …": an Article's label and bracketed title run into its first
 * sentence, as English translations of Korean statutes set them; or the label alone, "Article 1 This Act …", under a
 * caption line "(Purpose)", as Japanese ones do.
 */
const RUN_IN = /^(Article\s+(\d+)(?:-\d+)?[a-z]?)(?:\s*(\(\p{Lu}[^()]{0,80}\)))?\s+(\S.*)$/u;
const CAPTION = /^\(\p{Lu}[^()]{0,80}\)$/u;

/**
 * Provisions labelled at the left margin in body type, as conventions and many national acts set them ("Article 1
 * – Object and purpose" under "Chapter I – General provisions"): level 2 for an Article, 1 for a division above it.
 * Used only when the document has at least two such Article lines, so one line that happens to read "Article 5"
 * is not enough. Returns whether it marked any.
 */
export function markLabelledHeadings(lines: Line[]): boolean {
  splitRunInArticles(lines);
  const sections = markStatuteSections(lines);
  const isArticle = (line: Line) => /^article/i.test(line.text);
  const labelled = lines.filter((line) => !line.drop && line.heading === undefined && line.text.length <= LAYOUT.headings.maxChars && !/[.,;:]$/.test(line.text) && LABELLED_LINE.test(line.text));
  if (labelled.filter(isArticle).length < 2 && !sections) return false;
  for (const line of labelled) line.heading = isArticle(line) ? 2 : 1;
  return true;
}

/**
 * Splits each run-in Article (RUN_IN) into its heading line, "Article 1 (Purpose)", and the first line of its text.
 * Only where such lines number the Articles in order from Article 1, with a title in brackets or a caption above,
 * so that a paragraph which happens to open on "Article 5 (…)" stays text.
 */
function splitRunInArticles(lines: Line[]): void {
  const found: { at: number; label: string; title: string; rest: string; caption: boolean }[] = [];
  let last = 0;
  lines.forEach((line, at) => {
    const m = line.drop || line.heading !== undefined ? null : RUN_IN.exec(line.text);
    if (!m) return;
    const before = lines.slice(0, at).reverse().find((l) => !l.drop);
    const caption = m[3] === undefined && before !== undefined && before.heading === undefined && CAPTION.test(before.text);
    const n = Number(m[2]);
    if ((m[3] === undefined && !caption) || n <= last || (last === 0 && n !== 1)) return;
    found.push({ at, label: m[1] ?? '', title: m[3] ?? (caption ? (before?.text ?? '') : ''), rest: m[4] ?? '', caption });
    last = n;
  });
  if (found.length < 2) return;
  for (const { at, label, title, rest, caption } of found.reverse()) {
    const line = lines[at] as Line;
    if (caption) (lines.slice(0, at).reverse().find((l) => !l.drop) as Line).drop = true;
    lines.splice(at, 1, { ...line, text: `${label} ${title}` }, { ...line, text: rest });
  }
}

/**
 * "SEC. 2. DEFINITIONS." on a line of its own, as bills head a section, or run into the section's first sentence,
 * "Sec. 2. Policy and Principles. It is the policy …", as executive orders print it; also a code's numbering,
 * "Sec. 551.001. DEFINITIONS." or "6-1-1701. Definitions. As used …": a label, its number, a title closed by a
 * full stop.
 */
const STATUTE_LINE = /^((?:(?:SECTION|SEC\.|Section|Sec\.)\s+(\d+(?:[.-]\d+)*)[A-Z]?|(\d+(?:-\d+){2,}))\.\s+\p{Lu}[^.]{0,160}\.)(?:\s+(\S.*))?$/u;

/** A section's label set in small capitals, which a text layer reads "SEC . 101.", before its number. */
const SMALL_CAPS_LABEL = /^(SEC|Sec)\s+\.(?=\s)/;

/** Words in capitals, as a bill sets a section's title. */
const CAPITALS = String.raw`[\p{Lu}\d][\p{Lu}\d\s,;’'()—–-]*`;

/** A section title in capitals that runs on to the next line: "SEC. 3101. EXTENSION FOR COMMUNITY HEALTH CENTERS,". */
const WRAPPED_TITLE = new RegExp(String.raw`^(?:SECTION|SEC\.)\s+\d+(?:[.-]\d+)*[A-Z]?\.\s+${CAPITALS}$`, 'u');

/** A further line of such a title, which may close it with a full stop. */
const TITLE_GOES_ON = new RegExp(String.raw`^${CAPITALS}\.?$`, 'u');

/**
 * Prepares section lines as a bill prints them: a label in small capitals reads "SEC. 101." again, and a title in
 * capitals that wraps ("… HEALTH CENTERS," over "NATIONAL HEALTH SERVICE CORPS."; "HOS-" over "PITALS.") is joined
 * to its next lines in capitals, up to three, when they close it with a full stop.
 */
function joinWrappedSectionTitles(lines: Line[]): void {
  for (const [at, line] of lines.entries()) {
    if (line.drop || line.heading !== undefined) continue;
    line.text = line.text.replace(SMALL_CAPS_LABEL, '$1.');
    if (!WRAPPED_TITLE.test(line.text)) continue;
    const next = keptAfter(lines, at, LAYOUT.headings.sectionTitleLines);
    const parts = next.slice(0, next.findIndex((l) => l.text.endsWith('.')) + 1);
    if (parts.length === 0 || !parts.every((l) => l.page === line.page && TITLE_GOES_ON.test(l.text))) continue;
    line.text = parts.reduce((text, l) => (/\p{Lu}-$/u.test(text) ? `${text.slice(0, -1)}${l.text}` : `${text} ${l.text}`), line.text);
    for (const l of parts) l.drop = true;
  }
}

/** A section number's parts, "551.001" → [551, 1], to put sections in order. */
const numberParts = (n: string) => n.split(/[.-]/).map(Number);

/** Whether section `next` comes after `previous`: at the first part they differ in, it is larger. */
const increases = (previous: number[], next: number[]) => {
  const i = previous.findIndex((part, k) => part !== next[k]);
  return i !== -1 && i < next.length && (previous[i] ?? 0) < (next[i] ?? 0);
};

/**
 * Marks the sections of an act numbered by sections as level 2 headings, splitting a run-in title from its text.
 * Only where at least two such lines number the sections in increasing order from a first numbered 1 (1, 551.001,
 * 6-1-1701: its last part 1 in its hundred). Returns whether it marked any.
 */
export function markStatuteSections(lines: Line[]): boolean {
  joinWrappedSectionTitles(lines);
  const candidates = lines.flatMap((line, at) => {
    const m = line.drop || line.heading !== undefined ? null : STATUTE_LINE.exec(line.text);
    return m ? [{ at, m, number: m[2] ?? m[3] ?? '' }] : [];
  });
  // A table of contents lists the sections before they are enacted: its entries are followed by another entry or
  // a caption in capitals ("TITLE I—…"), a section's heading by its text. The first line naming a number that is
  // not such an entry heads the section.
  const listed = (at: number) => {
    const [next] = keptAfter(lines, at, 1);
    return next !== undefined && (/^(?:SECTION|SEC\.|Section|Sec\.)\s+\d+(?:[.-]\d+)*[A-Z]?\.\s/.test(next.text) || !/\p{Ll}/u.test(next.text));
  };
  const chosen = new Map<string, number>();
  for (const { at, number, m } of candidates) if (!chosen.has(number) && (m[4] !== undefined || !listed(at))) chosen.set(number, at);
  const found: { at: number; heading: string; rest: string | undefined }[] = [];
  let last: number[] | undefined;
  for (const { at, m, number } of candidates) {
    const n = numberParts(number);
    if (chosen.get(number) !== at || (last === undefined ? (n.at(-1) ?? 0) % 100 !== 1 : !increases(last, n))) continue;
    found.push({ at, heading: m[1] ?? '', rest: m[4] });
    last = n;
  }
  if (found.length < 2) return false;
  for (const { at, heading, rest } of found.reverse()) {
    const line = lines[at] as Line;
    lines.splice(at, 1, { ...line, text: heading, heading: 2 }, ...(rest === undefined ? [] : [{ ...line, text: rest }]));
  }
  return true;
}

/** Up to `count` lines not dropped after index `at`. */
function keptAfter(lines: readonly Line[], at: number, count: number): Line[] {
  const out: Line[] = [];
  for (let i = at + 1; i < lines.length && out.length < count; i++) if (!lines[i]?.drop) out.push(lines[i] as Line);
  return out;
}
