import { ACT_NUMBER } from '../../blocks.js';
import { LAYOUT } from '../layout-params.js';
import type { Line } from '../line.js';

/**
 * EU acts as the Official Journal prints them: titles set centred in body type, "Article 5" over its title in every
 * language, are headings, and the Journal's masthead above the act's title is dropped.
 */

/**
 * "Article 5", "CHAPTER II", "ANNEX", "Artikel 10a": one word, then an Arabic or Roman number or nothing; not a
 * letter alone (the Journal's "I" over "(Legislative acts)").
 */
const CENTRED_LABEL = /^\p{L}{2,}(?:\s+(\d+[a-z]?|[IVXLCDM]+))?$/u;

/** A label with its number ("Article 5", "CHAPTER II"), not a word alone ("ANNEX", the masthead's "REGULATIONS"). */
const numberedLabel = (line: Line | undefined) => CENTRED_LABEL.exec(line?.text ?? '')?.[1] !== undefined;

/**
 * Titles set centred in body type, as the Official Journal sets its Articles, chapters and annexes: a run of
 * centred lines is one heading; a run led by a label ("Article 5", "CHAPTER II", "ANNEX") is "label: title",
 * level 2 under an Arabic number, level 1 under a Roman one or none; the first run, when unlabelled (the act's
 * title), is level 1, and other unlabelled runs stay text.
 * Used only when the document has at least two labelled runs (two numbered ones when `numberedOnly`, beside an
 * outline). Returns whether it marked any.
 */
export function markCentredHeadings(lines: Line[], numberedOnly = false): boolean {
  const H = LAYOUT.headings;
  const kept = lines.filter((line) => !line.drop);
  const lefts = new Map<number, number>();
  for (const line of kept) lefts.set(Math.round(line.x), (lefts.get(Math.round(line.x)) ?? 0) + line.text.length);
  const bodyLeft = [...lefts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const centred = (line: Line) =>
    line.heading === undefined &&
    line.x > bodyLeft + H.centredIndent &&
    Math.abs((line.x + line.end) / 2 - line.width / 2) <= Math.max(H.centredSlack, H.centredShare * line.width) &&
    line.text.length <= H.maxChars;
  const label = (line: Line) => {
    const match = CENTRED_LABEL.exec(line.text);
    return match !== null && (match[1] !== undefined || line.text === line.text.toUpperCase());
  };
  const runs: Line[][] = [];
  for (let i = 0; i < kept.length; i++) {
    const line = kept[i] as Line;
    if (!centred(line)) continue;
    const run = runs.at(-1);
    const previous = i > 0 ? kept[i - 1] : undefined;
    // The Official Journal sets a label two to four blank lines above its title (its pages are justified
    // vertically), the lines of an Article's title one apart, those of the act's title up to two (the L series).
    const labelled = run !== undefined && label(run[0] as Line);
    const reach = labelled ? (run.length === 1 ? H.labelToTitle : H.titleLines) : H.actTitleLines;
    // Under a lone label the next line is its title, even a word in capitals ("CHAPTER II" over "GATEKEEPERS"),
    // unless it is a numbered label itself.
    const titles = labelled && run.length === 1 ? !numberedLabel(line) : !label(line);
    const joins = run && previous && previous === run.at(-1) && previous.page === line.page && previous.y - line.y <= reach * line.size && titles;
    // A title's later line may close on a full stop ("z dnia 19 października 2022 r."); its first never does.
    if (joins && !/[,;:]$/.test(line.text)) run.push(line);
    else if (!/[.,;:]$/.test(line.text)) runs.push([line]);
  }
  const counted = runs.filter((run) => label(run[0] as Line) && (!numberedOnly || numberedLabel(run[0])));
  if (counted.length < 2) return false;
  const titleAt = actTitleRun(runs, kept);
  // Besides labelled runs only the act's title is a heading: a centred caption or motto is text.
  for (const [index, run] of runs.entries()) {
    const [first, ...rest] = run as [Line, ...Line[]];
    if (index !== titleAt && !label(first)) continue;
    const number = CENTRED_LABEL.exec(first.text)?.[1];
    const labelled = label(first);
    first.heading = labelled && number !== undefined && /^\d/.test(number) ? 2 : 1;
    const title = rest.map((line) => line.text).join(' ');
    if (title) first.text = labelled ? `${first.text}: ${title}` : `${first.text} ${title}`;
    for (const line of rest) line.drop = true;
  }
  return true;
}

const NAMED_ACT = new RegExp(ACT_NUMBER);

/**
 * Which centred run is the act's title: the first, unless a run before the first numbered label names the act with
 * its number ("REGULATION (EU) 2022/1925 OF …", not the bare "2024/2853" of the L series' masthead). Everything
 * above that title on its page is the Official Journal's masthead ("I", "(Legislative acts)", "REGULATIONS";
 * "Official Journal of the European Union", "EN L series", the date), dropped.
 */
function actTitleRun(runs: Line[][], kept: Line[]): number {
  // Before the first numbered label: the masthead's "REGULATIONS" is set like an unnumbered one ("ANNEX").
  const firstLabel = runs.findIndex((run) => numberedLabel(run[0]));
  const named = (run: Line[]) => {
    const text = run.map((line) => line.text).join(' ');
    return NAMED_ACT.test(text) && /\p{L}{3,}/u.test(text);
  };
  const numbered = runs.findIndex((run, i) => i < firstLabel && run[0]?.page === runs[0]?.[0]?.page && named(run));
  if (numbered < 0) return 0;
  const title = runs[numbered]?.[0] as Line;
  for (const line of kept) if (line.page === title.page && line.y > title.y + LAYOUT.headings.mastheadAbove) line.drop = true;
  return numbered;
}
