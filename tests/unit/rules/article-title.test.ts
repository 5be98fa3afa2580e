import { describe, expect, it } from 'vitest';
import { articleTitle } from '../../../src/core/search/rules/article-title.js';
import { factorOf } from './fixture.js';

describe('the article-title rule', () => {
  it.each([
    ['What are the obligations of operators?', 'Art. 6(2)', 1.3],
    ['What are the obligations of manufacturers?', 'Art. 6(2)', 1],
    ['What are the fines?', 'Art. 8(1)', 1.3],
    // A question whether the law applies to something names the Article on scope; one asking when does not.
    ['Does the Act cover hobby drones?', 'Art. 9(1)', 1.6],
    // Named by its title and on scope: the larger factor, not both.
    ['Does the scope cover hobby drones?', 'Art. 9(1)', 1.6],
    ['From what date does the Act apply?', 'Art. 9(1)', 1],
    ['What are the obligations of operators?', 'Recital 1', 1],
  ])('%s → %s × %d', (question, pinpoint, factor) => {
    expect(factorOf(articleTitle, question, pinpoint)).toBe(factor);
  });

  it('is off at 1, each knob for its own questions', () => {
    expect(factorOf(articleTitle, 'What are the fines?', 'Art. 8(1)', { knobs: { articleTitleFactor: 1 } })).toBe(1);
    expect(factorOf(articleTitle, 'Does the Act cover hobby drones?', 'Art. 9(1)', { knobs: { scopeFactor: 1 } })).toBe(1);
    expect(factorOf(articleTitle, 'Does the Act cover hobby drones?', 'Art. 9(1)', { knobs: { articleTitleFactor: 1 } })).toBe(1.6);
  });
});
