/**
 * The citations written in an answer, each with where it stands: the document reader of the legal-address kernel
 * (`MENTION`: "Article 5(1), first subparagraph, point (ba)", "point (a) of Article 10(5)", "points 2 to 8 of
 * Annex III", lists such as "Articles 15 to 22") and, where it finds nothing, the question reader (`citations`:
 * "art 5", "Art 99(3)", lower case), as model answers write both.
 */
import { type Address } from '../legal/address.js';
import { citations, MENTION, mentionAddress, mentionList } from '../legal/mentions.js';

export interface FoundCitation {
  address: Address;
  /** Offsets in the text (UTF-16 code units, as JavaScript strings count them). */
  start: number;
  end: number;
}

/**
 * A one-word code with hyphenated numbers ("COVID-19", "GAO-17-63") reads as a framework item; only the forms
 * frameworks give their items in prose ("GOVERN 1.6", "GV.OC-01") are taken for a citation.
 */
const CODE_ONLY = /^[A-Z]+(?:-\d+)+$/;

export function findCitations(text: string): FoundCitation[] {
  const found: FoundCitation[] = [];
  // The document reader takes "point (a) of Article 10(5)" in lower case, as acts write it; an answer may open a
  // sentence with it. Lowering the word keeps every offset.
  const lowered = text.replace(/\b(?:Points?|Paragraphs?)\b/g, (word) => word.toLowerCase());
  for (const match of lowered.matchAll(MENTION)) {
    const head = mentionAddress(match);
    if (head === undefined || (head.kind === 'framework' && CODE_ONLY.test(head.id))) continue;
    const start = match.index;
    const end = start + match[0].length;
    for (const item of mentionList(text, match, head)) {
      // A list inside the mention ("points 2 to 8 of Annex III") is written by the mention as a whole; the
      // provisions a range passes over elsewhere ("Articles 8 to 15": 9 to 14) are not written, so not checked.
      if (item.at === item.end && item.at !== end) continue;
      found.push(item.at === item.end ? { address: item.address, start, end } : { address: item.address, start: item.at, end: item.end });
    }
  }
  const spoken = citations(text);
  spoken.forEach((c, i) => {
    // A range gives the provisions it passes over the span of its last number: that number alone is written.
    const next = spoken[i + 1];
    if ((next !== undefined && next.at === c.at && next.end === c.end) || c.end === c.at || (c.address.kind === 'framework' && CODE_ONLY.test(c.address.id))) return;
    const overlapping = found.filter((f) => c.at < f.end && f.start < c.end);
    // The question reader also reads an Annex's Section ("Annex I, Section A, point 1"): a longer reading wins.
    if (overlapping.length > 0 && !overlapping.every((f) => c.at <= f.start && f.end < c.end)) return;
    for (const f of overlapping) found.splice(found.indexOf(f), 1);
    found.push({ address: c.address, start: c.at, end: c.end });
  });
  return found.sort((a, b) => a.start - b.start || a.end - b.end);
}
