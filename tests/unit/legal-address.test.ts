/**
 * The legal-address kernel, row by row: how a pinpoint is read, written and anchored, which pinpoints a text names
 * (lists and ranges included), and text that names none. The expected values are what the code returned when the
 * kernel was split out of the chunker (issue 32), so a change to any of them is a change of behaviour.
 */
import { describe, expect, it } from 'vitest';
import { addressKey, formatPinpoint, formatRange, parsePinpoint, pinpointAnchor, pinpointSpan, spanMeets, within, type Address } from '../../src/core/legal/address.js';
import { frameworkGroupOf, frameworkItemIds, itemLabel } from '../../src/core/legal/framework.js';
import { articleHeadingTitle, statuteTitle } from '../../src/core/legal/headings.js';
import { MENTION, findPinpoints, mentionAddress, mentionList, stripCitations } from '../../src/core/legal/mentions.js';

const A = (kind: Address['kind'], id: string, parts: string[] = [], part?: string): Address => (part === undefined ? { kind, id, parts } : { kind, id, parts, part });

describe('parsePinpoint → formatPinpoint → pinpointAnchor', () => {
  const rows: [string, Address, string, string][] = [
    ['Art. 5(1)(f)', A('article', '5', ['1', 'f']), 'Art. 5(1)(f)', 'art-5-1-f'],
    ['Art 5(1)(f)', A('article', '5', ['1', 'f']), 'Art. 5(1)(f)', 'art-5-1-f'],
    ['Article 99(3)', A('article', '99', ['3']), 'Art. 99(3)', 'art-99-3'],
    ['Article 4(1a)', A('article', '4', ['1a']), 'Art. 4(1a)', 'art-4-1a'],
    ['Recital 44', A('recital', '44'), 'Recital 44', 'recital-44'],
    ['recital 44', A('recital', '44'), 'Recital 44', 'recital-44'],
    ['Annex III', A('annex', 'III'), 'Annex III', 'annex-iii'],
    ['Annex III point 4', A('annex', 'III', ['4']), 'Annex III, point 4', 'annex-iii-point-4'],
    ['Annex III, point 4(a)', A('annex', 'III', ['4', 'a']), 'Annex III, point 4(a)', 'annex-iii-point-4-a'],
    ['Annex VIII, Section A, point 2', A('annex', 'VIII', ['2'], 'Section A'), 'Annex VIII, Section A, point 2', 'annex-viii-section-a-point-2'],
    ['Annex', A('annex', ''), 'Annex', 'annex'],
    ['GOVERN 1.6', A('framework', 'GOVERN 1.6'), 'GOVERN 1.6', 'govern-1-6'],
    ['GOVERN 1', A('framework', 'GOVERN 1'), 'GOVERN 1', 'govern-1'],
    ['GV.OC-01', A('framework', 'GV.OC-01'), 'GV.OC-01', 'gv-oc-01'],
    ['GV.OC', A('framework', 'GV.OC'), 'GV.OC', 'gv-oc'],
    ['PO.1.1', A('framework', 'PO.1.1'), 'PO.1.1', 'po-1-1'],
    ['§ 3(b)(1)', A('statute', '3', ['b', '1']), '§ 3(b)(1)', 'sec-3-b-1'],
    ['Sec. 4.2(a)', A('statute', '4.2', ['a']), '§ 4.2(a)', 'sec-4-2-a'],
    ['Section 3(b)', A('statute', '3', ['b']), '§ 3(b)', 'sec-3-b'],
    ['Section 3.4', A('section', '3.4'), 'Section 3.4', 'section-3-4'],
    ['Appendix B', A('section', 'Appendix B'), 'Appendix B', 'appendix-b'],
  ];
  it.each(rows)('%s', (text, address, pinpoint, anchor) => {
    const parsed = parsePinpoint(text);
    expect(parsed).toEqual(address);
    expect(formatPinpoint(address)).toBe(pinpoint);
    expect(pinpointAnchor(address)).toBe(anchor);
    // A formatted pinpoint reads back as the same address.
    expect(parsePinpoint(pinpoint)).toEqual(address);
  });

  it.each(['Arts. 8 to 15', 'Article 5 prohibited', 'hello', ''])('%j is not one pinpoint', (text) => {
    expect(parsePinpoint(text)).toBeUndefined();
  });
});

