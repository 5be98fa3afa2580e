import { describe, expect, it } from 'vitest';
import { checkClaims, claimsInstruments, figureClaimInstruments, namesFromTitle } from '../../src/core/facts/claims.js';
import type { Facts } from '../../src/core/facts/rules.js';

/** A made-up act whose high-risk date an amendment moved, and a second act to compare figures with. */
const facts: Facts = {
  timelines: [
    {
      file: 'timeline/xx-reg-2024-7.yaml',
      data: {
        instrument: 'xx-reg-2024-7',
        title: 'Widget Act (WA, Regulation (XX) 2024/7)',
        as_of: '2026-11-28',
        evidence: 'https://example.org/wa',
        events: [
          { id: 'entry-into-force', title: 'Enters into force', kind: 'entry-into-force', pinpoints: ['Art. 40'], dates: [{ applies_from: '2024-03-01', set_by: 'Art. 40', text_from: '2024-03-01', states: 'twentieth day' }] },
          { id: 'general', title: 'The Act applies', kind: 'application', pinpoints: ['Art. 40'], dates: [{ applies_from: '2025-03-01', set_by: 'Art. 40', text_from: '2024-03-01' }] },
          {
            id: 'high-risk',
            title: 'Rules for high-risk widgets apply',
            kind: 'application',
            pinpoints: ['Annex II'],
            dates: [
              { applies_from: '2026-03-01', set_by: 'Art. 40', text_from: '2024-03-01' },
              { applies_from: '2027-06-01', set_by: 'Art. 40(b)', text_from: '2026-05-01', amended_by: { source: 'xx-reg-2026-9', pinpoint: 'Art. 1(4)' } },
            ],
          },
        ],
      },
    },
    {
      file: 'timeline/xx-reg-2020-1.yaml',
      data: {
        instrument: 'xx-reg-2020-1',
        title: 'Gadget Regulation (Regulation (XX) 2020/1)',
        as_of: '2026-11-28',
        evidence: 'https://example.org/gr',
        events: [{ id: 'application', title: 'Applies', kind: 'application', pinpoints: ['Art. 9'], dates: [{ applies_from: '2021-01-01', set_by: 'Art. 9', text_from: '2020-06-01' }] }],
      },
    },
  ],
  obligations: [
    {
      file: 'obligations/xx-reg-2024-7.yaml',
      data: {
        instrument: 'xx-reg-2024-7',
        as_of: '2026-11-28',
        roles: { maker: 'Art. 2(1)' },
        obligations: [{ id: 'maker-log', pinpoint: 'Art. 12(1)', roles: ['maker'], summary: 'Keep logs for six months and report within 72 hours.', from: 'high-risk' }],
      },
    },
    {
      file: 'obligations/xx-reg-2020-1.yaml',
      data: { instrument: 'xx-reg-2020-1', as_of: '2026-11-28', roles: { holder: 'Art. 1' }, obligations: [{ id: 'cap', pinpoint: 'Art. 5', roles: ['holder'], summary: 'Fines reach EUR 20 million or 4 % of turnover.', from: 'application' }] },
    },
  ],
};
const instruments = claimsInstruments(facts);
const entry = (body: string, instrument?: string, asOf = '2026-11-28') => ({ text: `---\nas_of: ${asOf}\n---\n${body}\n`, asOf, instrument });
const lines = (body: string, instrument?: string, asOf?: string) => checkClaims(entry(body, instrument, asOf), instruments).map((f) => [f.line, f.kind]);

describe('namesFromTitle', () => {
  it('takes the short name and each name in the brackets, keeping an identifier whole', () => {
    expect(namesFromTitle('Widget Act (WA, Regulation (XX) 2024/7)')).toEqual(['Widget Act', 'WA', 'Regulation (XX) 2024/7']);
    expect(namesFromTitle('Widget Act')).toEqual(['Widget Act']);
  });
});

