import { describe, expect, it } from 'vitest';
import { narrative } from '../../../src/core/search/rules/narrative.js';
import { factorOf } from './fixture.js';

describe('the narrative rule', () => {
  it.each([
    ['Governance policies for drones', 'prose', 0.9],
    ['Governance policies for drones', 'GOVERN 1.1', 1],
    ['How do we govern drones?', 'prose', 0.5],
    ['Which subcategory covers policies?', 'prose', 0.5],
    ['What does the framework expect?', 'prose', 1],
    ['Why govern drones by policies?', 'prose', 1 / 0.9],
    // Only a framework's own prose: the act's chunks are not.
    ['Governance policies for drones', 'Recital 1', 1],
  ])('%s → %s × %d', (question, pinpoint, factor) => {
    expect(factorOf(narrative, question, pinpoint)).toBe(factor);
  });

  it('is off with both knobs at 1', () => {
    expect(factorOf(narrative, 'How do we govern drones?', 'prose', { knobs: { narrativePrior: 1, procedurePrior: 1 } })).toBe(1);
  });
});
