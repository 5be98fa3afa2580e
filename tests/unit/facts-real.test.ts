/**
 * The AI Act's timeline and obligations (content/timeline, content/obligations) against its two versions ingested
 * from ../shared/raw (scripts/real-law.ts), skipped without them: the build's
 * checks pass, and the examples hold (the Annex III date as of two days; a deployer's duties on two days).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hasRealLaw, loadRealLaw } from '../../scripts/real-law.js';
import { loadedFacts, type LoadedFacts } from '../../src/core/facts/build.js';
import { loadFacts } from '../../src/core/facts/load.js';
import { checkFactsAgainstLaw } from '../../src/core/facts/text-check.js';

describe.skipIf(!hasRealLaw())('the AI Act\'s dates and obligations (../shared/raw)', () => {
  let facts: LoadedFacts;
  let problems: string[];

  beforeAll(async () => {
    const { law, provisions } = (await loadRealLaw())!;
    const data = loadFacts(['content']);
    problems = checkFactsAgainstLaw(data, law, provisions).map((p) => `${p.file}: ${p.field}: ${p.message}`);
    facts = loadedFacts(data, law, provisions);
  }, 120_000);

  it('passes the checks the build makes against the text', () => {
    expect(problems).toEqual([]);
  });

  it('dates Annex III from 2026-08-02 as of 2026-01-15 and from 2027-12-02 as of 2026-11-28, set by Art. 113(c)(i) as amended', () => {
    const annexIII = (day: string) => facts.timeline.on(day, { instrument: 'eu-reg-2024-1689', provision: 'Annex III' }).find((e) => e.event.id === 'annex-iii-high-risk');
    const before = annexIII('2026-01-15');
    expect(before?.current.applies_from).toBe('2026-08-02');
    expect(before?.set_by.version?.source).toBe('eu-reg-2024-1689');
    const after = annexIII('2026-11-28');
    expect(after?.current).toMatchObject({ applies_from: '2027-12-02', set_by: 'Art. 113(c)(i)', amended_by: { source: 'eu-reg-2026-1744' } });
    expect(after?.set_by).toMatchObject({ anchor: 'art-113-c-i', version: { source: 'eu-reg-2024-1689-2026-07-27', label: expect.stringContaining('2026-07-27') } });
    expect(after?.history.map((h) => [h.entry.applies_from, h.set_by.version?.source])).toEqual([['2026-08-02', 'eu-reg-2024-1689']]);
  });

  it('binds a deployer of an Annex III system by Arts. 4 and 5 on 2027-06-01 but by Art. 26 only from 2027-12-02', () => {
    const on = (day: string) => facts.obligations.on({ instrument: 'eu-reg-2024-1689', role: 'deployer', system: 'annex-iii', on: day });
    const articles = (list: { obligation: { pinpoint: string } }[]) => new Set(list.map((o) => /^Art\. (\d+)/.exec(o.obligation.pinpoint)?.[1]));
    const june = on('2027-06-01');
    expect(articles(june.binding).has('4')).toBe(true);
    expect(articles(june.binding).has('5')).toBe(true);
    expect(articles(june.binding).has('26')).toBe(false);
    expect(june.upcoming.filter((o) => o.obligation.pinpoint.startsWith('Art. 26')).map((o) => o.event.current.applies_from)).toContain('2027-12-02');
    expect(articles(on('2028-01-01').binding).has('26')).toBe(true);
  });
});