describe('application dates against the timeline', () => {
  it('flags a date the amendment moved, on its own line, for a provision an obligation starts at', () => {
    expect(lines('Intro.\n\nArt. 12 of the Widget Act applies from 1 March 2026.')).toEqual([[6, 'date']]);
    expect(lines('Art. 12 of the Widget Act applies from 1 June 2027.')).toEqual([]);
  });

  it('reads a group named by the words of an event title, and an entry about the act without naming it', () => {
    expect(lines('High-risk widgets rules apply from 1 March 2026.', 'xx-reg-2024-7')).toEqual([[4, 'date']]);
    expect(lines('The rules on Annex II widgets apply from 1 June 2027.', 'xx-reg-2024-7')).toEqual([]);
  });

  it('judges a sentence by the version in force on its as_of', () => {
    expect(lines('Under the Widget Act, Annex II applies from 1 March 2026.', undefined, '2025-12-31')).toEqual([]);
    expect(lines('Under the Widget Act, Annex II applies from 1 March 2026.', undefined, '2026-11-28')).toEqual([[4, 'date']]);
  });

  it('lets a superseded date stand when the sentence says it is history', () => {
    expect(lines('As originally published, Annex II of the Widget Act would have applied from 1 March 2026.')).toEqual([]);
  });

  it('does not read deadlines, the amendment day, denied groups or another act as an application date', () => {
    expect(lines('The Widget Act requires a report by 1 March 2026 on Annex II.')).toEqual([]);
    expect(lines('Annex II of the Widget Act, as amended with effect from 1 May 2026, applies from 1 June 2027.')).toEqual([]);
    expect(lines('This duty of the Widget Act covers every widget, not only high-risk ones, and applies from 1 March 2025.')).toEqual([]);
    expect(lines('The Blue Widget Act applies from 1 March 2026 to Annex II.')).toEqual([]);
  });

  it('checks the act as a whole and its entry into force when the sentence names only the act', () => {
    expect(lines('The Widget Act has applied since 1 March 2024.')).toEqual([[4, 'date']]);
    expect(lines('The Widget Act has applied since 1 March 2025.')).toEqual([]);
    expect(lines('The Widget Act entered into force on 2 March 2024.')).toEqual([[4, 'date']]);
    expect(lines('The Widget Act entered into force on 1 March 2024.')).toEqual([]);
  });

  it('leaves a sentence naming two acts alone, and skips the front matter and code', () => {
    expect(lines('The Widget Act and the Gadget Regulation apply from 1 March 2026 to Annex II.')).toEqual([]);
    expect(checkClaims({ text: '---\nnote: "Annex II of the Widget Act applies from 1 March 2026."\n---\n```\nWA Annex II applies from 1 March 2026.\n```\n', asOf: '2026-11-28' }, instruments)).toEqual([]);
  });
});

describe('figures attributed to another act', () => {
  it('flags a figure said to be the same as the other act, which that act does not state', () => {
    expect(lines('The cap here is EUR 10 million, the same figure the Gadget Regulation uses.', 'xx-reg-2024-7')).toEqual([[4, 'figure']]);
    expect(lines('The cap here is EUR 20 million, the same figure the Gadget Regulation uses.', 'xx-reg-2024-7')).toEqual([]);
  });

  it('reads the act\'s own text when given, and does not guess a kind of figure the data lacks', () => {
    const text = (instrument: string) => (instrument === 'xx-reg-2020-1' ? 'training compute greater than 1025 floating point operations' : undefined);
    const sentence = entry("Our threshold of 10^26 FLOP matches the Gadget Regulation's.", 'xx-reg-2024-7');
    expect(checkClaims(sentence, instruments).map((f) => f.kind)).toEqual([]);
    expect(checkClaims(sentence, instruments, text).map((f) => f.kind)).toEqual(['figure']);
    expect(checkClaims(entry("Our threshold of 10^25 FLOP matches the Gadget Regulation's.", 'xx-reg-2024-7'), instruments, text)).toEqual([]);
    expect(figureClaimInstruments(sentence, instruments)).toEqual(['xx-reg-2020-1']);
  });

  it('does not check figures an entry gives for its own act, or without a comparison', () => {
    expect(lines('Like the Gadget Regulation, fines reach EUR 10 million.', 'xx-reg-2020-1')).toEqual([]);
    expect(lines('The Gadget Regulation has fines; ours reach EUR 10 million.', 'xx-reg-2024-7')).toEqual([]);
  });
});

describe('figures in other spellings', () => {
  it('reads one figure however it is written, as /verify does (quantities.ts)', () => {
    const text = (instrument: string) => (instrument === 'xx-reg-2020-1' ? 'fines of up to 10 000 000 EUR or 2 % within seventy-two hours' : undefined);
    const check = (sentence: string) => checkClaims(entry(sentence, 'xx-reg-2024-7'), instruments, text).map((f) => f.kind);
    expect(check('Our cap of EUR 10 million matches the Gadget Regulation.')).toEqual([]);
    expect(check('Our 2 per cent and 72-hour limits match the Gadget Regulation.')).toEqual([]);
    expect(check('Our cap of EUR 12 million matches the Gadget Regulation.')).toEqual(['figure']);
    // A date is the timeline's to check, and a year is no figure.
    expect(check('Since 2024 our reporting matches the Gadget Regulation.')).toEqual([]);
  });
});
