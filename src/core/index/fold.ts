/**
 * Case and accent folding, with no dependencies: the index, the API's glossary filter and the glossary page's
 * filter in the browser all fold with these, so they agree on what matches.
 */
const DIACRITICS = /\p{M}+/gu;

/** Lowercase, accents folded ("Société" → "societe"), so both sides agree whatever the user types. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(DIACRITICS, '').toLowerCase();
}

/** Folded runs of letters and digits, punctuation dropped: "Human-in-the-Loop" → human, in, the, loop. */
export function plainWords(text: string): string[] {
  return plainWordMatches(text).map((m) => m[0]);
}

/** The matches behind `plainWords`, for callers that also need what stands between the words (`m.input` is the folded text). */
export function plainWordMatches(text: string): RegExpExecArray[] {
  return [...foldText(text).matchAll(/[\p{L}\p{N}]+/gu)];
}
