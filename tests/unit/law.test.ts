/**
 * The law as it stands on a date (src/core/law/), over a mini act written for the test as published (in force from
 * 2024-03-01) and consolidated on 2026-07-01 by an amending act: a point inserted, an Article inserted, an amount
 * amended, an Annex point deleted, the rest unchanged.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { contentDirs, readContentFiles } from '../../src/core/corpus/load-fs.js';
import { lawAmendments, topAnchor } from '../../src/core/law/amendments.js';
import { provisionHistory } from '../../src/core/law/history.js';
import { lookUpProvision } from '../../src/core/law/lookup.js';
import { provisionsByVersion, provisionsOf, provisionTable } from '../../src/core/law/provisions.js';
import { dayBefore, LawVersions } from '../../src/core/law/versions.js';
import { instrumentSources } from '../../src/core/law/instrument-sources.js';
import { buildIndex, indexDoc } from '../../src/core/index/build.js';
import { compile } from '../../src/core/pipeline.js';
import { SearchEngine } from '../../src/core/search/search.js';

const files = readContentFiles(contentDirs(fileURLToPath(new URL('../fixtures/versions', import.meta.url))));
const { sources } = buildCorpus(files);
const law = new LawVersions(sources.map((s) => s.meta));
const table = provisionTable(sources);
const provisions = provisionsByVersion(law, table);
const on = (anchor: string, date: string) => lookUpProvision(law, provisions, { instrument: 'xx-reg-2024-7', anchor, date });

describe('versions of an instrument', () => {
  it('are in force from their date until the day before the next one', () => {
    expect(law.instruments()).toEqual(['xx-reg-2024-7', 'xx-reg-2026-3']);
    expect(law.versionsOf('xx-reg-2024-7').map((v) => [v.source, v.in_force_from, v.in_force_to, v.amended_by])).toEqual([
      ['mini-act', '2024-03-01', '2026-06-30', []],
      ['mini-act-2026-07-01', '2026-07-01', null, ['xx-reg-2026-3']],
    ]);
    expect(law.versionOn('xx-reg-2024-7', '2026-06-30')?.source).toBe('mini-act');
    expect(law.versionOn('xx-reg-2024-7', '2026-07-01')?.source).toBe('mini-act-2026-07-01');
    expect(law.versionOn('xx-reg-2024-7', '2024-02-29')).toBeUndefined();
    expect([...law.outOfForce('2025-01-01')].sort()).toEqual(['amending-act', 'mini-act-2026-07-01']);
    expect(law.inForce('anything-unversioned', '1999-01-01')).toBe(true);
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
  });

  it('cover, by the instrument id, every version and the explainers about the instrument, by a whole name', () => {
    const about = (id: string, ...known: string[]) => ({ id, title: id, publisher: 'OCC contributors', about: [{ title: 't', publisher: 'p', url: 'u', names: known }] });
    const explainers = [about('by-number', 'Regulation (XX) 2024/7'), about('near-miss', 'Mini Act guidance'), { id: 'no-about', title: 'n', publisher: 'p' }];
    const covered = instrumentSources(law, [...sources.map((s) => s.meta), ...explainers]);
    expect(covered.get('xx-reg-2024-7')).toEqual(['mini-act', 'mini-act-2026-07-01', 'mini-act-guide', 'by-number']);
    expect(covered.get('xx-reg-2026-3')).toEqual(['amending-act']);
    expect([...covered.keys()]).toEqual(law.instruments());
    // An instrument known only from its timeline (no text indexed) covers the explainers about it, by its title or number.
    const drones = [about('drone-guide', 'Drone Rules'), about('drone-by-number', 'Regulation (XX) 2025/9'), about('other', 'Mini Act')];
    const described = instrumentSources(new LawVersions([]), drones, [{ instrument: 'xx-reg-2025-9', title: 'Drone Rules (Regulation (XX) 2025/9)' }]);
    expect([...described]).toEqual([['xx-reg-2025-9', ['drone-guide', 'drone-by-number']]]);
  });
});

describe('provisions of a text', () => {
  it('are addressed as pinpoint URLs are, each holding every line its address covers', () => {
    const list = provisionsOf(sources.find((s) => s.meta.id === 'mini-act')!.body, 'Mini Act');
    const byAnchor = new Map(list.map((p) => [p.anchor, p]));
    expect([...byAnchor.keys()]).toEqual(expect.arrayContaining(['recital-1', 'art-1', 'art-2', 'art-2-1', 'art-2-2', 'art-2-2-a', 'art-2-2-b', 'art-3', 'annex-i', 'annex-i-point-2']));
    expect(byAnchor.get('art-2-2-b')).toEqual({ anchor: 'art-2-2-b', pinpoint: 'Art. 2(2)(b)', text: '(b) the purpose of the model.' });
    expect(byAnchor.get('art-2-2')?.text.split('\n')).toEqual(['2. The register shall contain:', '(a) the name of the provider;', '(b) the purpose of the model.']);
    expect(byAnchor.get('art-2')?.text).toContain('1. Providers shall register');
  });
});

describe('a provision on a date, and its history', () => {
  it('gives the text in force, and what changed', () => {
    const before = on('art-3', '2025-06-01');
    const after = on('art-3', '2026-11-28');
    expect(before.found && before.provision.text).toContain('EUR 1 000 000');
    expect(after.found && after.provision.text).toContain('EUR 2 000 000');
    if (!after.found) throw new Error('art-3 not found');
    expect(after.history.map((h) => [h.version.source, h.change])).toEqual([['mini-act', 'inserted'], ['mini-act-2026-07-01', 'amended']]);
    const diff = after.history[1]?.diff ?? [];
    expect(diff.filter((d) => d.op !== 'equal').map((d) => `${d.op}:${d.text.trim()}`)).toEqual(['delete:1', 'insert:2']);
  });

  it('tells inserted, deleted and unchanged provisions apart, and says when a provision is in the text', () => {
    const inserted = on('art-2-2-c', '2026-11-28');
    expect(inserted.found && inserted.history.map((h) => h.change)).toEqual(['inserted']);
    const early = on('art-2a', '2025-06-01');
    expect(early).toMatchObject({ found: false, reason: 'date' });
    const deleted = on('annex-i-point-2', '2026-11-28');
    expect(deleted).toMatchObject({ found: false, reason: 'date' });
    if (deleted.found || deleted.reason !== 'date') throw new Error('expected a date miss');
    expect(deleted.history.map((h) => [h.change, h.text])).toEqual([['inserted', "2. The model's version."], ['deleted', null]]);
    const unchanged = on('art-1', '2026-11-28');
    expect(unchanged.found && unchanged.history.map((h) => h.change)).toEqual(['inserted', 'unchanged']);
    expect(on('art-9', '2026-11-28')).toMatchObject({ found: false, reason: 'anchor', nearest: expect.arrayContaining(['art-1', 'art-2']) });
    expect(lookUpProvision(law, provisions, { instrument: 'nope', anchor: 'art-1', date: '2026-11-28' })).toMatchObject({ found: false, reason: 'instrument' });
    expect(lookUpProvision(law, provisions, { instrument: 'xx-reg-2024-7', anchor: 'art-1', date: '2026-11-28', language: 'fr' })).toMatchObject({
      found: false,
      reason: 'language',
      languages: ['en'],
    });
  });

  it('carries the recitals of the text as published into a consolidation that leaves them out', () => {
    const recital = on('recital-1', '2026-11-28');
    expect(recital.found && [recital.version.source, recital.provision.from, recital.history.map((h) => h.change)]).toEqual(['mini-act-2026-07-01', 'mini-act', ['inserted', 'unchanged']]);
  });

  it('does not count typography as an amendment', () => {
    const a = { anchor: 'x', pinpoint: 'Art. 1', text: 'The ‘model’  is  registered.' };
    const b = { anchor: 'x', pinpoint: 'Art. 1', text: "The 'model' is registered." };
    const versions = law.versionsOf('xx-reg-2024-7');
    const history = provisionHistory(versions, (source) => new Map([['x', source === 'mini-act' ? a : b]]), 'x');
    expect(history.map((h) => h.change)).toEqual(['inserted', 'unchanged']);
  });
});

describe('search as of a date', () => {
  const { corpus } = compile(files);
  const titles = new Map(corpus.sources.map((s) => [s.meta.id, s.meta.title]));
  const engine = new SearchEngine(buildIndex(corpus.chunks.map((c) => indexDoc(c, titles.get(c.source) ?? ''))), corpus.chunks);
  const sourcesOf = (date: string) => [...new Set(engine.search('fines for failing to register a model', { top: 10, excluded: law.outOfForce(date) }).hits.map((h) => h.chunk.source))];

  it('never mixes two versions of one provision, and takes the one in force', () => {
    expect(sourcesOf('2025-06-01')).toContain('mini-act');
    expect(sourcesOf('2025-06-01')).not.toContain('mini-act-2026-07-01');
    expect(sourcesOf('2026-11-28')).toContain('mini-act-2026-07-01');
    expect(sourcesOf('2026-11-28')).not.toContain('mini-act');
    // A citation is pinned in the version in force only.
    const cited = engine.search('Article 3', { top: 3, excluded: law.outOfForce('2026-11-28') }).hits[0]?.chunk;
    expect(cited?.source).toBe('mini-act-2026-07-01');
  });
});

describe('a consolidated text with a deleted point', () => {
  it('keeps the printed numbers of the points that remain, which are their addresses', () => {
    const consolidated = provisionsOf(sources.find((s) => s.meta.id === 'mini-act-2026-07-01')!.body, 'Mini Act');
    expect(consolidated.filter((p) => p.anchor.startsWith('annex-i-point')).map((p) => [p.anchor, p.text])).toEqual([
      ['annex-i-point-1', "1. The model's name."],
      ['annex-i-point-3', "3. The model's intended use."],
    ]);
  });
});

describe('amendments as change lines', () => {
  it('give one line per Article or Annex a version changed, with the amending act and the day in force', () => {
    const titles = new Map(sources.map((s) => [s.meta.id, { title: s.meta.title, as_of: s.meta.as_of }]));
    const lines = lawAmendments(law, provisions, titles).map((c) => `${c.date} ${c.url}: ${c.note}`);
    expect(lines.sort()).toEqual([
      '2026-07-01 /sources/mini-act-2026-07-01#annex-i: Annex I amended (Annex I, point 2 deleted) by xx-reg-2026-3 Art. 1(5), in force from 2026-07-01.',
      '2026-07-01 /sources/mini-act-2026-07-01#art-2: Art. 2 amended (Art. 2(2)(c) inserted; Art. 2(2), Art. 2(2)(b) amended) by xx-reg-2026-3 Art. 1(1), in force from 2026-07-01.',
      '2026-07-01 /sources/mini-act-2026-07-01#art-2a: Art. 2a inserted by xx-reg-2026-3 Art. 1(2), in force from 2026-07-01.',
      '2026-07-01 /sources/mini-act-2026-07-01#art-3: Art. 3 amended by xx-reg-2026-3 Art. 1(3), in force from 2026-07-01.',
      // The amending act also put back the date Art. 2 applies from (the timeline fixture's moved date).
      '2026-07-01 /sources/mini-act-2026-07-01#art-4: Art. 4 amended by xx-reg-2026-3 Art. 1(4), in force from 2026-07-01.',
    ]);
    expect(topAnchor('art-5-1-ba')).toBe('art-5');
    expect(topAnchor('annex-iii-point-4')).toBe('annex-iii');
    expect(topAnchor('recital-44')).toBe('recital-44');
  });
});