describe('findPinpoints and stripCitations: lists and ranges', () => {
  const rows: [string, string[], string][] = [
    ['Arts. 8 to 15', ['Art. 8', 'Art. 9', 'Art. 10', 'Art. 11', 'Art. 12', 'Art. 13', 'Art. 14', 'Art. 15'], '        to   '],
    ['Articles 9, 10 and 11', ['Art. 9', 'Art. 10', 'Art. 11'], '          ,    and   '],
    ['Annex III, point 4', ['Annex III, point 4'], '                  '],
    // A question's "points … of Annex III" names the Annex only (chunking/references.ts reads the points in documents).
    ['points 2 to 8 of Annex III', ['Annex III'], 'points 2 to 8 of          '],
    ['Recital 44', ['Recital 44'], '          '],
    ['recitals 44 and 45', ['Recital 44', 'Recital 45'], '            and   '],
    ['GOVERN 1.6', ['GOVERN 1.6'], '          '],
    ['GV.OC-01', ['GV.OC-01'], '        '],
    ['ID.AM-1 and GV-1.1-001', ['ID.AM-1', 'GV-1.1-001'], '        and           '],
    ['MAP 1.1 and MEASURE 2.3', ['MAP 1.1', 'MEASURE 2.3'], '        and            '],
    ['§ 3(b)(1)', ['§ 3(b)(1)'], '         '],
    ['Sections 3(a) and (b)', ['§ 3(a)', '§ 3(b)'], '              and    '],
    // In a question, "first subparagraph, point (h)" is left as words.
    ['Article 5(1), first subparagraph, point (h)', ['Art. 5(1)'], '            , first subparagraph, point (h)'],
    ['What does Art 5(1)(f) prohibit?', ['Art. 5(1)(f)'], 'What does             prohibit?'],
    ['article 5', ['Art. 5'], '         '],
    ['Article 4(1) and (2)', ['Art. 4(1)', 'Art. 4(2)'], '             and    '],
    ['Annexes VI and VII', ['Annex VI', 'Annex VII'], '           and    '],
    ['Annex III points 1 to 3', ['Annex III, point 1', 'Annex III, point 2', 'Annex III, point 3'], '                   to  '],
    ['Article 2(1)(a)(i) to (iii)', ['Art. 2(1)(a)(i)', 'Art. 2(1)(a)(ii)', 'Art. 2(1)(a)(iii)'], '                   to      '],
    // A range longer than 30 is not spelled out.
    ['Articles 1 to 113', ['Art. 1', 'Art. 113'], '           to    '],
    // A bare number continues only a plural.
    ['Article 6 and 7 months', ['Art. 6'], '          and 7 months'],
    // "Article 12" is found both as a list item and as a mention of its own.
    ['Article 9 and Article 12', ['Art. 9', 'Art. 12', 'Art. 12'], '          and           '],
    // A code of the framework shape is one, wherever it stands in a question.
    ['COVID-19 guidance for 2020', ['COVID-19'], '         guidance for 2020'],
  ];
  it.each(rows)('%s', (text, pinpoints, stripped) => {
    expect(findPinpoints(text).map(formatPinpoint)).toEqual(pinpoints);
    expect(stripCitations(text)).toBe(stripped);
  });

  it.each([
    'What are the obligations of providers of high-risk AI systems?',
    'Section 3 of the report',
    'See section 2 below',
    'The article on page 5',
    'an annex to the report',
  ])('%j names no pinpoint', (text) => {
    expect(findPinpoints(text)).toEqual([]);
    expect(stripCitations(text)).toBe(text);
  });
});

