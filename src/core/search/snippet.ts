import lunr from 'lunr';
import { wordForms, wordSpans, type WordSpan } from '../index/analysis.js';
import { pipelineLanguage } from '../index/languages.js';

export interface Snippet {
  /** A window of the chunk text around the densest run of matched words. */
  text: string;
  /** Matched words as [start, end) offsets into `text`. */
  highlights: [number, number][];
}

/** A snippet is at most this many words of the chunk. */
const SNIPPET_WORDS = 40;
/** Analysed terms of words already seen; bounded so odd inputs cannot grow it without end. */
const termCache = new Map<string, string[]>();
const TERM_CACHE_LIMIT = 100_000;
/**
 * Texts already split into words, with each word's analysed terms: the same chunks come back in the results of
 * many queries (the chunk store keeps its recent chunks for the same reason), and splitting and looking up every
 * word was most of a snippet's cost. Per pipeline, most recent last, bounded.
 */
const analysedTexts = new WeakMap<lunr.Pipeline, Map<string, AnalysedText>>();
const TEXT_CACHE_LIMIT = 1024;

interface AnalysedText {
  spans: WordSpan[];
  terms: string[][];
}

/**
 * Marks the words of `text` whose analysed forms are among the query terms and cuts the window of
 * SNIPPET_WORDS words holding the most matched words (ties: the earliest).
 */
export function highlight(pipeline: lunr.Pipeline, text: string, terms: readonly string[]): Snippet {
  const wanted = new Set(terms);
  const { spans, terms: analysed } = analyse(pipeline, text);
  const isMatch = analysed.map((forms) => forms.some((term) => wanted.has(term)));

  let best = 0;
  let bestCount = -1;
  let count = 0;
  for (let i = 0; i < spans.length; i++) {
    if (isMatch[i]) count++;
    if (i >= SNIPPET_WORDS && isMatch[i - SNIPPET_WORDS]) count--;
    const start = Math.max(0, i - SNIPPET_WORDS + 1);
    if (count > bestCount && (i >= SNIPPET_WORDS - 1 || i === spans.length - 1)) {
      bestCount = count;
      best = start;
    }
  }
  const window = spans.slice(best, best + SNIPPET_WORDS);
  const first = window[0];
  const last = window.at(-1);
  if (first === undefined || last === undefined) return { text, highlights: [] };
  const from = best === 0 ? 0 : first.start;
  const to = best + SNIPPET_WORDS >= spans.length ? text.length : last.end;
  const prefix = from > 0 ? '… ' : '';
  const highlights: [number, number][] = [];
  window.forEach((span, i) => {
    if (isMatch[best + i]) highlights.push([span.start - from + prefix.length, span.end - from + prefix.length]);
  });
  return { text: `${prefix}${text.slice(from, to)}${to < text.length ? ' …' : ''}`, highlights };
}

function analyse(pipeline: lunr.Pipeline, text: string): AnalysedText {
  let texts = analysedTexts.get(pipeline);
  if (texts === undefined) {
    texts = new Map();
    analysedTexts.set(pipeline, texts);
  }
  const known = texts.get(text);
  if (known !== undefined) {
    texts.delete(text);
    texts.set(text, known);
    return known;
  }
  const language = pipelineLanguage(pipeline);
  const spans = wordSpans(text, language);
  const analysed = { spans, terms: spans.map((span) => analysedTerms(pipeline, span.word, language)) };
  if (texts.size >= TEXT_CACHE_LIMIT) texts.delete(texts.keys().next().value ?? '');
  texts.set(text, analysed);
  return analysed;
}

function analysedTerms(pipeline: lunr.Pipeline, word: string, language: string): string[] {
  // A word's terms differ by language: French words are cached under their own key.
  const key = language === 'en' ? word : `${language}:${word}`;
  const cached = termCache.get(key);
  if (cached !== undefined) return cached;
  const terms = pipeline.run(wordForms(word).map((form) => new lunr.Token(form, {}))).map(String);
  if (termCache.size >= TERM_CACHE_LIMIT) termCache.clear();
  termCache.set(key, terms);
  return terms;
}
