/** The change feed for people: /changes.xml is well-formed Atom listing the corpus's changelog lines, newest first. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { allChanges, newestFirst } from '../../src/core/changes.js';
import { factsFile } from '../../src/core/facts/build.js';
import { timelineChanges } from '../../src/core/facts/changes.js';
import { buildFiles } from '../../src/core/build-files.js';
import { openCorpus } from '../../src/core/corpus/artifact.js';
import { FEED_MAX_ENTRIES } from '../../src/site/changes-feed.js';

const base = inject('baseUrl');
const corpus = openCorpus(buildFiles('build').corpus);
/** What /changes lists: the content's changelog lines and the timeline's dates added or moved, newest first. */
const listed = () => newestFirst([...allChanges(corpus), ...timelineChanges(JSON.parse(readFileSync(`build/${factsFile}`, 'utf8')))]);

describe('/changes.xml and /changes', () => {
  it('serves well-formed Atom whose entries are the newest changelog lines with links to their entries', async () => {
    const response = await fetch(`${base}/changes.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' || name === 'link' }).parse(xml);
    expect(doc.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    const expected = listed().slice(0, FEED_MAX_ENTRIES);
    const entries: { title: { '#text': string }; id: string; link: { '@_href': string }[]; updated: string }[] = doc.feed.entry ?? [];
    expect(entries.length).toBe(expected.length);
    expect(entries.map((e) => e.updated.slice(0, 10))).toEqual(expected.map((c) => c.date));
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    entries.forEach((entry, i) => {
      const change = expected[i]!;
      expect(entry.title['#text']).toContain(change.note.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
      expect(new URL(entry.link[0]!['@_href']).pathname + new URL(entry.link[0]!['@_href']).hash).toBe(change.url);
    });
  });

  it('/api/occ/changes pages through the same changes newest first, with since, limit, offset and next', async () => {
    const all = listed();
    expect(all.length).toBeGreaterThan(0);
    const first = await (await fetch(`${base}/api/occ/changes?limit=2`)).json();
    expect(first).toMatchObject({ since: null, total: all.length, limit: 2, offset: 0 });
    expect(first.changes.map((c: { id: string; date: string }) => `${c.id} ${c.date}`)).toEqual(all.slice(0, 2).map((c) => `${c.id} ${c.date}`));
    expect(first.changes[0].url).toMatch(/^http/);
    expect(first.next).toBe('/api/occ/changes?limit=2&offset=2');
    const second = await (await fetch(new URL(first.next, base))).json();
    expect(second.changes[0].id).toBe(all[2]!.id);
    const oldest = all[all.length - 1]!.date;
    const newest = all[0]!.date;
    const since = await (await fetch(`${base}/api/occ/changes?since=${newest}&limit=200`)).json();
    expect(since.total).toBe(all.filter((c) => c.date >= newest).length);
    expect(since.changes.every((c: { date: string }) => c.date >= newest)).toBe(true);
    const whole = await (await fetch(`${base}/api/occ/changes?since=${oldest}&limit=200`)).json();
    expect(whole.total).toBe(all.length);
    const last = await (await fetch(`${base}/api/occ/changes?limit=200&offset=${all.length}`)).json();
    expect(last).toMatchObject({ changes: [], next: null });
  });

  it('/api/occ/changes keeps only the kinds asked for, and pages within them', async () => {
    const all = listed();
    const timeline = all.filter((c) => c.kind === 'timeline');
    const ours = all.filter((c) => c.kind === 'source' || c.kind === 'glossary');
    expect(timeline.length).toBeGreaterThan(2);
    const first = await (await fetch(`${base}/api/occ/changes?kind=timeline&limit=2`)).json();
    expect(first).toMatchObject({ kind: ['timeline'], total: timeline.length });
    expect(first.changes.map((c: { id: string }) => c.id)).toEqual(timeline.slice(0, 2).map((c) => c.id));
    expect(first.next).toBe('/api/occ/changes?kind=timeline&limit=2&offset=2');
    const second = await (await fetch(new URL(first.next, base))).json();
    expect(second.changes.map((c: { id: string }) => c.id)).toEqual(timeline.slice(2, 4).map((c) => c.id));
    const both = await (await fetch(`${base}/api/occ/changes?kind=source,glossary&limit=200`)).json();
    expect(both.total).toBe(ours.length);
    expect(new Set(both.changes.map((c: { kind: string }) => c.kind))).toEqual(new Set(ours.map((c) => c.kind)));
    expect((await (await fetch(`${base}/api/occ/changes?limit=1`)).json()).kind).toBeNull();
  });

  it('refuses a since that is not a real date, a blank one, and limits out of range, naming the parameter', async () => {
    for (const [query, parameter] of [
      ['kind=amendment', 'kind'],
      ['kind=law,', 'kind'],
      ['since=2026-02-30', 'since'],
      ['since=yesterday', 'since'],
      ['since=', 'since'],
      ['since=2026-01-01&since=2026-02-01', 'since'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['offset=-1', 'offset'],
    ] as const) {
      const response = await fetch(`${base}/api/occ/changes?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect((await response.json()).parameter, query).toBe(parameter);
    }
  });

  it('/health says how current the corpus is: oldest and newest as_of and the stale count', async () => {
    const health = await (await fetch(`${base}/api/occ/health`)).json();
    const dates = [...corpus.sources.map((s) => s.meta.as_of), ...corpus.glossary.map((g) => g.as_of), ...corpus.wisdom.map((w) => w.as_of)].sort();
    expect(health.currency).toMatchObject({ oldest: dates[0], newest: dates[dates.length - 1], max_age_months: 12 });
    expect(health.currency.stale).toBeGreaterThanOrEqual(0);
  });

  it('every search result and RAG passage carries its source\'s as_of, also in the context line a model reads', async () => {
    const search = await (await fetch(`${base}/api/occ/search?q=oversight&top=3`)).json();
    for (const r of search.results) expect(r.as_of).toBe(corpus.sources.find((s) => s.meta.id === r.source)!.meta.as_of);
    const rag = await (await fetch(`${base}/api/occ/rag`, { method: 'POST', body: JSON.stringify({ query: 'human oversight', top_k: 3 }), headers: { 'content-type': 'application/json' } })).json();
    for (const c of rag.chunks) {
      expect(c.citation.as_of).toBe(corpus.sources.find((s) => s.meta.id === c.source)!.meta.as_of);
      expect(rag.context).toContain(`; as of ${c.citation.as_of})`);
    }
  });

  it('the "What changed" page lists every change and links the feed', async () => {
    const html = await (await fetch(`${base}/changes`)).text();
    expect(html).toContain('href="/changes.xml"');
    for (const change of listed()) expect(html).toContain(`href="${change.url}"`);
  });
});
