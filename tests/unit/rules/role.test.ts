import { describe, expect, it } from 'vitest';
import { role } from '../../../src/core/search/rules/role.js';
import { factorOf } from './fixture.js';

describe('the role rule', () => {
  it.each([
    // Art. 10 names manufacturers only; the question asks about distributors.
    ['What must a distributor test?', 'Art. 10(1)', 0.6],
    ['What must a manufacturer test?', 'Art. 10(1)', 1],
    // A provision naming no role, and a question naming none, are left alone.
    ['What must a distributor test?', 'Art. 6(1)', 1],
    ['What must be tested?', 'Art. 10(1)', 1],
    ['What must a distributor test?', 'Recital 1', 1],
  ])('%s → %s × %d', (question, pinpoint, factor) => {
    expect(factorOf(role, question, pinpoint)).toBe(factor);
  });

  it('is off at 1', () => {
    expect(factorOf(role, 'What must a distributor test?', 'Art. 10(1)', { knobs: { roleFactor: 1 } })).toBe(1);
  });
});
