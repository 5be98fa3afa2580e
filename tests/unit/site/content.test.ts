import { describe, expect, it } from 'vitest';
import type { GlossaryEntry, WisdomEntry } from '../../../src/core/types.js';
import { glossaryByLetter, glossaryFilterText, humanize, wisdomByCategory } from '../../../src/site/content.js';

const term = (id: string, name: string, extra: Partial<GlossaryEntry> = {}): GlossaryEntry => ({
  id,
  term: name,
  aliases: [],
  related: [],
  sources: [],
  definition: '',
  as_of: '2026-01-01',
  ...extra,
});

describe('glossaryByLetter', () => {
  it('groups terms A to Z under their folded first letter, digits and symbols first under #', () => {
    const groups = glossaryByLetter([term('b', 'beta'), term('e', 'Éthique'), term('a', 'Alpha'), term('n', '42001'), term('a2', 'audit')]);
    expect(groups.map((g) => [g.letter, g.entries.map((e) => e.id)])).toEqual([
      ['#', ['n']],
      ['A', ['a', 'a2']],
      ['B', ['b']],
      ['E', ['e']],
    ]);
  });
});

describe('glossaryFilterText', () => {
  it('holds the term, aliases and definition, folded as the filter folds what one types', () => {
    expect(glossaryFilterText(term('x', 'Société', { aliases: ['HITL'], definition: 'Human in the loop' }))).toBe('societe hitl human in the loop');
  });

  it('adds the other spelling of each word that has one, once', () => {
    const respell = (word: string) => ({ anonymisation: 'anonymization', data: undefined })[word];
    expect(glossaryFilterText(term('x', 'Anonymisation', { definition: 'Data after anonymisation.' }), respell)).toBe('anonymisation data after anonymisation. anonymization');
    // A word at the end of a sentence has its other spelling too.
    expect(glossaryFilterText(term('y', 'Data release', { definition: 'Data after anonymisation.' }), respell)).toBe('data release data after anonymisation. anonymization');
  });
});

describe('wisdomByCategory', () => {
  it('groups by category in order, with a readable label', () => {
    const w = (id: string, category: string): WisdomEntry => ({ id, title: id, category, tags: [], sources: [], text: '', as_of: '2026-01-01' });
    const groups = wisdomByCategory([w('1', 'risk-management'), w('2', 'accountability'), w('3', 'risk-management')]);
    expect(groups.map((g) => [g.label, g.entries.map((e) => e.id)])).toEqual([
      ['Accountability', ['2']],
      ['Risk management', ['1', '3']],
    ]);
    expect(humanize('data-governance')).toBe('Data governance');
  });
});
