/** The share of a question's words its answer holds, and its bands (src/core/eval/word-share.ts). */
import { describe, expect, it } from 'vitest';
import { shareBand, wordShare } from '../../src/core/eval/word-share.js';
import { englishPipeline } from '../../src/core/index/analysis.js';
import { frenchPipeline } from '../../src/core/index/languages.js';

const english = englishPipeline();
const chunk = (text: string, heading = '', path: string[] = []) => ({ text, heading, path });

describe('wordShare', () => {
  it('counts the question stems the answer holds, in its text, heading or path', () => {
    const answer = [chunk('The controller shall erase personal data without undue delay.', 'Right to erasure', ['Chapter III'])];
    // erase (erasure's stem differs), personal and data held; phone and numbers not.
    expect(wordShare(english, 'Must they erase personal data?', answer)).toBe(1);
    expect(wordShare(english, 'Can a company keep my phone numbers?', answer)).toBe(0);
    expect(wordShare(english, 'delete my personal data', answer)).toBeCloseTo(2 / 3);
    expect(wordShare(english, 'chapter erasure', [chunk('x', 'Right to erasure', ['Chapter III'])])).toBe(1);
    expect(wordShare(english, 'the of and', answer)).toBe(0);
  });

  it('reads French with the French stemmer', () => {
    expect(wordShare(frenchPipeline(), 'Les amendes des salariés', [chunk("L'amende du salarié")])).toBe(1);
    expect(wordShare(frenchPipeline(), 'Les amendes des salariés', [chunk('The fine of the employee')])).toBe(0);
  });
});

describe('shareBand', () => {
  it('labels the four bands, lower bound included', () => {
    expect([0, 0.2, 0.25, 0.49, 0.5, 0.75, 1].map(shareBand)).toEqual(['< 0.25', '< 0.25', '0.25 to 0.5', '0.25 to 0.5', '0.5 to 0.75', '≥ 0.75', '≥ 0.75']);
  });
});
