import { describe, expect, it } from 'vitest';
import { datesIn, sentences, staleClaims } from '../../src/core/corpus/currency-check.js';

const today = '2026-11-23';

describe('datesIn', () => {
  it('reads full dates, months and bare years as the last day they could mean', () => {
    expect(datesIn('From 2 August 2026, by March 2027, on May 5, 2025, in 2028 and on 2026-01-15.').sort()).toEqual([
      '2025-05-05', '2026-01-15', '2026-08-02', '2027-03-31', '2028-12-31',
    ]);
  });

  it('does not read the number of an act as a year', () => {
    expect(datesIn('Regulation (EU) 2026/1744 amends Law 13,709/2018 and ISO 9001.')).toEqual([]);
  });
});

describe('sentences', () => {
  it('splits on sentence ends and on lines, so list items count', () => {
    expect(sentences('One thing. Another thing.\n- a list item\n- another')).toEqual([
      'One thing.', 'Another thing.', '- a list item', '- another',
    ]);
  });
});

describe('staleClaims', () => {
  it('flags a forward-looking sentence whose date passed after the entry was checked', () => {
    const claims = staleClaims('The Fixture Act will apply from 1 March 2026. It defines a model.', { as_of: '2025-12-31' }, today);
    expect(claims).toEqual([{ sentence: 'The Fixture Act will apply from 1 March 2026.', marker: 'will', date: '2026-03-01' }]);
  });

  it('knows "is expected", "proposed" as a status, "has until" and "must ... by"', () => {
    const text = [
      'A vote is expected in June 2026.',
      'The proposed Widget Law was tabled in January 2026.',
      'Providers have until 2 February 2026 to register.',
      'Each state must set up an office by 1 May 2026.',
    ].join(' ');
    expect(staleClaims(text, { as_of: '2025-12-31' }, today).map((c) => c.marker)).toEqual([
      'is expected', 'The proposed', 'have until', 'must set up an office by',
    ]);
  });

  it('leaves alone past tense, undated advice, future dates and dates the writer already knew were past', () => {
    const text = [
      'The Commission proposed the Widget Law in January 2026.',
      'The vote was expected in June 2026.',
      'A model card will help reviewers.',
      'The rules will apply from 2 December 2027.',
      'Published in July 2025, the code sets out how signatories will report.',
    ].join(' ');
    expect(staleClaims(text, { as_of: '2025-12-31' }, today)).toEqual([]);
  });

  it('takes the latest date as the one the sentence looks forward to', () => {
    const text = 'Systems placed on the market before 2 August 2026 have until 2 December 2026 to comply.';
    expect(staleClaims(text, { as_of: '2026-07-27' }, today)).toEqual([]);
    expect(staleClaims(text, { as_of: '2026-07-27' }, '2026-12-03')[0]?.date).toBe('2026-12-02');
  });

  it('accepts a changelog line dated on or after the date as a revisit', () => {
    const text = 'The Fixture Act will apply from 1 March 2026.';
    const changelog = [{ date: '2026-03-02', note: 'Checked after the Act applied.' }];
    expect(staleClaims(text, { as_of: '2025-12-31', changelog }, today)).toEqual([]);
    expect(staleClaims(text, { as_of: '2025-12-31', changelog: [{ date: '2026-02-01', note: 'Earlier.' }] }, today)).toHaveLength(1);
  });
});
