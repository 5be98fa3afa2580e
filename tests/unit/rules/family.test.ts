import { describe, expect, it } from 'vitest';
import { family } from '../../../src/core/search/rules/family.js';
import { factorOf } from './fixture.js';

describe('the family rule', () => {
  it.each([
    ['Which MAP subcategory covers the context of use?', 'GOVERN 1.1', 0.5],
    ['Which MAP subcategory covers the context of use?', 'MAP 1.1', 1],
    ['Which MAP subcategory covers the context of use?', 'Art. 6(1)', 1],
    ['Which map function covers the context?', 'GOVERN 1.1', 0.5],
    ['How do we map the context of use?', 'GOVERN 1.1', 1],
  ])('%s → %s × %d', (question, pinpoint, factor) => {
    expect(factorOf(family, question, pinpoint)).toBe(factor);
  });

  it('is off at 1', () => {
    expect(factorOf(family, 'Which MAP subcategory covers the context?', 'GOVERN 1.1', { knobs: { familyFactor: 1 } })).toBe(1);
  });
});
