import { describe, expect, it } from 'vitest';
import { annex } from '../../../src/core/search/rules/annex.js';
import { factorOf } from './fixture.js';

describe('the annex rule', () => {
  it.each([
    ['Must operators keep a flight log?', 'Annex I', 0.8],
    ['Must operators keep a flight log?', 'Art. 6(1)', 1],
    ['What does the flight log contain?', 'Annex I', 1 / 0.8],
    ['Which operators must keep a log?', 'Annex I', 1],
    ['Tell me about flight logs', 'Annex I', 1],
  ])('%s → %s × %d', (question, pinpoint, factor) => {
    expect(factorOf(annex, question, pinpoint)).toBe(factor);
  });

  it('is off at 1', () => {
    expect(factorOf(annex, 'Must operators keep a flight log?', 'Annex I', { knobs: { annexFactor: 1 } })).toBe(1);
  });
});
