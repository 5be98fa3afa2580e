import { createRequire } from 'node:module';

/**
 * A question respelled into one variety of English with the same word lists search reads (src/core/search/spelling.ts):
 * the legal sets were written mostly in the spelling of the text they ask about, so the eval asks them again in the
 * other variety to show what a reader who writes it would get.
 */
export type Variety = 'American' | 'British';

const lists = new Map<Variety, Record<string, string>>();

function list(into: Variety): Record<string, string> {
  let found = lists.get(into);
  if (found === undefined) {
    const require = createRequire(import.meta.url);
    // british_spellings.json maps British words to their American spelling, american_spellings.json the reverse.
    found = require(`american-british-english-translator/data/${into === 'American' ? 'british' : 'american'}_spellings.json`) as Record<string, string>;
    lists.set(into, found);
  }
  return found;
}

/** The text with every word the other variety spells differently written as `into` spells it, keeping a capital. */
export function respell(text: string, into: Variety): string {
  const words = list(into);
  return text.replace(/\p{L}+/gu, (word) => {
    const other = words[word.toLowerCase()];
    if (other === undefined) return word;
    return word[0] === word[0]?.toUpperCase() ? `${other[0]?.toUpperCase() ?? ''}${other.slice(1)}` : other;
  });
}
