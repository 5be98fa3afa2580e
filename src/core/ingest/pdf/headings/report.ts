import { LAYOUT } from '../layout-params.js';
import { bodySize, keptByPage, type Line, roundedSize } from '../line.js';

/**
 * Reports and frameworks without an outline: lines set larger than the body text are headings, ranked by size (on a
 * page without body text, a cover, only the largest), with numbered lines in body type below a numbered one
 * ("2.2.1" under "2.2"); failing that, short numbered lines that do not end like a sentence.
 */

/** Without an outline: short lines set clearly larger than the body text are headings, the largest level 1. */
export function markLargeTypeHeadings(lines: Line[]): boolean {
  const H = LAYOUT.headings;
  const body = bodySize(lines);
  const candidates = lines.filter((l) => !l.drop && l.size >= body * H.largeType && l.text.length <= H.maxChars && /\p{L}/u.test(l.text));
  const sizes = [...new Set(candidates.map((l) => roundedSize(l.size)))].sort((a, b) => b - a);
  for (const line of candidates) line.heading = Math.min(H.largeTypeLevels, sizes.indexOf(roundedSize(line.size)) + 1);
  return candidates.length > 0;
}

/**
 * A page without body text (a cover, a part's divider) sets its title in the largest type and the rest (edition,
 * publisher, date) in smaller type that is not a heading.
 */
export function demoteCoverLines(lines: Line[]): void {
  const body = bodySize(lines);
  for (const page of keptByPage(lines)) {
    if (page.some((line) => line.heading === undefined && Math.abs(line.size - body) <= LAYOUT.type.sameSize)) continue;
    const largest = Math.max(...page.map((line) => line.size));
    for (const line of page) if (line.heading !== undefined && line.size < largest - LAYOUT.type.sameSize) delete line.heading;
  }
}

/**
 * Numbered headings set in body type under larger ones ("2.2.1 Records" below "2.2 Sharing"): a short line whose
 * number extends a heading's number, that does not end like a sentence, is a heading one level below it.
 */
export function markNumberedSubheadings(lines: Line[]): void {
  const levels = new Map<string, number>();
  for (const line of lines) {
    if (line.drop) continue;
    if (line.heading !== undefined) {
      const number = /^(\d+(?:\.\d+)*)\.?\s+\S/u.exec(line.text)?.[1];
      if (number !== undefined) levels.set(number, line.heading);
      continue;
    }
    const number = headingNumber(line);
    const parent = number === undefined ? undefined : levels.get(number.replace(/\.\d+$/, ''));
    if (number === undefined || parent === undefined || !number.includes('.')) continue;
    line.heading = Math.min(LAYOUT.headings.maxLevel, parent + 1);
    levels.set(number, line.heading);
  }
}

/**
 * Without an outline or larger type: a short numbered line ("2.1 Scope") that does not end like a sentence is a
 * heading, its level from the depth of its number.
 */
export function markNumberedHeadings(lines: Line[]): void {
  for (const line of lines) {
    const number = line.drop ? undefined : headingNumber(line);
    if (number) line.heading = Math.min(LAYOUT.headings.maxLevel, number.split('.').length + 1);
  }
}

/** The number of a line that reads as a numbered heading ("2.2.1 Records"): short, not ending like a sentence. */
function headingNumber(line: Line): string | undefined {
  const number = /^(\d+(?:\.\d+)*)\.?\s+\p{Lu}/u.exec(line.text)?.[1];
  return number !== undefined && line.text.length <= LAYOUT.headings.maxNumberedChars && !/[.,;:!?]$/.test(line.text) ? number : undefined;
}
