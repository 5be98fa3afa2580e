import { frameworkGroupOf, frameworkItemIds, itemLabel } from '../../../legal/framework.js';
import { type Block, cleanText } from '../../blocks.js';
import { LAYOUT } from '../layout-params.js';
import { GROUP_LINE, NAMED_GROUP } from '../openings.js';
import type { Paragraph } from '../paragraphs.js';

/**
 * Frameworks in the NIST manner, read from the identifier a paragraph opens on: an item's ("GOVERN 1.6: …",
 * "GV.OC-01: …", counted as the chunker counts them) makes a list item; a group's ("GOVERN 1: …", "GV.OC: …",
 * "Organizational Context (GV.OC): …") a heading one level below the current section.
 */
export interface FrameworkCodes {
  items: Set<string>;
  groups: Set<string>;
}

/** The item identifiers the document's paragraphs open on, and the groups they belong to. */
export function frameworkCodes(paragraphs: readonly Paragraph[]): FrameworkCodes {
  const items = new Set(frameworkItemIds(paragraphs.map((p) => cleanText(p.text))));
  return { items, groups: new Set([...items].map(frameworkGroupOf)) };
}

/** Whether the paragraph's text opens on one of the document's items. */
export function isFrameworkItem(text: string, codes: FrameworkCodes): boolean {
  const item = itemLabel(text);
  return item !== undefined && codes.items.has(item);
}

/** Whether it opens on a group: one of the items' groups, or a function's number such as "GOVERN 1". */
export function isFrameworkGroup(text: string, codes: FrameworkCodes): boolean {
  const group = GROUP_LINE.exec(text)?.[1] ?? NAMED_GROUP.exec(text)?.[1];
  return group !== undefined && (codes.groups.has(group) || /^[A-Z ]+ \d+$/.test(group));
}

/**
 * The first line of a group's name that a table cell wrapped ("Define Security Requirements for Software" over
 * "Development (PO.1): …"): a one-line paragraph just above the group's line, in its column, that does not end like a
 * sentence and names no code of its own (a function's "GOVERN (GV)" stays apart). Undefined when there is none.
 */
export function wrappedName(before: Paragraph | undefined, group: Paragraph, emitted: Block | undefined): string | undefined {
  if (before === undefined || !before.single || before.heading !== undefined || emitted?.kind !== 'paragraph') return undefined;
  const text = cleanText(before.text);
  if (emitted.text !== text || text.length > LAYOUT.paragraphs.wrappedName || !/^\p{Lu}/u.test(text) || /[.,;:!?)]$/.test(text)) return undefined;
  const gap = before.last.y - group.first.y;
  const above =
    before.page === group.page && Math.abs(before.last.x - group.first.x) <= LAYOUT.paragraphs.sameLeft && gap > 0 && gap <= LAYOUT.type.nextLine * group.first.size;
  return above ? text : undefined;
}
