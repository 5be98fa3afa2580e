/**
 * The facts files (docs/facts.md) on the mini act of tests/fixtures/versions: loading and the rules across
 * entries, the checks against the law's text, dates as of a day, obligations binding and upcoming, and the
 * change lines the Atom feed gets.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { readContentFiles } from '../../src/core/corpus/load-fs.js';
import { ContentError } from '../../src/core/errors.js';
import { loadedFacts, type LoadedFacts } from '../../src/core/facts/build.js';
import { timelineChanges } from '../../src/core/facts/changes.js';
import { statesDate } from '../../src/core/facts/date-phrases.js';
import { loadFacts } from '../../src/core/facts/load.js';
import type { Facts } from '../../src/core/facts/rules.js';
import { checkFactsAgainstLaw } from '../../src/core/facts/text-check.js';
import { provisionsByVersion, provisionTable, type Provision } from '../../src/core/law/provisions.js';
import { LawVersions } from '../../src/core/law/versions.js';

const FIXTURE = 'tests/fixtures/versions';

/** A copy of the fixture with one facts file rewritten, for the checks that must fail. */
function variant(file: 'timeline' | 'obligations', edit: (text: string) => string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'occ-facts-'));
  cpSync(FIXTURE, dir, { recursive: true });
  const target = path.join(dir, file, 'xx-reg-2024-7.yaml');
  writeFileSync(target, edit(readFileSync(target, 'utf8')));
  return dir;
}

function problemsOf(dir: string): string[] {
  try {
    loadFacts([dir], dir);
    return [];
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return error.problems.map((p) => `${p.file}: ${p.field}: ${p.message}`);
  }
}

let law: LawVersions;
let provisions: Map<string, Map<string, Provision>>;
let facts: Facts;
let loaded: LoadedFacts;

beforeAll(() => {
  const { sources } = buildCorpus(readContentFiles([FIXTURE]));
  law = new LawVersions(sources.map((s) => s.meta));
  provisions = provisionsByVersion(law, provisionTable(sources));
  facts = loadFacts([FIXTURE]);
  loaded = loadedFacts(facts, law, provisions);
});

describe('loading the facts files', () => {
  it('reads the fixture and keeps dates as strings', () => {
    expect(facts.timelines.map((t) => t.file)).toEqual([`${FIXTURE}/timeline/xx-reg-2024-7.yaml`]);
    expect(facts.timelines[0]?.data.events.find((e) => e.id === 'registration-duty')?.dates.map((d) => d.applies_from)).toEqual(['2026-09-01', '2027-03-01']);
  });

  it('names the file and the field of each problem, the event by its id', () => {
    const dir = variant('timeline', (t) => t.replace('kind: entry-into-force', 'kind: start').replace('applies_from: 2025-03-01', 'applies_from: 2025-02-30').replace('set_by: "Art. 4"', 'set_by: "Article four"'));
    expect(problemsOf(dir)).toEqual([
      'timeline/xx-reg-2024-7.yaml: events[entry-into-force].kind: must be one of entry-into-force, application, transitional, transposition, review, report, other',
      'timeline/xx-reg-2024-7.yaml: events[entry-into-force].dates[0].set_by: must be one pinpoint as the service writes it (e.g. "Art. 26(1)", "Annex III", "Annex III, point 4")',
      'timeline/xx-reg-2024-7.yaml: events[general-application].dates[0].applies_from: must be a date written YYYY-MM-DD (e.g. 2026-08-02)',
    ]);
    expect(problemsOf(variant('obligations', (t) => t.replace('summary: Record', 'sumary: Record')))).toEqual([
      expect.stringMatching(/^obligations\/xx-reg-2024-7\.yaml: obligations\[name-the-model\]\.summary: is required/),
      expect.stringMatching(/^obligations\/xx-reg-2024-7\.yaml: obligations\[name-the-model\]: unknown field sumary/),
    ]);
    expect(problemsOf(variant('timeline', (t) => `${t}\ninstrument: again\n`))[0]).toMatch(/^timeline\/xx-reg-2024-7\.yaml: line \d+: is not valid YAML/);
  });

  it('checks ids, the order of dates, the file name, declared roles and systems, and events named', () => {
    const timeline = variant('timeline', (t) => t.replace('id: penalties', 'id: registration-duty').replace('text_from: 2026-07-01', 'text_from: 2024-03-01').replace('roles: [provider]\n    dates:\n      - applies_from: 2026-03-01', 'roles: [importer]\n    dates:\n      - applies_from: 2026-03-01'));
    expect(problemsOf(timeline)).toEqual([
      'timeline/xx-reg-2024-7.yaml: events[registration-duty].dates[1].text_from: must be later than the entry before it (2024-03-01): dates are listed oldest text first',
      'timeline/xx-reg-2024-7.yaml: events[registration-duty].id: is used by another event of this file; ids must be unique',
      'timeline/xx-reg-2024-7.yaml: events[registration-duty].roles: importer is not a role declared in obligations/xx-reg-2024-7.yaml; declared: provider, small-provider',
    ]);
    const obligations = variant('obligations', (t) => t.replace('instrument: xx-reg-2024-7', 'instrument: xx-reg-2024-8').replace('roles: [provider, small-provider]', 'roles: [provider, importer]').replace('systems: [public]', 'systems: [open]').replace('internal: general-application', 'internal: application'));
    expect(problemsOf(obligations)).toEqual([
      'obligations/xx-reg-2024-7.yaml: instrument: is xx-reg-2024-8 but the file is named xx-reg-2024-7.yaml; name it xx-reg-2024-8.yaml',
      "obligations/xx-reg-2024-7.yaml: instrument: has no timeline file (timeline/xx-reg-2024-8.yaml), which the obligations' `from` name",
      'obligations/xx-reg-2024-7.yaml: obligations[register-models].roles: importer is not a declared role; declared: provider, small-provider',
      'obligations/xx-reg-2024-7.yaml: obligations[register-contents].systems: open is not a declared system; declared: public, internal',
    ]);
    expect(problemsOf(variant('obligations', (t) => t.replace('internal: general-application', 'internal: application')))).toEqual([
      'obligations/xx-reg-2024-7.yaml: obligations[name-the-model].from.internal: application is no event of timeline/xx-reg-2024-7.yaml',
    ]);
    expect(problemsOf(variant('obligations', (t) => t.replace('{ public: registration-duty, internal: general-application }', '{ public: registration-duty }')))).toEqual([
      "obligations/xx-reg-2024-7.yaml: obligations[name-the-model].from: names no event for internal, one of the obligation's systems",
    ]);
  });
});

