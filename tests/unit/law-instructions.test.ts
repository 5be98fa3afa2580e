/**
 * The point of an amending act that changed a provision, read from its numbered instructions; quoted new wording
 * holds numbered lines of its own, which are not instructions.
 */
import { describe, expect, it } from 'vitest';
import { amendingPoints, formalName, instructionsFor, instructionsIn } from '../../src/core/law/instructions.js';

const ARTICLE_1 = [
  'Regulation (XX) 2024/7 is amended as follows:',
  '(1) in Article 2(2), the following point is added:',
  '‘(c) the date of registration.’;',
  '(2) the following Articles are inserted:',
  '‘Article 2a',
  'Small providers',
  '(1) A small provider may register in a simplified form.',
  '(2) It shall say so.',
  'Article 2b',
  'Registers',
  'The register shall be public.’;',
  '(3) in Article 3, paragraph 1 is replaced by the following:',
  '‘1. The fine shall be up to EUR 2 000 000.’;',
  '(4) Article 4 is amended as follows:',
  '(a) point (a) is deleted;',
  '(5) in Annex I, point 2 is deleted;',
  '(6) the following Annex is added:',
  '‘Annex II',
  '(1) Entries.’.',
].join('\n');

describe('amending instructions', () => {
  it('are the lines numbered in sequence, each with the provisions it names or inserts', () => {
    expect(instructionsIn('1', ARTICLE_1)).toEqual([
      { pinpoint: 'Art. 1(1)', targets: ['art-2-2'] },
      { pinpoint: 'Art. 1(2)', targets: ['art-2a', 'art-2b'] },
      { pinpoint: 'Art. 1(3)', targets: ['art-3-1'] },
      { pinpoint: 'Art. 1(4)', targets: ['art-4'] },
      { pinpoint: 'Art. 1(5)', targets: ['annex-i'] },
      { pinpoint: 'Art. 1(6)', targets: ['annex-ii'] },
    ]);
  });

  it('name the point that changed a provision, what holds it or a part of it', () => {
    const instructions = instructionsIn('1', ARTICLE_1);
    expect(amendingPoints(instructions, 'art-2-2-c')).toEqual(['Art. 1(1)']);
    expect(amendingPoints(instructions, 'art-2')).toEqual(['Art. 1(1)']);
    expect(amendingPoints(instructions, 'art-2b')).toEqual(['Art. 1(2)']);
    expect(amendingPoints(instructions, 'annex-i-point-2')).toEqual(['Art. 1(5)']);
    expect(amendingPoints(instructions, 'art-9')).toEqual([]);
  });

  it('are read only from the Articles that amend the instrument asked about', () => {
    const provisions = new Map([
      ['art-1', { anchor: 'art-1', pinpoint: 'Art. 1', text: ARTICLE_1 }],
      ['art-2', { anchor: 'art-2', pinpoint: 'Art. 2', text: 'Regulation (XX) 2019/1 is amended as follows:\n(1) Article 4 is deleted.' }],
    ]);
    expect(formalName('eu-reg-2024-1689')).toBe('Regulation (EU) 2024/1689');
    expect(formalName('eu-dir-2022-2555')).toBe('Directive (EU) 2022/2555');
    expect(instructionsFor(provisions, 'xx-reg-2024-7').map((i) => i.pinpoint)).toHaveLength(6);
    expect(instructionsFor(provisions, 'xx-reg-2019-1')).toEqual([{ pinpoint: 'Art. 2(1)', targets: ['art-4'] }]);
    expect(instructionsFor(provisions, 'nist-ai-100-1')).toEqual([]);
  });
});
