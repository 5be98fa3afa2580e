import { describe, expect, it } from 'vitest';
import { AMOUNT_EXPRESSION, stated, TIME_EXPRESSION } from '../../../src/core/search/rules/stated.js';
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

describe('what the stated rule reads as a date or a time limit, and as a sum', () => {
  it.each([
    ['The obligations apply from 2 August 2026.', true],
    ['Providers shall report within 15 days.', true],
    ['without undue delay', true],
    ['Les obligations s’appliquent à partir du 2 août 2026.', true],
    ['à compter du 1er août 2027', true],
    ['dans un délai de 72 heures', true],
    ['au plus tard un mois après', true],
    ['pendant une durée de dix ans', true],
    ['pendant un an', true],
    ['sans retard injustifié', true],
    ['le rapport est publié chaque année', true],
    // Words that only begin like a unit or a number are not one.
    ['un analyse des risques', false],
    ['Le fournisseur tient à jour la documentation.', false],
    ['The provider keeps the documentation up to date.', false],
  ])('%s → %s', (text, states) => {
    expect(TIME_EXPRESSION.test(text)).toBe(states);
  });

  it.each([
    ['jusqu’à 35 000 000 EUR', true],
    ['7 % du chiffre d’affaires annuel mondial', true],
    ['up to EUR 15 000 000', true],
    ['une amende administrative', false],
  ])('%s → %s', (text, states) => {
    expect(AMOUNT_EXPRESSION.test(text)).toBe(states);
  });
});