describe('MENTION, mentionAddress and mentionList: mentions as documents write them', () => {
  const article9 = A('article', '9');
  /** Per mention in the text, the provisions it and its list name, each as "pinpoint@at-end" (at = end: named, not written). */
  const read = (text: string, within?: Address) =>
    [...text.matchAll(MENTION)].map((match) => {
      const head = mentionAddress(match, within);
      return head === undefined ? [] : mentionList(text, match, head).map(({ address, at, end }) => `${formatPinpoint(address)}@${at}-${end}`);
    });
  const rows: [string, Address | undefined, string[][]][] = [
    ['Articles 9, 10 and 11', undefined, [['Art. 9@0-10', 'Art. 10@12-14', 'Art. 11@19-21']]],
    // "Arts." does not count as a plural here (its full stop is not followed by a word boundary), so "to 15" is not read.
    ['Arts. 8 to 15', undefined, [['Art. 8@0-7']]],
    ['points 2 to 8 of Annex III', undefined, [['Annex III, point 2@0-26', 'Annex III, point 3@26-26', 'Annex III, point 4@26-26', 'Annex III, point 5@26-26', 'Annex III, point 6@26-26', 'Annex III, point 7@26-26', 'Annex III, point 8@26-26']]],
    ['Annex III, point 4', undefined, [['Annex III, point 4@0-18']]],
    ['Article 5(1), first subparagraph, point (h)', undefined, [['Art. 5(1)(h)@0-43']]],
    ['point (a) of Article 10(2)', undefined, [['Art. 10(2)(a)@0-26']]],
    ['points (a) and (b) of Article 10(2)', undefined, [['Art. 10(2)(a)@0-35', 'Art. 10(2)(b)@35-35']]],
    ['paragraph 2', article9, [['Art. 9(2)@0-11']]],
    ['paragraphs 1 and 2 of this Article', A('article', '9', ['3']), [['Art. 9(1)@0-34', 'Art. 9(2)@34-34']]],
    // A paragraph named without its Article names nothing outside one.
    ['paragraph 2', undefined, [[]]],
    ['recital 44', undefined, [['Recital 44@0-10']]],
    ['GOVERN 1.6', undefined, [['GOVERN 1.6@0-10']]],
    ['§ 3(b)(1)', undefined, [['§ 3(b)(1)@0-9']]],
    ['Sec. 4.2(a)', undefined, [['§ 4.2(a)@0-11']]],
    ['subsection (b) of section 2', undefined, [['§ 2(b)@0-27']]],
    ['paragraph (2)', A('statute', '3', ['a', '1']), [['§ 3(a)(2)@0-13']]],
    ['Annexes VI and VII', undefined, [['Annex VI@0-10', 'Annex VII@15-18']]],
    ['Article 4(1) and (2)', undefined, [['Art. 4(1)@0-12', 'Art. 4(2)@17-20']]],
    ['Article 6 and 7 months', undefined, [['Art. 6@0-9']]],
    ['Article 9 and Article 12', undefined, [['Art. 9@0-9', 'Art. 12@22-24'], ['Art. 12@14-24']]],
    ['The provider shall keep records.', undefined, []],
  ];
  it.each(rows)('%s (within %o)', (text, within, expected) => {
    expect(read(text, within)).toEqual(expected);
  });
});

