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
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}
