import { describe, expect, it } from 'vitest';
import { definitionsPrior } from '../../../src/core/search/rules/definitions-prior.js';
import { factorOf } from './fixture.js';

describe('the definitions-prior rule', () => {
  it.each([
    ['How long must operators keep logs?', 'Art. 3(1)', undefined, 0.9],
    ['How long must operators keep logs?', 'Art. 6(1)', undefined, 1],
    // When the definition stage found the definition asked for, the definitions are not held down.
    ['Who is an operator?', 'Art. 3(1)', { pinpoints: ['Art. 3(1)'], whole: true }, 1],
  ])('%s → %s (defined: %o) × %d', (question, pinpoint, defined, factor) => {
    expect(factorOf(definitionsPrior, question, pinpoint, defined === undefined ? {} : { defined })).toBe(factor);
  });

  it('is off at 1', () => {
    expect(factorOf(definitionsPrior, 'How long must operators keep logs?', 'Art. 3(1)', { knobs: { definitionsPrior: 1 } })).toBe(1);
  });
});
