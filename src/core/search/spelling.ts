import { createRequire } from 'node:module';

/**
 * British and American spellings of one word ("organisation" / "organization", "behaviour" / "behavior",
 * "authorised" / "authorized", "defence" / "defense"), from the word lists of the npm package
 * american-british-english-translator (MIT), about 1,700 pairs each way, and the -ise / -ize pair for the words
 * they lack. Porter stems the two apart ("organis", "organ"), and the texts keep to one: EU acts spell the British
 * way, NIST the American. Read with `require`, which loads JSON on every supported Node version, and only when first
 * asked.
 */
export type Variety = 'American' | 'British';

const lists = new Map<Variety, Readonly<Record<string, string>>>();

/** The listed words the other variety spells differently, each with its spelling in `into`. */
function listInto(into: Variety): Readonly<Record<string, string>> {
  let list = lists.get(into);
  if (list === undefined) {
    // british_spellings.json maps British words to their American spelling, american_spellings.json the reverse.
    const file = into === 'American' ? 'british_spellings.json' : 'american_spellings.json';
    list = createRequire(import.meta.url)(`american-british-english-translator/data/${file}`) as Record<string, string>;
    lists.set(into, list);
  }
  return list;
}

/** A listed word as `into` spells it ("behaviour", American → "behavior"); undefined when the lists do not change it. */
export function listedSpelling(word: string, into: Variety): string | undefined {
  if (into === 'British' && BRITISH_TOO.has(word)) return undefined;
  return Object.hasOwn(listInto(into), word) ? listInto(into)[word] : undefined;
}

/**
 * American spellings that British English writes too, in the sense a governance text means: a computer program, a
 * disk, a first draft, a meter that measures, an analog signal, a dialog box, a practice (the noun). The lists
 * respell them ("programme", "draught"), which in an EU act are a funding programme and a current of air.
 */
const BRITISH_TOO = new Set(
  'program programs disk disks draft drafts drafted drafting tire tires meter meters analog dialog dialogs practice practices'.split(' '),
);

/**
 * The word as the other variety of English spells it ("organisation" → "organization"); undefined when it is the
 * same. Words the lists lack that end the way the -ise / -ize pair does ("pseudonymisation", "categorised") follow
 * that pair, except the -ise words that have no -ize spelling ("advise", "expertise", "likewise").
 */
export function otherSpelling(word: string): string | undefined {
  const lower = word.toLowerCase();
  const listed = listedSpelling(lower, 'American') ?? listedSpelling(lower, 'British');
  if (listed !== undefined) return listed;
  const ise = ISE.exec(lower);
  if (ise !== null && !ONLY_ISE.has(`${ise[1] ?? ''}ise`) && !(ise[1] ?? '').endsWith('w')) return `${ise[1] ?? ''}iz${ise[2] ?? ''}`;
  const ize = IZE.exec(lower);
  if (ize !== null && !ONLY_IZE.has(`${ize[1] ?? ''}ize`)) return `${ize[1] ?? ''}is${ize[2] ?? ''}`;
  return undefined;
}

const ISE = /^(\p{L}{3,})is(e|es|ed|ing|er|ers|ation|ations|ational)$/u;
const IZE = /^(\p{L}{3,})iz(e|es|ed|ing|er|ers|ation|ations|ational)$/u;
/** -ise words both varieties spell so. */
const ONLY_ISE = new Set(
  'advertise advise apprise arise bruise chastise circumcise comprise compromise concise cruise demise despise devise disguise enfranchise enterprise excise exercise expertise franchise improvise incise merchandise noise otherwise paradise poise praise precise premise promise raise reprise revise supervise surmise surprise televise treatise'.split(' '),
);
/** -ize words both varieties spell so. */
const ONLY_IZE = new Set(['capsize', 'seize']);
