/**
 * Languages (docs/ranking/languages.md): French sources are analysed by lunr-languages' lunr.fr, English stays
 * Lunr's own analysis untouched, a query is analysed in its language (given or detected) and searches only the
 * sources in it, and an unknown `lang` is refused naming the parameter and the allowed values.
 */
import lunr from 'lunr';
import { describe, expect, it } from 'vitest';
import { exactTerms, queryTerms, searchPipeline } from '../../src/core/index/analysis.js';
import { buildIndex, indexDoc } from '../../src/core/index/build.js';
import { buildPostings } from '../../src/core/index/builder.js';
import { analysisLanguage, detectLanguage, frenchPipeline, pipelineLanguage } from '../../src/core/index/languages.js';
import { StructureTracker } from '../../src/core/chunking/structure.js';
import { compile } from '../../src/core/pipeline.js';
import { SearchEngine } from '../../src/core/search/search.js';
import { search } from '../../src/api/endpoints/search.js';
import { rag } from '../../src/api/endpoints/rag.js';
import type { ContentFile } from '../../src/core/corpus/corpus.js';

const fr = frenchPipeline();
const en = searchPipeline(buildIndex([]));

describe('French analysis (lunr.fr)', () => {
  it('stems inflected forms together and folds accents before the stemmer', () => {
    expect(queryTerms(fr, 'salariés')).toEqual(queryTerms(fr, 'salarié'));
    expect(queryTerms(fr, 'salariés')).toEqual(queryTerms(fr, 'salaries'));
    expect(queryTerms(fr, 'amendes')).toEqual(queryTerms(fr, 'amende'));
    expect(queryTerms(fr, 'émotions')).toEqual(queryTerms(fr, 'émotion'));
    // lunr.fr's Snowball stemmer, not Porter's: Porter leaves "salariés" whole after folding.
    expect(queryTerms(fr, 'salariés')).toEqual(['salar']);
  });

  it('drops lunr.fr stop words, accented ones and elided articles included', () => {
    expect(queryTerms(fr, 'les des à été du')).toEqual([]);
    expect(queryTerms(fr, 'l’intelligence artificielle d’un système')).toEqual(queryTerms(fr, 'intelligence artificielle système'));
  });

  it('keeps unstemmed French forms folded for the exact field', () => {
    expect(exactTerms('Les salariés', 'fr')).toEqual(['salaries=']);
  });

  it('reads a language from a BCP 47 tag and a pipeline', () => {
    expect(analysisLanguage('fr')).toBe('fr');
    expect(analysisLanguage('fr-CA')).toBe('fr');
    expect(analysisLanguage('en-GB')).toBe('en');
    expect(analysisLanguage('de')).toBe('en');
    expect(pipelineLanguage(fr)).toBe('fr');
    expect(pipelineLanguage(en)).toBe('en');
  });
});

describe('English analysis', () => {
  it('is Lunr’s own, as before languages', () => {
    expect(queryTerms(en, 'employees fined for monitoring')).toEqual(['employe', 'fine', 'monitor']);
    expect(exactTerms('The employees')).toEqual(['employees=']);
  });

  it('indexes an English document the same whether or not its language is given', () => {
    const chunk = { id: 'a:1', source: 'a', heading: 'Fines', path: ['Fines'], text: 'Providers shall pay fines.', position: 0, url: '' };
    expect(buildPostings([indexDoc(chunk, 'Act', 'en')])).toEqual(buildPostings([indexDoc(chunk, 'Act')]));
  });
});

describe('detecting a query’s language', () => {
  const both = new Set(['en', 'fr'] as const);
  it.each([
    ['Quelle amende pour une pratique interdite ?', 'fr'],
    ['reconnaissance des émotions', 'fr'],
    ['salariés', 'fr'],
    ['What is the maximum fine for a prohibited practice?', 'en'],
    ['human oversight', 'en'],
    ['Article 5', 'en'],
  ] as const)('reads %s as %s', (query, language) => {
    expect(detectLanguage(query, both)).toBe(language);
  });

  it('chooses only a language the index holds', () => {
    expect(detectLanguage('reconnaissance des émotions', new Set(['en']))).toBe('en');
  });
});

const file = (id: string, language: string, body: string): ContentFile => ({
  collection: 'sources',
  file: `content/sources/${id}.md`,
  text: `---\nid: ${id}\ntitle: "${id}"\npublisher: "Test"\nurl: "https://example.org/${id}"\nlicense: CC-BY-4.0\npublished: 2024-07-12\nlanguage: ${language}\nkind: primary\nas_of: 2026-11-01\n---\n\n${body}\n`,
});

