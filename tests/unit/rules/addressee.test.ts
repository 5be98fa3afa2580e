import { describe, expect, it } from 'vitest';
import { addressee } from '../../../src/core/search/rules/addressee.js';
import { factorOf } from './fixture.js';

describe('the addressee rule', () => {
  it.each([
    // "Fines for manufacturers of drones" narrows fines to manufacturers, whom the question does not name.
    ['How high are the fines?', 'Art. 7(1)', 0.6],
    ['How high are the fines for manufacturers?', 'Art. 7(1)', 1],
    ['How high are the fines?', 'Art. 8(1)', 1],
    ['Who tests drones?', 'Art. 7(1)', 1],
  ])('%s → %s × %d', (question, pinpoint, factor) => {
    expect(factorOf(addressee, question, pinpoint)).toBe(factor);
  });

  it('is off at 1', () => {
    expect(factorOf(addressee, 'How high are the fines?', 'Art. 7(1)', { knobs: { addresseeFactor: 1 } })).toBe(1);
  });
});
