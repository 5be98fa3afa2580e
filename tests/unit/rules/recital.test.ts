import { describe, expect, it } from 'vitest';
import { recital } from '../../../src/core/search/rules/recital.js';
import { factorOf } from './fixture.js';

describe('the recital rule', () => {
  it.each([
    ['Must operators keep records?', 'Recital 1', 0.6],
    ['Must operators keep records?', 'Art. 6(1)', 1],
    ['Why must operators keep records?', 'Recital 1', 1 / 0.6],
    ['What is the rationale for keeping records?', 'Recital 1', 1 / 0.6],
  ])('%s → %s × %d', (question, pinpoint, factor) => {
    expect(factorOf(recital, question, pinpoint)).toBe(factor);
  });

  it('is off at 1', () => {
    expect(factorOf(recital, 'Must operators keep records?', 'Recital 1', { knobs: { recitalPrior: 1 } })).toBe(1);
  });
});
