import { createRequire } from 'node:module';

/**
 * British and American spellings of one word ("organisation" / "organization", "behaviour" / "behavior",
 * "authorised" / "authorized", "defence" / "defense"), from the word lists of the npm package
 * american-british-english-translator (MIT), about 1,700 pairs each way. Porter stems the two apart ("organis",
 * "organ"), and the texts keep to one: EU acts spell the British way, NIST the American. Read with `require`, which
 * loads JSON on every supported Node version, and only when a query first asks.
 */
let table: ReadonlyMap<string, string> | undefined;

function spellings(): ReadonlyMap<string, string> {
  if (table === undefined) {
    const require = createRequire(import.meta.url);
    const british = require('american-british-english-translator/data/british_spellings.json') as Record<string, string>;
    const american = require('american-british-english-translator/data/american_spellings.json') as Record<string, string>;
    table = new Map([...Object.entries(british), ...Object.entries(american)]);
  }
  return table;
}

/** The word as the other variety of English spells it ("organisation" → "organization"); undefined when it is the same. */
export function otherSpelling(word: string): string | undefined {
  return spellings().get(word.toLowerCase());
}
