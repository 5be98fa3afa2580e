/**
 * The citation check (src/core/verify/): citations found in many written forms, figures read in one normal form,
 * quotations, and each status on the mini act of tests/fixtures/versions (as published from 2024-03-01 with a
 * fine of EUR 1 000 000 and Annex I point 2; consolidated from 2026-07-01 with EUR 2 000 000, Article 2a and
 * Article 2(2)(c) inserted and Annex I point 2 deleted).
 */
import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { readContentFiles } from '../../src/core/corpus/load-fs.js';
import { formatPinpoint } from '../../src/core/legal/address.js';
import { provisionsByVersion, provisionTable } from '../../src/core/law/provisions.js';
import { LawVersions } from '../../src/core/law/versions.js';
import { scoreFlags } from '../../src/core/eval/verify-flags.js';
import { findCitations } from '../../src/core/verify/find.js';
import { instrumentNames, InstrumentNames } from '../../src/core/verify/instruments.js';
import { quantities } from '../../src/core/legal/quantities.js';
import { checkQuotation, quotations } from '../../src/core/verify/quotes.js';
import { clauses } from '../../src/core/verify/sentences.js';
import { verifyText, type VerifyLaw } from '../../src/core/verify/verify.js';

const written = (text: string) => findCitations(text).map((c) => [text.slice(c.start, c.end), formatPinpoint(c.address)]);

describe('finding citations', () => {
  it.each([
    ['Art. 5(1)(f) AI Act bans it.', [['Art. 5(1)(f)', 'Art. 5(1)(f)']]],
    ['See Article 22 GDPR.', [['Article 22', 'Art. 22']]],
    ['Fines are in Article 99(3).', [['Article 99(3)', 'Art. 99(3)']]],
    ['as art 5(1) says', [['art 5(1)', 'Art. 5(1)']]],
    ['Recital 44 explains why.', [['Recital 44', 'Recital 44']]],
    ['Annex III, point 4 lists employment.', [['Annex III, point 4', 'Annex III, point 4']]],
    ['Annex I, Section A, point 1 lists it.', [['Annex I, Section A, point 1', 'Annex I, Section A, point 1']]],
    ['GOVERN 1.6 asks for an inventory.', [['GOVERN 1.6', 'GOVERN 1.6']]],
    ['Article 5(1), first subparagraph, point (ba) is new.', [['Article 5(1), first subparagraph, point (ba)', 'Art. 5(1)(ba)']]],
    ['Point (a) of Article 10(5) sets a condition.', [['Point (a) of Article 10(5)', 'Art. 10(5)(a)']]],
    ['Article 4a applies.', [['Article 4a', 'Art. 4a']]],
  ])('%s', (text, expected) => {
    expect(written(text)).toEqual(expected);
  });

  it('reads the ends of a range as written and leaves out what it passes over', () => {
    expect(written('the requirements of Arts. 8 to 15 apply')).toEqual([
      ['Arts. 8', 'Art. 8'],
      ['15', 'Art. 15'],
    ]);
    expect(written('Articles 9, 10 and 11').map(([, p]) => p)).toEqual(['Art. 9', 'Art. 10', 'Art. 11']);
  });

  it('takes a one-word code with numbers for no framework item', () => {
    expect(written('During COVID-19, GOVERN 1.6 mattered.')).toEqual([['GOVERN 1.6', 'GOVERN 1.6']]);
  });
});

