import { listedSpelling, type Variety } from '../search/spelling.js';

/**
 * A question respelled into one variety of English with the word lists search reads (src/core/search/spelling.ts):
 * the legal sets were written mostly in the spelling of the text they ask about, so the eval asks them again in the
 * other variety to show what a reader who writes it would get.
 */
export function respell(text: string, into: Variety): string {
  return text.replace(/\p{L}+/gu, (word) => {
    const other = listedSpelling(word.toLowerCase(), into);
    if (other === undefined) return word;
    return word[0] === word[0]?.toUpperCase() ? `${other[0]?.toUpperCase() ?? ''}${other.slice(1)}` : other;
  });
}
