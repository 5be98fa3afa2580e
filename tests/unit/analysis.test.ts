import { describe, expect, it } from 'vitest';
import { foldText } from '../../src/core/index/fold.js';
import { compounds, positionedTerms, queryTerms, queryTokens, searchPipeline, tokenize, wordForms, wordSpans } from '../../src/core/index/analysis.js';
import { buildIndex } from '../../src/core/index/build.js';

const forms = (text: string) => tokenize(text).map(String);
// An index only to carry the search pipeline; the terms do not depend on its documents.
const index = searchPipeline(buildIndex([{ id: 'x', text: 'x', heading: '', title: '' }]));
const terms = (text: string) => queryTerms(index, text);

describe('tokenizer forms', () => {
  it('indexes a hyphenated term under its parts; a query also searches its joined form', () => {
    expect(forms('high-risk')).toEqual(['high', 'risk']);
    expect(forms('Human-in-the-Loop')).toEqual(['human', 'in', 'the', 'loop']);
    expect(queryTokens('high-risk').map(String)).toEqual(['high', 'risk', 'highrisk']);
    expect(queryTokens('Human-in-the-Loop').map(String)).toEqual(['human', 'in', 'the', 'loop', 'humanintheloop']);
  });

  it('collects the joined forms of hyphenated words for the compounds field, identifiers excepted', () => {
    expect(compounds('The high-risk, Human-in-the-Loop system under EU 2024/1689 and ISO/IEC 42001.')).toBe('highrisk humanintheloop');
    expect(compounds('no compound here')).toBe('');
  });

  it('keeps identifiers whole and also splits them at slashes', () => {
    expect(forms('Regulation (EU) 2024/1689')).toEqual(['regulation', 'eu', '2024/1689', '2024', '1689']);
    expect(forms('ISO/IEC 42001:2023')).toEqual(['iso/iec', 'iso', 'iec', '42001', '2023']);
  });

  it('keeps numbers and dotted subcategory numbers', () => {
    expect(forms('Article 5')).toEqual(['article', '5']);
    expect(forms('MAP 1.1 and NIST AI RMF 1.0')).toEqual(['map', '1.1', 'and', 'nist', 'ai', 'rmf', '1.0']);
  });

  it('trims punctuation, possessives and dotted abbreviations', () => {
    expect(forms('(GPAI), "oversight"; risk.')).toEqual(['gpai', 'oversight', 'risk']);
    expect(forms('the provider’s duty')).toEqual(['the', 'provider', 'duty']);
    expect(wordForms('u.s.')).toEqual(['us']);
  });

  it('folds case and accents', () => {
    expect(foldText('Société ÉTAT')).toBe('societe etat');
    expect(forms('Société')).toEqual(['societe']);
  });

  it('maps words back to their offsets in the original text, accents included', () => {
    const text = 'Une Société, high-risk.';
    expect(wordSpans(text).map((s) => text.slice(s.start, s.end))).toEqual(['Une', 'Société', 'high-risk']);
  });

  it('treats null and arrays like Lunr does', () => {
    expect(tokenize(null)).toEqual([]);
    expect(tokenize(['a b', 'c']).map(String)).toEqual(['a', 'b', 'c']);
  });
});

describe('query terms', () => {
  it('stems and drops stop words exactly as the index side does', () => {
    expect(terms('the requirements of providers')).toEqual(['requir', 'provid']);
    expect(terms('Human-in-the-Loop')).toEqual(['human', 'loop', 'humanintheloop']);
  });

  it('gives the same terms however the words are punctuated', () => {
    expect(terms('high risk')).toEqual(['high', 'risk']);
    expect(terms('HIGH-RISK')).toEqual(terms('high-risk'));
    expect(terms('Art. 5: scope')).toEqual(['art', '5', 'scope']);
  });

  it('reduces Lunr query syntax to plain words', () => {
    expect(terms('title:foo~2^3 +bar -baz *')).toEqual(['titl', 'foo', '2', '3', 'bar', 'baz']);
    expect(terms('--help')).toEqual(['help']);
    expect(terms('AI-Act')).toEqual(['ai', 'act', 'aiact']);
  });

  it('keeps the country "U.S." although "us" is a stop word', () => {
    expect(terms('U.S. federal policy')).toEqual(['us', 'feder', 'polici']);
  });

  it('numbers word positions for phrases: parts consecutive, an identifier whole at its first part, stop words counted', () => {
    expect(positionedTerms(index, 'the human-in-the-loop oversight')).toEqual([
      { term: 'human', index: 1, whole: false },
      { term: 'loop', index: 4, whole: false },
      { term: 'oversight', index: 5, whole: false },
    ]);
    expect(positionedTerms(index, 'EU 2024/1689').map((t) => [t.term, t.index])).toEqual([['eu', 0], ['2024/1689', 1], ['2024', 1], ['1689', 2]]);
  });

  it('is empty for stop words and punctuation alone', () => {
    expect(terms('the of and')).toEqual([]);
    expect(terms('?!:*')).toEqual([]);
  });
});
