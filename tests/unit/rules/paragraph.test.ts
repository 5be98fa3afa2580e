import { describe, expect, it } from 'vitest';
import { paragraph } from '../../../src/core/search/rules/paragraph.js';
import { factorOf } from './fixture.js';

// The act's Article chunks: paragraph 1 of Articles 3, 6, 7, 8, 9 and 10, and paragraph 2 of Article 6.
const mean = (6 * 1 + 1 / 1.02) / 7;

describe('the paragraph rule', () => {
  it.each([
    ['Art. 6(1)', 1 / mean],
    ['Art. 6(2)', Math.fround(1 / 1.02) / mean],
    ['Recital 1', 1],
    ['Annex I', 1],
  ])('%s × %d, whatever the question', (pinpoint, factor) => {
    expect(factorOf(paragraph, 'anything', pinpoint)).toBeCloseTo(factor, 6);
  });

  it('keeps a later paragraph below the first, and is off at 0', () => {
    expect(factorOf(paragraph, 'logs', 'Art. 6(2)')).toBeLessThan(factorOf(paragraph, 'logs', 'Art. 6(1)'));
    expect(factorOf(paragraph, 'logs', 'Art. 6(2)', { knobs: { paragraphPrior: 0 } })).toBe(1);
  });
});
