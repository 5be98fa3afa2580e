/**
 * Framework items as frameworks number them ("GOVERN 1.6", "GV.OC-01", "GV-1.1-001", "PO.1.1"), the groups above
 * them ("GOVERN 1", "GV.OC"), and which lines of a document list them. Part of the legal-address kernel (address.ts).
 */

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
export const FRAMEWORK_GROUP = new RegExp(`^(?:${FRAMEWORK_GROUP_ID})$`);
/**
 * "GOVERN 1.6: …", "GV.OC-01 – …", also as a list item: an identifier, then a colon or a dash; a code also straight
 * before its text, as a table row sets it ("GV-1.1-001 Align …").
 */
const FRAMEWORK_ITEM = new RegExp(String.raw`^(?:- )?(?:(${FRAMEWORK_ID})(?::(?:\s|$)|\s[–—-]\s)|(${CODED_ID})\s+(?=\p{Lu}))`, 'u');

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
export function groupHeading(text: string): string | undefined {
  const lead = /^([^:(]{2,40}?)(?::\s|\s+[–—-]\s|$)/.exec(text)?.[1];
  if (lead !== undefined && FRAMEWORK_GROUP.test(lead)) return lead;
  const named = /\(([^()]{2,20})\)(?::|\s*$)/.exec(text)?.[1];
  return named !== undefined && FRAMEWORK_GROUP.test(named) ? named : undefined;
}