describe('figures in one normal form', () => {
  const values = (text: string) => quantities(text).map((q) => `${q.kind} ${q.value}`);
  it('reads sums, percentages, periods, dates, headcounts and powers of ten however written', () => {
    expect(values('EUR 35 000 000 or 7 % of turnover')).toEqual(['amount 35000000', 'percentage 7']);
    expect(values('€35m, 35 million euros, EUR 35,000,000, 20 000 000 EUR and €7.5 million')).toEqual([
      'amount 35000000',
      'amount 35000000',
      'amount 35000000',
      'amount 20000000',
      'amount 7500000',
    ]);
    expect(values('within 72 hours, one month, a further three months, 2 years, 15 days, 7 per cent')).toEqual([
      'period 72 h',
      'period 1 mo',
      'period 3 mo',
      'period 24 mo',
      'period 360 h',
      'percentage 7',
    ]);
    expect(values('2 August 2026, 2.8.2026, August 2, 2026, 2026-08-02 and 2 août 2026')).toEqual(Array(5).fill('date 2026-08-02'));
    expect(values('fewer than 250 persons')).toEqual(['headcount 250']);
    expect(values('greater than 10^25 FLOPs; 10²⁵; 1e25; computation in floating point operations is greater than 1025.')).toEqual(['power 1e25', 'power 1e25', 'power 1e25', 'power 1e25']);
  });

  it('leaves a number without a unit alone, and one inside a span it is told to skip', () => {
    expect(values('Member States may lower it to 13, as Article 8 says in 2016/679')).toEqual([]);
    expect(quantities('within 72 hours', [{ start: 7, end: 15 }])).toEqual([]);
  });
});

describe('quotations', () => {
  const provision = '1. The data subject shall have the right not to be subject to a decision based solely on automated processing, including profiling.';
  it('are found in quotation marks of either kind, from four words', () => {
    expect(quotations('It says "the right not to be subject" and “based solely on automated processing” but "profiling" is a term.').map((q) => q.quoted)).toEqual([
      'the right not to be subject',
      'based solely on automated processing',
    ]);
  });

  it('are held word for word, whatever the case, punctuation, apostrophes and left-out words', () => {
    expect(checkQuotation('The right not to be subject to a decision', provision)).toBeUndefined();
    expect(checkQuotation('right not to be subject ... automated processing, including profiling', provision)).toBeUndefined();
  });

  it('not held, give the closest passage and a word diff', () => {
    const wrong = checkQuotation('the right not to be subjected to any decision based exclusively on automated processing', provision);
    expect(wrong?.closest).toBe('the right not to be subject to a decision based solely on automated processing');
    expect(wrong?.diff.filter((d) => d.op !== 'equal').map((d) => `${d.op} ${d.text.trim()}`)).toEqual(
      expect.arrayContaining(['delete subject', 'insert subjected', 'delete solely', 'insert exclusively']),
    );
  });
});

it('splits clauses at full stops and semicolons, not after "Art." or inside a quotation', () => {
  const text = 'See Art. 5 here; then "a. b" ends. Next';
  const quote = quotations('x "one two three four"');
  expect(quote).toHaveLength(1);
  expect(clauses(text, [{ start: 22, end: 28 }]).map((s) => text.slice(s.start, s.end))).toEqual(['See Art. 5 here; ', 'then "a. b" ends. ', 'Next']);
});

function miniAct(): VerifyLaw {
  const { sources } = buildCorpus(readContentFiles(['tests/fixtures/versions']));
  const law = new LawVersions(sources.map((s) => s.meta));
  const metas = new Map(sources.map((s) => [s.meta.id, s.meta]));
  return { law, provisions: provisionsByVersion(law, provisionTable(sources)), names: instrumentNames(law, (id) => metas.get(id)) };
}