describe('the facts against the law', () => {
  const check = (dir: string) => {
    const { sources } = buildCorpus(readContentFiles([dir]));
    const versions = new LawVersions(sources.map((s) => s.meta));
    return checkFactsAgainstLaw(loadFacts([dir], dir), versions, provisionsByVersion(versions, provisionTable(sources))).map((p) => `${p.field}: ${p.message}`);
  };

  it('passes the fixture, whose dates its texts state', () => {
    expect(checkFactsAgainstLaw(facts, law, provisions)).toEqual([]);
  });

  it('fails a date its provision does not state, a provision not in the text of the day, a relative phrase not there', () => {
    expect(check(variant('timeline', (t) => t.replace('applies_from: 2027-03-01', 'applies_from: 2027-04-01').replace('24 months after the entry into force', '36 months after').replace('set_by: "Art. 4"\n        text_from: 2026-07-01', 'set_by: "Art. 2a"\n        text_from: 2026-07-01')))).toEqual([
      'events[registration-duty].dates[1].set_by: Art. 2a in mini-act-2026-07-01 does not state the date 2027-04-01 (as "2 August 2026", "2.8.2026" or "2 août 2026"); give `states` for a date the law gives relatively',
      'events[penalties].dates[0].set_by: Art. 4 in mini-act does not state the phrase "36 months after"; give `states` for a date the law gives relatively',
    ]);
    expect(check(variant('timeline', (t) => t.replace('set_by: "Art. 4"\n        text_from: 2024-03-01\n  - id: registration-duty', 'set_by: "Art. 2a"\n        text_from: 2024-03-01\n  - id: registration-duty')))).toEqual([
      'events[general-application].dates[0].set_by: Art. 2a is not in the text of xx-reg-2024-7 in force on 2024-03-01 (mini-act)',
    ]);
    expect(check(variant('obligations', (t) => t.replace('pinpoint: "Art. 2a"\n    roles: [small-provider]\n    summary: A small provider may register in the simplified form.\n    from: registration-duty', 'pinpoint: "Art. 2a"\n    roles: [small-provider]\n    summary: A small provider may register in the simplified form.\n    from: general-application')))).toEqual([
      'obligations[simplified-register].pinpoint: Art. 2a is not in the text of xx-reg-2024-7 in force on 2025-03-01, the current date of general-application',
    ]);
  });

  it('reads a day in the forms the texts write it', () => {
    for (const written of ['2 August 2026', '2.8.2026', '02.08.2026', '2 août 2026', 'le 2 aout\n2026', '2 AUGUST 2026']) expect(statesDate(`from ${written}.`, '2026-08-02'), written).toBe(true);
    expect(statesDate('shall apply from 1er mars 2025.', '2025-03-01')).toBe(true);
    expect(statesDate('shall apply from 12 March 2025', '2025-03-02')).toBe(false);
    expect(statesDate('of 21.3.2025', '2025-03-01')).toBe(false);
    expect(statesDate('Twenty-four months\nafter entry', '2026-03-01', 'twenty-four months after')).toBe(true);
  });
});