describe('searching an index of two languages', () => {
  const files = [
    file('act-en', 'en', '## Article 99: Penalties\n\n1. Employers who monitor employees with emotion recognition shall pay fines.\n'),
    file('act-fr', 'fr', '## Article 99: Sanctions\n\n1. Les employeurs qui surveillent les salariés par la reconnaissance des émotions paient des amendes.\n'),
  ];
  const { corpus, postings, stats } = compile(files);
  const engine = new SearchEngine({ postings, stats }, corpus.chunks, { sources: corpus.sources.map((s) => s.meta) });
  const sourcesOf = (outcome: ReturnType<SearchEngine['search']>) => outcome.hits.map((h) => h.chunk.source);

  it('analyses a French query with lunr.fr and searches the French sources only', () => {
    const outcome = engine.search('amende salarié', { top: 5, lang: 'fr' });
    expect(outcome.language).toBe('fr');
    expect(sourcesOf(outcome)).toEqual(['act-fr']);
  });

  it('filters by `lang`: only sources in that language, whatever the words', () => {
    expect(sourcesOf(engine.search('fines employees emotion recognition', { top: 5, lang: 'en' }))).toEqual(['act-en']);
    expect(sourcesOf(engine.search('emotion recognition employees', { top: 5, lang: 'fr' }))).toEqual(['act-fr']);
    expect(engine.search('amendes salariés', { top: 5, lang: 'en' }).hits).toEqual([]);
  });

  it('detects a French query with no accent or function word by the texts that hold its words', () => {
    // "amendes" and "employeurs" are in no English text; without the index's evidence this is a tie, read as English.
    expect(detectLanguage('amendes employeurs', new Set(['en', 'fr'] as const))).toBe('en');
    expect(engine.detectLanguage('amendes employeurs')).toBe('fr');
    expect(sourcesOf(engine.search('amendes employeurs', { top: 5 }))).toEqual(['act-fr']);
    expect(engine.detectLanguage('fines employers')).toBe('en');
    // Names and numbers no text holds as words are no evidence: the index's main language.
    expect(engine.detectLanguage('Article 99')).toBe('en');
  });

  it('detects the language when none is given', () => {
    expect(sourcesOf(engine.search('Quelle amende pour les salariés ?', { top: 5 }))).toEqual(['act-fr']);
    expect(sourcesOf(engine.search('What fines for employees?', { top: 5 }))).toEqual(['act-en']);
  });

  it('narrows a source filter to the language, and finds nothing when no source asked for is in it', () => {
    expect(sourcesOf(engine.search('amendes', { top: 5, lang: 'fr', sources: ['act-fr', 'act-en'] }))).toEqual(['act-fr']);
    expect(engine.search('amendes', { top: 5, lang: 'fr', sources: ['act-en'] }).hits).toEqual([]);
  });

  it('searches a French question\'s everyday words as the French text names them too (synonyms-fr.ts)', () => {
    // "patron" is in no text: the French group names the employer, as the English "boss" does.
    const outcome = engine.search('Mon patron', { top: 5, lang: 'fr' });
    expect(sourcesOf(outcome)).toEqual(['act-fr']);
    expect(outcome.expanded).toContain(queryTerms(fr, 'employeur')[0]);
    const literal = new SearchEngine({ postings, stats }, corpus.chunks, { sources: corpus.sources.map((s) => s.meta), synonymWeight: 0 });
    expect(literal.search('Mon patron', { top: 5, lang: 'fr' }).hits).toEqual([]);
  });

  it('gives the same provision in both languages the same pinpoint', () => {
    expect(new Set(corpus.chunks.map((c) => c.pinpoint))).toEqual(new Set(['Art. 99(1)']));
  });

  it('reads French definitions numbered "1)" (escaped "\\1)" by ingest) as points of the Article', () => {
    const tracker = new StructureTracker('');
    tracker.heading('Article 3: Définitions', 2);
    tracker.line('Aux fins du présent règlement, on entend par:');
    expect(tracker.line('\\1) «système d’IA», un système automatisé;').address).toEqual({ kind: 'article', id: '3', parts: ['1'] });
    expect(tracker.line('2) «risque», la combinaison;').address).toEqual({ kind: 'article', id: '3', parts: ['2'] });
  });
});

describe('an English-only index', () => {
  it('searches as before: a French query is analysed as English over every source', () => {
    const { corpus, postings, stats } = compile([file('only-en', 'en', '## Article 1: Scope\n\n1. This act covers recognition systems.\n')]);
    const engine = new SearchEngine({ postings, stats }, corpus.chunks, { sources: corpus.sources.map((s) => s.meta) });
    expect(engine.detectLanguage('reconnaissance des émotions')).toBe('en');
    expect(engine.search('recognition', { top: 5 }).language).toBe('en');
    expect(engine.search('recognition', { top: 5, lang: 'fr' }).hits).toEqual([]);
  });
});

describe('the `lang` parameter', () => {
  it.each([
    ['search', search.input, { q: 'risk', lang: 'de' }],
    ['rag', rag.input, { query: 'risk', lang: 'de' }],
  ] as const)('of %s refuses an unknown language, naming the parameter and the allowed values', (_name, input, value) => {
    const parsed = input.safeParse(value);
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue.path).toEqual(['lang']);
    expect(issue.message).toBe('"lang" must be one of "en", "fr", got "de".');
  });

  it('is optional', () => {
    expect(search.input.safeParse({ q: 'risk' }).success).toBe(true);
    expect(search.input.safeParse({ q: 'risk', lang: 'fr' }).success).toBe(true);
  });
});

// Lunr's default pipeline is untouched by registering lunr.fr.
it('leaves Lunr’s own stemmer registered as it was', () => {
  expect(lunr.Pipeline.load(['stemmer']).run([new lunr.Token('salaries', {})]).map(String)).toEqual(['salari']);
});
