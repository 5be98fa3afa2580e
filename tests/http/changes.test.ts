/** The change feed for people: /changes.xml is well-formed Atom listing the corpus's changelog lines, newest first. */
import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, inject, it } from 'vitest';
import { allChanges } from '../../src/core/changes.js';
import type { CorpusArtifact } from '../../src/core/corpus/artifact.js';
import { FEED_MAX_ENTRIES } from '../../src/site/changes-feed.js';

const base = inject('baseUrl');
const corpus = JSON.parse(readFileSync('build/corpus.json', 'utf8')) as CorpusArtifact;

describe('/changes.xml and /changes', () => {
  it('serves well-formed Atom whose entries are the newest changelog lines with links to their entries', async () => {
    const response = await fetch(`${base}/changes.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' || name === 'link' }).parse(xml);
    expect(doc.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    const expected = allChanges(corpus).slice(0, FEED_MAX_ENTRIES);
    const entries: { title: string; id: string; link: { '@_href': string }[]; updated: string }[] = doc.feed.entry ?? [];
    expect(entries.map((e) => e.updated.slice(0, 10))).toEqual(expected.map((c) => c.date));
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    entries.forEach((entry, i) => {
      const change = expected[i]!;
      expect(entry.title).toContain(change.note.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
      expect(new URL(entry.link[0]!['@_href']).pathname + new URL(entry.link[0]!['@_href']).hash).toBe(change.url);
    });
  });

  it('the "What changed" page lists every change and links the feed', async () => {
    const html = await (await fetch(`${base}/changes`)).text();
    expect(html).toContain('href="/changes.xml"');
    for (const change of allChanges(corpus)) expect(html).toContain(`href="${change.url}"`);
  });
});
