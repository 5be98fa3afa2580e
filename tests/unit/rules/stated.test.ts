import { describe, expect, it } from 'vitest';
import { stated } from '../../../src/core/search/rules/stated.js';
import { factorOf } from './fixture.js';

describe('the stated rule (time and amount)', () => {
  it.each([
    ['How long must operators keep logs?', 'Art. 6(1)', {}, 1.5],
    ['How long must operators keep logs?', 'Art. 6(2)', {}, 1],
    ['What is the maximum fine?', 'Art. 7(1)', {}, 1.5],
    ['What is the maximum fine?', 'Art. 6(1)', {}, 1],
    ['Who keeps the logs?', 'Art. 6(1)', {}, 1],
    // Each kind by its own knob; a question asking both is read as a when-question, unless that knob is off.
    ['How long must operators keep logs?', 'Art. 6(1)', { timeFactor: 2 }, 2],
    ['What is the maximum fine?', 'Art. 7(1)', { amountFactor: 3 }, 3],
    ['How long can the maximum fine be imposed?', 'Art. 7(1)', {}, 1],
    ['How long can the maximum fine be imposed?', 'Art. 7(1)', { timeFactor: 1 }, 1.5],
  ])('%s → %s %o × %d', (question, pinpoint, knobs, factor) => {
    expect(factorOf(stated, question, pinpoint, { knobs })).toBe(factor);
  });

  it('is off with both knobs at 1', () => {
    expect(factorOf(stated, 'How long must operators keep logs?', 'Art. 6(1)', { knobs: { timeFactor: 1, amountFactor: 1 } })).toBe(1);
  });
});
