import { describe, expect, it } from 'vitest';
import { definition } from '../../../src/core/search/rules/definition.js';
import { factorOf } from './fixture.js';

describe('the definition rule', () => {
  const found = (whole: boolean) => ({ pinpoints: ['Art. 3(1)'], whole });
  it.each([
    // The stage found the chunk defining the whole subject ("an operator"), or only its first words.
    ['Who is an operator?', 'Art. 3(1)', found(true), 2 * 4],
    ['What is an operator required to do?', 'Art. 3(1)', found(false), 2],
    ['Who is an operator?', 'Art. 6(1)', found(true), 1],
    // Nothing found: the rule does not apply.
    ['Who is an operator?', 'Art. 3(1)', undefined, 1],
  ])('%s → %s (defined: %o) × %d', (question, pinpoint, defined, factor) => {
    expect(factorOf(definition, question, pinpoint, defined === undefined ? {} : { defined })).toBe(factor);
  });

  it('reads its knobs, and is off at 1', () => {
    expect(factorOf(definition, 'Who is an operator?', 'Art. 3(1)', { defined: found(true), knobs: { definitionFactor: 3, subjectFactor: 1 } })).toBe(3);
    expect(factorOf(definition, 'Who is an operator?', 'Art. 3(1)', { defined: found(true), knobs: { definitionFactor: 1 } })).toBe(1);
  });
});