describe('each status on the mini act', () => {
  const law = miniAct();
  const TODAY = '2026-11-28';
  const check = (text: string, asOf = TODAY, more: Partial<VerifyLaw> = {}, instrument?: string) => verifyText(text, { ...law, ...more }, { asOf, instrument });

  it('names the instruments by their titles and numbers', () => {
    expect(law.names.find('The Mini Act, Regulation (XX) 2024/7, and 2026/3').map((n) => n.instrument)).toEqual(['xx-reg-2024-7', 'xx-reg-2024-7', 'xx-reg-2026-3']);
  });

  it('ok: the provision stands that day and nothing stated contradicts it, with its text and version', () => {
    const [c] = check('Under Article 3 of the Mini Act, fines reach EUR 2 million.');
    expect(c).toMatchObject({ written: 'Article 3 of the Mini Act', instrument: 'xx-reg-2024-7', instrumentFrom: 'citation', pinpoint: 'Art. 3', anchor: 'art-3', status: 'ok' });
    expect(c?.version?.source).toBe('mini-act-2026-07-01');
    expect(c?.provision?.text).toContain('EUR 2 000 000');
  });

  it('no-such-provision: in no version, with the nearest provisions', () => {
    const [c] = check('Article 2(2)(d) Mini Act lists the model size.');
    expect(c).toMatchObject({ status: 'no-such-provision', anchor: 'art-2-2-d' });
    expect(c?.nearest).toEqual(['Art. 2(2)', 'Art. 2(2)(a)', 'Art. 2(2)(b)', 'Art. 2(2)(c)']);
  });

  it('not-yet-in-text and no-longer-in-text: only in a later or an earlier version, with that version', () => {
    const [early] = check('Article 2a Mini Act lets small providers register simply.', '2025-06-01');
    expect(early).toMatchObject({ status: 'not-yet-in-text', version: { source: 'mini-act-2026-07-01', in_force_from: '2026-07-01' } });
    const [gone] = check('Annex I, point 2 of the Mini Act asks for the version.');
    expect(gone).toMatchObject({ status: 'no-longer-in-text', version: { source: 'mini-act', in_force_to: '2026-06-30' } });
    expect(check('Annex I, point 2 of the Mini Act asks for the version.', '2025-06-01')[0]?.status).toBe('ok');
  });

  it('misquote: a quotation beside the citation not in the provision, with the closest passage and the diff', () => {
    expect(check('Article 2(1) Mini Act: "Providers shall register every model before placing it on the market".')[0]?.status).toBe('ok');
    const [c] = check('Article 2(1) Mini Act says "Providers shall register each model after placing it on the market".');
    expect(c?.status).toBe('misquote');
    expect(c?.quotation?.closest).toBe('Providers shall register every model before placing it on the market');
    expect(c?.quotation?.diff.filter((d) => d.op === 'insert').map((d) => d.text.trim())).toEqual(['each', 'after']);
  });

  it('wrong-content: a figure stated about the provision that is not the one it states, as of the day', () => {
    const [now] = check('Article 3 Mini Act caps fines at EUR 1 million.');
    expect(now).toMatchObject({ status: 'wrong-content', stated: { kind: 'amount', written: 'EUR 1 million', says: ['EUR 2 000 000'] } });
    expect(check('Article 3 Mini Act caps fines at EUR 1 million.', '2025-06-01')[0]?.status).toBe('ok');
    expect(check('The Mini Act applies from 2 March 2025 (Article 4).')[0]).toMatchObject({ status: 'wrong-content', stated: { value: '2025-03-02', says: ['1 March 2025', '1 March 2027'] } });
  });

  it('gives a figure to the citation its words are about, passing over a provision that states nothing of its kind', () => {
    const results = check('Fines reach EUR 2 million (Art. 3 Mini Act), and Article 2 Mini Act requires a register within 3 months; Article 3 allows EUR 2 000 000.');
    expect(results.map((r) => [r.pinpoint, r.status])).toEqual([
      ['Art. 3', 'ok'],
      ['Art. 2', 'ok'],
      ['Art. 3', 'ok'],
    ]);
    // Article 4 states no sum: the one after it is about the Article before.
    expect(check('Under Article 3 Mini Act, fines reach EUR 2 million, and under Article 4 Mini Act, EUR 5 million.').map((r) => r.status)).toEqual(['wrong-content', 'ok']);
    expect(check('Under Article 2 Mini Act providers register, and fines reach EUR 3 million under Article 3 Mini Act.').map((r) => r.status)).toEqual(['ok', 'wrong-content']);
  });

  it('takes the instrument from the citation, its sentence, the caller, the text before, and else leaves it unresolved', () => {
    expect(check('The Mini Act has a register in Article 2.')[0]).toMatchObject({ instrument: 'xx-reg-2024-7', instrumentFrom: 'sentence' });
    expect(check('Article 2 sets a register.', TODAY, {}, 'xx-reg-2024-7')[0]).toMatchObject({ instrument: 'xx-reg-2024-7', instrumentFrom: 'parameter' });
    expect(check('The Mini Act is short. Article 2 sets a register.')[0]).toMatchObject({ instrumentFrom: 'text', status: 'ok' });
    expect(check('Article 2 sets a register.')[0]).toMatchObject({ instrument: null, status: 'unresolved' });
    expect(check('Article 2 of the Data Governance Act sets a register, like the Mini Act.')[0]).toMatchObject({ instrument: null, otherAct: true, status: 'unresolved' });
    expect(check('Article 5 TFEU and the Mini Act.')[0]).toMatchObject({ status: 'unresolved', otherAct: true });
  });

  it('dates application by the timeline when one dates the provision, through the narrow interface', () => {
    const timeline = { applicationDates: (instrument: string, pinpoint: string) => (instrument === 'xx-reg-2024-7' && pinpoint === 'Art. 2' ? ['2027-01-01'] : undefined) };
    expect(check('Article 2 Mini Act applies from 1 March 2025.', TODAY, timeline)[0]).toMatchObject({ status: 'wrong-content', stated: { says: ['2027-01-01'] } });
    expect(check('Article 2 Mini Act applies from 1 January 2027.', TODAY, timeline)[0]?.status).toBe('ok');
    expect(check('Article 2 Mini Act applies from 1 January 2027.')[0]?.status).toBe('ok');
    // Without words about application, the provision's own dates count beside the timeline's.
    expect(check('Article 4 Mini Act: 1 March 2025.', TODAY, { applicationDates: () => ['2027-01-01'] })[0]?.status).toBe('ok');
  });

  it('gives a date to the citation its clause is given as, not to one it names on the way', () => {
    const timeline = { applicationDates: (instrument: string, pinpoint: string) => (instrument === 'xx-reg-2024-7' && pinpoint === 'Art. 2' ? ['2027-01-01'] : undefined) };
    const statuses = (text: string) => check(text, TODAY, timeline).map((c) => [c.pinpoint, c.status]);
    // Article 4 states 1 March 2025 (and 1 March 2027): the date is its, whatever the timeline says of Article 2.
    expect(statuses('Under Article 4 Mini Act, the duties of Article 2 Mini Act apply from 1 March 2025.')).toEqual([['Art. 4', 'ok'], ['Art. 2', 'ok']]);
    expect(statuses('Article 4 Mini Act says the duties of Article 2 Mini Act apply from 1 June 2025.')).toEqual([['Art. 4', 'wrong-content'], ['Art. 2', 'ok']]);
    // Named on the way with no framing citation, Article 2 takes the date, and the timeline decides.
    expect(statuses('The duties of Article 2 Mini Act apply from 1 March 2025.')).toEqual([['Art. 2', 'wrong-content']]);
  });

  it('spans the citation as written, with the name of its act', () => {
    const text = 'Per Article 3 Mini Act, yes.';
    const [c] = check(text);
    expect(text.slice(c?.start, c?.end)).toBe('Article 3 Mini Act');
  });
});