describe('dates and obligations on a day', () => {
  it('gives the date the text in force that day states, with the earlier ones', () => {
    const before = loaded.timeline.on('2026-06-30', { instrument: 'xx-reg-2024-7' });
    const after = loaded.timeline.on('2026-11-28', { role: 'provider' });
    const duty = (list: typeof before) => list.find((e) => e.event.id === 'registration-duty')!;
    expect(duty(before).current.applies_from).toBe('2026-09-01');
    expect(duty(before).set_by).toMatchObject({ pinpoint: 'Art. 4', anchor: 'art-4', version: { source: 'mini-act' } });
    expect(duty(before).history).toEqual([]);
    expect(duty(after).current.applies_from).toBe('2027-03-01');
    expect(duty(after).set_by.version?.source).toBe('mini-act-2026-07-01');
    expect(duty(after).history.map((h) => [h.entry.applies_from, h.set_by.version?.source])).toEqual([['2026-09-01', 'mini-act']]);
    expect(after.map((e) => e.event.id)).toEqual(['entry-into-force', 'general-application', 'penalties', 'registration-duty']);
    expect(loaded.timeline.on('2026-11-28', { provision: 'Art. 2(1)' }).map((e) => e.event.id)).toEqual(['registration-duty']);
    expect(loaded.timeline.on('2026-11-28', { from: '2026-01-01', to: '2026-12-31' }).map((e) => e.event.id)).toEqual(['penalties']);
    expect(loaded.timeline.on('2024-01-01')).toEqual([]);
  });

  it('lists the obligations binding a role, and those whose date has not come apart, under the text of the day', () => {
    const ids = (r: ReturnType<typeof loaded.obligations.on>) => ({ binding: r.binding.map((o) => `${o.obligation.id}${o.system ? `/${o.system}` : ''}`), upcoming: r.upcoming.map((o) => `${o.obligation.id}@${o.event.current.applies_from}`) });
    // Under the text as published, Art. 2 applies from 2026-09-01; the amending act put it back to 2027-03-01.
    expect(ids(loaded.obligations.on({ instrument: 'xx-reg-2024-7', role: 'provider', system: 'public', on: '2026-06-15' }))).toEqual({
      binding: [],
      upcoming: ['name-the-model@2026-09-01', 'register-contents@2026-09-01', 'register-models@2026-09-01'],
    });
    expect(ids(loaded.obligations.on({ instrument: 'xx-reg-2024-7', role: 'provider', system: 'public', on: '2026-09-15' }))).toEqual({
      binding: [],
      upcoming: ['name-the-model@2027-03-01', 'register-contents@2027-03-01', 'register-models@2027-03-01'],
    });
    expect(ids(loaded.obligations.on({ instrument: 'xx-reg-2024-7', role: 'provider', system: 'internal', on: '2027-03-01' }))).toEqual({ binding: ['name-the-model/internal', 'register-models'], upcoming: [] });
    expect(ids(loaded.obligations.on({ instrument: 'xx-reg-2024-7', role: 'provider', on: '2026-11-28' }))).toEqual({
      binding: ['name-the-model/internal'],
      upcoming: ['name-the-model@2027-03-01', 'register-contents@2027-03-01', 'register-models@2027-03-01'],
    });
    // Art. 2a is not in the text before 2026-07-01: no obligation yet, not even upcoming.
    expect(ids(loaded.obligations.on({ instrument: 'xx-reg-2024-7', role: 'small-provider', on: '2026-06-15' }))).toEqual({ binding: [], upcoming: ['register-models@2026-09-01'] });
    expect(ids(loaded.obligations.on({ instrument: 'xx-reg-2024-7', role: 'small-provider', on: '2026-07-15' })).upcoming).toEqual(['register-models@2027-03-01', 'simplified-register@2027-03-01']);
  });

  it('gives the Atom feed a line for each event dated and each date moved', () => {
    const lines = timelineChanges(facts).filter((c) => c.id === 'xx-reg-2024-7-registration-duty');
    expect(lines.map((c) => [c.date, c.note])).toEqual([
      ['2026-07-01', 'Moved from 2026-09-01 to 2027-03-01, set by Art. 4 as amended by xx-reg-2026-3 (Art. 1).'],
      ['2024-03-01', 'Dated: applies from 2026-09-01, set by Art. 4.'],
    ]);
    expect(lines[0]).toMatchObject({ kind: 'timeline', url: '/timeline#xx-reg-2024-7-registration-duty', event: { date: '2026-07-01' } });
  });
});
