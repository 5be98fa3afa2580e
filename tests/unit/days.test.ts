/** The days a text writes, in English, French and the Official Journal's numeric forms (src/core/legal/days.ts). */
import { describe, expect, it } from 'vitest';
import { daysIn } from '../../src/core/legal/days.js';

const isos = (text: string) => daysIn(text).map((d) => d.iso);

describe('daysIn', () => {
  it.each([
    ['2 August 2026', '2026-08-02'],
    ['2nd August 2026', '2026-08-02'],
    ['August 2, 2026', '2026-08-02'],
    ['August 2 2026', '2026-08-02'],
    ['2.8.2026', '2026-08-02'],
    ['02.08.2026', '2026-08-02'],
    ['2026-08-02', '2026-08-02'],
    ['2 août 2026', '2026-08-02'],
    ['2 aout 2026', '2026-08-02'],
    ['1er août 2027', '2027-08-01'],
    ['29 février 2028', '2028-02-29'],
    ['3 décembre 2026', '2026-12-03'],
    ['2 AUGUST\n2026', '2026-08-02'],
  ])('reads %j as %s', (written, iso) => {
    expect(daysIn(`from ${written}, on`)).toEqual([{ iso, written, start: 5, end: 5 + written.length }]);
  });

  it('reads every day of a text in order, and no day that does not exist', () => {
    expect(isos('On 1 March 2025 and 2.8.2026, not 31 June 2026, 29 February 2027, 2026-13-01 or 12.31.2026.')).toEqual(['2025-03-01', '2026-08-02']);
  });

  it('leaves months, years, act numbers and other numbers alone', () => {
    expect(isos('By March 2027, in 2028, Regulation (EU) 2026/1744, Article 2.8, version 1.2.2026.1 and 12 months')).toEqual([]);
    // A numeric form inside a longer number is none: "12.2.8.2026" is no day.
    expect(isos('section 12.2.8.2026')).toEqual([]);
  });
});