describe('spans, ranges and containment', () => {
  const P = (text: string) => parsePinpoint(text) as Address;

  it.each([
    ['Arts. 5(1)(e)-(g)', A('article', '5', ['1', 'e']), A('article', '5', ['1', 'g'])],
    ['Recitals 44-46', A('recital', '44'), A('recital', '46')],
    ['Annex III, points 1-2', A('annex', 'III', ['1']), A('annex', 'III', ['2'])],
    ['Art. 5', A('article', '5'), A('article', '5')],
    ['Art. 5(1)', A('article', '5', ['1']), A('article', '5', ['1'])],
  ])('pinpointSpan(%s)', (pinpoint, from, to) => {
    expect(pinpointSpan(pinpoint)).toEqual({ from, to });
  });

  it.each([
    ['Art. 5(1)(e)', 'Art. 5(1)(g)', 'Arts. 5(1)(e)-(g)'],
    ['Recital 44', 'Recital 46', 'Recitals 44-46'],
    ['Annex III, point 1', 'Annex III, point 2', 'Annex III, points 1-2'],
    ['Art. 5(1)(e)', 'Art. 5(2)', 'Arts. 5(1)-(2)'],
    ['§ 3(a)', '§ 3(c)', '§ 3(a)-(c)'],
    ['Art. 5', 'Art. 6', 'Art. 5'],
  ])('formatRange(%s, %s)', (a, b, range) => {
    expect(formatRange(P(a), P(b))).toBe(range);
  });

  it.each([
    ['Art. 5(1)(f)', 'Art. 5', true],
    ['Art. 5', 'Art. 5(1)', false],
    ['Art. 50', 'Art. 5', false],
  ])('within(%s, %s)', (inner, outer, expected) => {
    expect(within(P(inner), P(outer))).toBe(expected);
  });

  it.each([
    ['Arts. 5(1)(e)-(g)', 'Art. 5(1)(f)', true],
    ['Arts. 5(1)(e)-(g)', 'Art. 5(1)(h)', false],
    ['Recitals 44-46', 'Recital 45', true],
    ['Annex II', 'Annex III', false],
  ])('spanMeets(%s, %s)', (span, wanted, expected) => {
    expect(spanMeets(pinpointSpan(span) as { from: Address; to: Address }, P(wanted))).toBe(expected);
  });

  it('addressKey', () => {
    expect(addressKey(A('annex', 'VIII', ['2'], 'Section A'))).toEqual(['annex', 'VIII', 'Section A', '2']);
  });
});

describe('framework items and provision headings', () => {
  it('frameworkItemIds counts a coded family only from three codes', () => {
    expect(frameworkItemIds('- GOVERN 1.1: a\n- GOVERN 1.2: b\nCOVID-19: c\nGV.OC-01: x\nGV.OC-02: y\nGV.RM-01: z\nGAO-17-63: q')).toEqual([
      'GOVERN 1.1',
      'GOVERN 1.2',
      'GV.OC-01',
      'GV.OC-02',
      'GV.RM-01',
    ]);
  });

  it.each([
    ['- GOVERN 1.6: text', 'GOVERN 1.6'],
    ['GV-1.1-001 Align', 'GV-1.1-001'],
    ['plain text', undefined],
  ])('itemLabel(%j)', (line, label) => {
    expect(itemLabel(line)).toBe(label);
  });

  it.each([
    ['GOVERN 1.6', 'GOVERN 1'],
    ['GV.OC-01', 'GV.OC'],
    ['GV-1.1-001', 'GV-1.1'],
    ['PO.1.1', 'PO.1'],
  ])('frameworkGroupOf(%s)', (id, group) => {
    expect(frameworkGroupOf(id)).toBe(group);
  });

  it.each([
    ['SEC. 2. RECORD KEEPING.', 'RECORD KEEPING'],
    ['12 Duties of providers', 'Duties of providers'],
    ['§ 5 Scope', 'Scope'],
    ['Introduction', undefined],
  ])('statuteTitle(%j)', (heading, title) => {
    expect(statuteTitle(heading)).toBe(title);
  });

  it.each([
    ['Article 17: Quality management system', 'Quality management system'],
    ['Article 5 - Prohibited AI practices', 'Prohibited AI practices'],
    ['ARTICLE 4a. Something', 'Something'],
    ['Article 5', ''],
    ['Annex III: High-risk', undefined],
    // Only an English Article heading: search reads the titles of English texts.
    ['Artikel 5: Verbotene Praktiken', undefined],
  ])('articleHeadingTitle(%j)', (heading, title) => {
    expect(articleHeadingTitle(heading)).toBe(title);
  });
});
