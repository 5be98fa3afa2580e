import { describe, expect, it } from 'vitest';
import { allChanges, changesSince, currencyStats, monthsBefore, type DatedCorpus } from '../../src/core/changes.js';
import { changesAtom } from '../../src/site/changes-feed.js';

const corpus: DatedCorpus = {
  sources: [
    {
      meta: {
        id: 'alpha', title: 'Alpha Act', kind: 'primary', publisher: 'P', url: 'https://example.org', license: 'CC-BY-4.0', language: 'en', tags: [],
        as_of: '2026-11-01', changelog: [{ date: '2026-11-01', note: 'Dates moved.', event: { date: '2026-07-27', what: 'Amending act in force' } }, { date: '2025-01-02', note: 'Added.' }],
      },
    },
  ],
  glossary: [{ id: 'risk', term: 'Risk', aliases: [], related: [], sources: [], definition: 'd', as_of: '2024-05-01', changelog: [{ date: '2026-11-01', note: 'Renamed <body>.' }] }],
  wisdom: [{ id: 'tip', title: 'Tip', category: 'c', tags: [], sources: [], text: 't', as_of: '2025-11-22' }],
};

describe('changes', () => {
  it('lists every changelog line newest first, ties by kind then id, with the entry url', () => {
    const changes = allChanges(corpus);
    expect(changes.map((c) => `${c.date} ${c.kind} ${c.id}`)).toEqual(['2026-11-01 glossary risk', '2026-11-01 source alpha', '2025-01-02 source alpha']);
    expect(changes[0]).toMatchObject({ title: 'Risk', url: '/glossary#risk', as_of: '2024-05-01', event: null });
    expect(changes[1]).toMatchObject({ note: 'Dates moved.', event: { date: '2026-07-27', what: 'Amending act in force' } });
    expect(changesSince(changes, '2026-11-01')).toHaveLength(2);
    expect(changesSince(changes, '2026-11-02')).toHaveLength(0);
  });

  it('counts entries older than the allowed age, the cut-off day itself not stale', () => {
    expect(currencyStats(corpus, '2026-11-23', 12)).toEqual({ oldest: '2024-05-01', newest: '2026-11-01', stale: 2, max_age_months: 12 });
    expect(currencyStats(corpus, '2026-11-22', 12).stale).toBe(1);
    expect(currencyStats(corpus, '2026-11-23', 36).stale).toBe(0);
  });

  it('steps back calendar months, clamping to the shorter month', () => {
    expect(monthsBefore('2026-11-23', 12)).toBe('2025-11-23');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2026-01-15', 13)).toBe('2024-12-15');
  });

  it('renders an Atom feed with absolute links and escaped text', () => {
    const xml = changesAtom(allChanges(corpus), 'https://occ.example', '2026-11-23T00:00:00Z', 'OCC, CC BY 4.0');
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml.match(/<entry>/g)).toHaveLength(3);
    expect(xml).toContain('https://occ.example/glossary#risk');
    expect(xml).not.toContain('<body>');
    expect(xml).toContain('Renamed &lt;body&gt;.');
    expect(xml).toContain('<category label="glossary" term="glossary"/>');
  });
});
