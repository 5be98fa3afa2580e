import { describe, expect, it } from 'vitest';
import { GlossaryFinder } from '../../src/core/glossary.js';
import type { GlossaryEntry } from '../../src/core/types.js';

const entry = (term: string, definition: string, aliases: string[] = []): GlossaryEntry => ({
  id: term.toLowerCase().replace(/\W+/g, '-'),
  term,
  aliases,
  related: [],
  sources: [],
  definition,
  as_of: '2026-01-01',
});
const finder = new GlossaryFinder([
  entry('Authorised representative', 'A person in the Union who acts for a provider established elsewhere.'),
  entry('Anonymisation', 'Processing that leaves no person identifiable.'),
  entry('Authority', 'A public body that supervises.'),
]);
const terms = (q: string) => finder.find(q).map((e) => e.term);

describe('glossary lookup', () => {
  it('ranks an exact name, then a name the text starts, then names holding its words, then definitions', () => {
    expect(terms('authority')).toEqual(['Authority']);
    expect(terms('author')).toEqual(['Authorised representative', 'Authority']);
    expect(terms('person')).toEqual(['Anonymisation', 'Authorised representative']);
  });

  it('finds a term written in the other variety of English', () => {
    expect(terms('authorized representative')).toEqual(['Authorised representative']);
    expect(terms('Anonymization')).toEqual(['Anonymisation']);
  });
});
