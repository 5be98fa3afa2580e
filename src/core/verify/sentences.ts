/**
 * The clauses of an answer: what a statement next to a citation is read within. A clause ends at a full stop,
 * question or exclamation mark, semicolon or line break, but not after an abbreviation ("Art. 5", "e.g. a", "No. 3").
 */

export interface Span {
  start: number;
  end: number;
}

const END = /[.!?;]+["”’)\]]*\s+|\n+/g;
/** Words a full stop follows without ending the sentence. */
const ABBREVIATION = /(?:^|[\s(])(?:Arts?|No|Nos|para|paras|p|pp|cf|e\.g|i\.e|etc|vs|Sec|Secs|Dr|Mr|Ms|Mrs|St|approx|[A-Z])\.$/;

/** The clauses of `text`; no clause ends inside one of the `keep` spans (a quotation's own full stops). */
export function clauses(text: string, keep: readonly Span[] = []): Span[] {
  const spans: Span[] = [];
  let start = 0;
  for (const m of text.matchAll(END)) {
    const cut = m.index + m[0].length;
    if (keep.some((k) => k.start < m.index && m.index < k.end - 1)) continue;
    if (m[0].startsWith('.') && ABBREVIATION.test(text.slice(Math.max(0, m.index - 8), m.index + 1))) continue;
    spans.push({ start, end: cut });
    start = cut;
  }
  if (start < text.length) spans.push({ start, end: text.length });
  return spans;
}

/** The clause holding `at`. */
export function clauseAt(spans: readonly Span[], at: number): Span {
  return spans.find((s) => s.start <= at && at < s.end) ?? spans.at(-1) ?? { start: 0, end: 0 };
}