it('shares no name between two instruments', () => {
  const names = new InstrumentNames(new Map([
    ['a', [{ title: 'First Thing (Shared Name Act)', publisher: 'X' }]],
    ['b', [{ title: 'Second Thing (Shared Name Act)', publisher: 'X' }]],
  ]));
  expect(names.find('the Shared Name Act')).toEqual([]);
});

it('scores flags per status: precision over those flagged so, recall over those expected so', () => {
  const scores = scoreFlags([
    {
      expected: [
        { pinpoint: 'Art. 1', instrument: 'x', status: 'ok' },
        { pinpoint: 'Art. 2', instrument: 'x', status: 'misquote' },
        { pinpoint: 'Art. 3', instrument: 'x', status: 'wrong-content' },
      ],
      found: [
        { pinpoint: 'Art. 1', instrument: 'x', status: 'ok' },
        { pinpoint: 'Art. 2', instrument: 'x', status: 'ok' },
        { pinpoint: 'Art. 9', instrument: 'x', status: 'wrong-content' },
      ],
    },
  ]);
  const by = Object.fromEntries(scores.map((s) => [s.status, s]));
  expect(by['ok']).toMatchObject({ expected: 1, flagged: 2, correct: 1, precision: 0.5, recall: 1 });
  expect(by['misquote']).toMatchObject({ expected: 1, flagged: 0, precision: null, recall: 0 });
  expect(by['wrong-content']).toMatchObject({ expected: 1, flagged: 1, correct: 0, precision: 0, recall: 0 });
});
