import lunr from 'lunr';
import stemmerSupport from 'lunr-languages/lunr.stemmer.support.js';
import french from 'lunr-languages/lunr.fr.js';

/**
 * The languages OCC analyses text in. English is Lunr's own analysis (analysis.ts); French is lunr-languages'
 * lunr.fr: its trimmer, stop-word filter, accent folding and Snowball French stemmer. A source's language comes
 * from its front matter (`language`, BCP 47): "fr", "fr-FR" and "fr-CA" are French, any other tag is analysed as
 * English, as every source was before French (docs/ranking/languages.md).
 */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The analysis a BCP 47 tag gets: its primary subtag when OCC has an analysis for it, else English. */
export function analysisLanguage(tag: string | undefined): Language {
  const primary = (tag ?? '').toLowerCase().split('-')[0];
  return primary === 'fr' ? 'fr' : 'en';
}

interface FrenchPlugin {
  trimmer: lunr.PipelineFunction;
  stopWordFilter: lunr.PipelineFunction;
  accentFold: lunr.PipelineFunction;
  stemmer: lunr.PipelineFunction;
}

// lunr-languages registers its functions on the Lunr it is given; a bundle holding two copies of this module over
// one Lunr (the server and Astro's build) registers them once.
const host = lunr as unknown as { fr?: FrenchPlugin; stemmerSupport?: unknown };
if (host.stemmerSupport === undefined) stemmerSupport(lunr);
if (host.fr === undefined) french(lunr);
const fr = host.fr!;

/**
 * lunr.fr's index pipeline, used at index and query time alike (lunr.js #532): trimmer, stop words (the list has
 * accented words, "à", "été", so tokens reach it unfolded), accent folding, then the stemmer, which thus sees
 * "salaries" whether "salariés" or "salaries" was written. lunr.fr's own search pipeline leaves the stop-word
 * filter out; OCC keeps one pipeline for both sides, as for English.
 */
export const FRENCH_FUNCTIONS: readonly lunr.PipelineFunction[] = [fr.trimmer, fr.stopWordFilter, fr.accentFold, fr.stemmer];

/** A new pipeline of lunr.fr's functions (a SearchEngine's query analysis for French). */
export function frenchPipeline(): lunr.Pipeline {
  const pipeline = new lunr.Pipeline();
  pipeline.add(...FRENCH_FUNCTIONS);
  return pipeline;
}

/** lunr.fr's stop-word filter, for the exact field's unstemmed forms. */
export const frenchStopWords: lunr.PipelineFunction = fr.stopWordFilter;

/** The language a pipeline analyses: French when it holds lunr.fr's stemmer, else English. */
export function pipelineLanguage(pipeline: lunr.Pipeline): Language {
  const stack = (pipeline as unknown as { _stack: lunr.PipelineFunction[] })._stack;
  return stack.includes(fr.stemmer) ? 'fr' : 'en';
}

/**
 * French function words that are not English words too (lunr.fr's stop words less "on", "as", "me", "ma" and the
 * one-letter elided forms), and words only French uses in questions.
 */
const FRENCH_WORDS = new Set(
  (
    'au aux avec ce ces cet cette dans de des du elle est et il ils je la le les leur leurs lui mais mes moi mon ne nos ' +
    'notre nous ou où par pas pour que quel quelle quelles quels qui sa sans se ses son sont sur ta te tes toi ton tu un une vos ' +
    'votre vous été être peut doit faut quand comment combien pourquoi quoi selon entre'
  ).split(' '),
);
/** English function words (a subset of Lunr's stop words that French does not write). */
const ENGLISH_WORDS = new Set(
  (
    'the of and to in is are for be by with that this it an or not from can may must does do what which who when how ' +
    'whom why should shall have has our we you your they their there any under about'
  ).split(' '),
);
/** Letters only French writes among the two (é, è, ê, à, ç, ù, û, ô, î, ï, ë, œ). */
const FRENCH_LETTERS = /[éèêàçùûôîïëœ]/;
/** An elided article or pronoun: l’, d’, qu’, n’, s’, j’, c’, m’, t’, jusqu’, lorsqu’, puisqu’. */
const ELISION = /^(?:l|d|qu|n|s|j|c|m|t|jusqu|lorsqu|puisqu)['’]\p{L}/u;

/**
 * The language a query is written in, among those the index holds, for a query that names none (`lang`).
 * A simple, explainable count, no model: each word is evidence for French when it is a French function word, has
 * a letter only French writes or opens with an elision ("l’IA"), and for English when it is an English function
 * word. French wins when its evidence outweighs English's; otherwise, as for a query of names or numbers
 * ("Article 5", "GDPR"), the index's main language (`fallback`). A language the index does not hold is never chosen.
 * `holding`, when given, says which language's texts alone hold a word none of those cues decides ("amende",
 * "interdite" written without accents or function words): that counts as evidence too.
 */
export function detectLanguage(text: string, held: ReadonlySet<Language>, fallback: Language = 'en', holding?: (word: string) => Language | undefined): Language {
  if (held.size <= 1) return held.values().next().value ?? fallback;
  let french = 0;
  let english = 0;
  for (const word of text.normalize('NFC').toLowerCase().split(/[^\p{L}\p{N}'’]+/u)) {
    if (word === '') continue;
    if (FRENCH_WORDS.has(word) || FRENCH_LETTERS.test(word) || ELISION.test(word)) french++;
    else if (ENGLISH_WORDS.has(word)) english++;
    else {
      const language = holding?.(word);
      if (language === 'fr') french++;
      else if (language === 'en') english++;
    }
  }
  const detected: Language = french > english ? 'fr' : english > french ? 'en' : fallback;
  return held.has(detected) ? detected : fallback;
}
