import { describe, expect, it } from 'vitest';
import { addressee } from '../../../src/core/search/rules/addressee.js';
import lunr from 'lunr';
import { ChunkStore } from '../../../src/core/corpus/chunk-store.js';
import { queryTerms } from '../../../src/core/index/analysis.js';
import { DEFAULT_RANKING, indexDoc } from '../../../src/core/index/build.js';
import { buildPostings } from '../../../src/core/index/builder.js';
import { readIntent } from '../../../src/core/search/intent.js';
import { Postings } from '../../../src/core/search/postings.js';
import { RuleCorpus } from '../../../src/core/search/rules/corpus.js';
import { knobValues } from '../../../src/core/search/rules/profile.js';
import type { Chunk } from '../../../src/core/types.js';
import { factorOf } from './fixture.js';

describe('the addressee rule', () => {
  it.each([
    // "Fines for manufacturers of drones" narrows fines to manufacturers, whom the question does not name.
    ['How high are the fines?', 'Art. 7(1)', 0.6],
    ['How high are the fines for manufacturers?', 'Art. 7(1)', 1],
    ['How high are the fines?', 'Art. 8(1)', 1],
    ['Who tests drones?', 'Art. 7(1)', 1],
  ])('%s → %s × %d', (question, pinpoint, factor) => {
    expect(factorOf(addressee, question, pinpoint)).toBe(factor);
  });

  it('is off at 1', () => {
    expect(factorOf(addressee, 'How high are the fines?', 'Art. 7(1)', { knobs: { addresseeFactor: 1 } })).toBe(1);
  });
});

describe('the addressee rule on a cascade of titles on one topic', () => {
  // General to special, as acts draft them: the first title names its addressee too, but it is the general rule.
  const chunk = (n: number, article: string, title: string, text: string): Chunk => ({
    id: `act:${n}`, source: 'act', heading: `Article ${article}: ${title}`, path: [`Article ${article}: ${title}`], text, position: n, url: '/sources/act', pinpoint: `Art. ${article}(1)`,
  });
  const chunks = [
    chunk(0, '11', 'Annual reports for operators', 'Each operator shall publish a yearly report on its flights.'),
    chunk(1, '12', 'Annual reports for operators of heavy drones', 'Operators of heavy drones shall add their incidents to the yearly report.'),
    chunk(2, '13', 'Scope', 'This act applies to drones.'),
    chunk(3, '14', 'Registration', 'Drones are registered.'),
    chunk(4, '15', 'Penalties', 'Penalties apply.'),
  ];
  const index = buildPostings(chunks.map((c) => indexDoc(c, 'Drone Act')), DEFAULT_RANKING);
  const pipeline = lunr.Pipeline.load(index.stats.pipeline);
  const bound = addressee.bind(new RuleCorpus(ChunkStore.fromChunks(chunks), new Postings(index.postings), pipeline), knobValues({}));
  const factor = (question: string, doc: number) => bound?.factor({ ref: `act:${doc}`, doc, score: 1 }, { intent: readIntent(question), terms: new Set(queryTerms(pipeline, question)), defined: undefined });

  it.each([
    ['What goes in the annual reports?', 0, 1],
    ['What goes in the annual reports?', 1, 0.6],
    ['What goes in the annual reports of heavy drone operators?', 1, 1],
  ])('%s → Article 1%d × %d', (question, doc, expected) => {
    expect(factor(question, doc)).toBe(expected);
  });
});
