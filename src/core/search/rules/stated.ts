import { EN_MONTH, FR_MONTH } from '../../legal/days.js';
import { rule } from './rule.js';

const NUMBER = '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|sixty|ninety)';
const NOMBRE = '(?:\\d+|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|trente|soixante|quatre-vingt-dix)';
/**
 * A date ("2 August 2026", "1er août 2026") or a time limit ("within 15 days", "six months", "without undue delay",
 * "annually"; "dans un délai de 72 heures", "sans retard injustifié", "chaque année") in English or French text.
 */
export const TIME_EXPRESSION = new RegExp(
  `\\b(?:\\d{1,2}\\s+${EN_MONTH}\\s+\\d{4}|${EN_MONTH}\\s+\\d{4}|${NUMBER}(?:\\s+(?:calendar|working|consecutive))?\\s+(?:hours?|days?|weeks?|months?|years?)|without\\s+(?:undue\\s+)?delay|immediately|annually|once\\s+a\\s+year|every\\s+${NUMBER}?\\s*(?:years?|months?))\\b` +
    `|(?<![\\p{L}\\d])(?:\\d{1,2}(?:er)?\\s+${FR_MONTH}\\s+\\d{4}|${NOMBRE}\\s+(?:heures?|jours?(?:\\s+(?:ouvrables|calendaires))?|semaines?|mois|ans?|années?)|sans\\s+(?:retard\\s+injustifié|délai)|immédiatement|annuellement|chaque\\s+année|tous\\s+les\\s+${NOMBRE}?\\s*(?:ans|mois))(?![\\p{L}\\d])`,
  'iu',
);
/** A sum of money ("EUR 35 000 000", "€15 million", "7 500 000 euros") or a percentage ("7 %", "3 per cent"). */
export const AMOUNT_EXPRESSION = /(?:EUR|€|\$|USD|GBP|£)\s?\d|\d[\d\s.,]{0,20}\s?(?:EUR|euros?|€)|\b\d+(?:[.,]\d+)?\s?(?:%|per\s?cent)/i;

/**
 * The chunks stating what a when- or how-much question asks for (a date or a time limit; a sum or a percentage)
 * above the rest; a question asking both is read as a when-question (docs/ranking/time-factor.md, amount-factor.md).
 */
export const stated = rule({
  name: 'stated',
  knobs: [
    { name: 'timeFactor', flag: 'time', default: 1.5, off: 1, doc: 'a chunk stating a date or a time limit, for a when-question; 1: off' },
    // The time factor's value: the same rule for another kind of answer, not tuned apart.
    { name: 'amountFactor', flag: 'amount', default: 1.5, off: 1, doc: 'a chunk stating a sum or a percentage, for a how-much question; 1: off' },
  ],
  bind(corpus, { timeFactor, amountFactor }) {
    if (timeFactor === 1 && amountFactor === 1) return undefined;
    /** What the question asks to be stated, and the factor of a chunk stating it; undefined when neither. */
    const asked = ({ time, amount }: { time: boolean; amount: boolean }) =>
      timeFactor > 1 && time ? { expression: TIME_EXPRESSION, factor: timeFactor } : amountFactor > 1 && amount ? { expression: AMOUNT_EXPRESSION, factor: amountFactor } : undefined;
    return {
      applies: ({ intent }) => asked(intent) !== undefined,
      factor(r, { intent }) {
        const wanted = asked(intent);
        return wanted !== undefined && wanted.expression.test(corpus.chunks.get(r.ref)?.text ?? '') ? wanted.factor : 1;
      },
    };
  },
});
