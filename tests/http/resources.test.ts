/**
 * Every resource is addressable: each id any answer hands out (for the whole shipped corpus) resolves through
 * /chunks/{id}, /sources/{id}, /glossary/{id} or /wisdom/{id}, with `:` sent as is or percent-encoded.
 */
import { describe, expect, it } from 'vitest';
import type {
  ChunkResponse, GlossaryEntryResponse, GlossaryResponse, SourceResponse, SourcesResponse, WisdomEntryResponse, WisdomResponse,
} from '../../src/api/types.js';
import { getJson } from '../support/fetch.js';

describe('addressable resources', () => {
  it('every source, its table of contents and every chunk id in it resolve; the chunks chain previous/next', async () => {
    const { body: list } = await getJson<SourcesResponse>('/api/occ/sources');
    let chunks = 0;
    for (const item of list.sources) {
      const { status, body } = await getJson<SourceResponse>(`/api/occ/sources/${item.id}`);
      expect(status).toBe(200);
      expect(body.source).toEqual(item);
      const ids = body.sections.flatMap((s) => s.chunks);
      expect(ids.length, item.id).toBe(item.chunks);
      for (const section of body.sections) expect(section.url).toMatch(new RegExp(`/sources/${item.id}(#[a-z0-9-]+)?$`));
      const answers = await Promise.all(ids.map((id, i) => getJson<ChunkResponse>(`/api/occ/chunks/${i % 2 === 0 ? id : id.replace(':', '%3A')}`)));
      answers.forEach((chunk, i) => {
        expect(chunk.status, ids[i]).toBe(200);
        expect(chunk.body).toMatchObject({ id: ids[i], source: item.id, title: item.title, source_license: item.license, previous: ids[i - 1] ?? null, next: ids[i + 1] ?? null });
      });
      chunks += answers.length;
    }
    expect(chunks).toBeGreaterThan(0);
  }, 120_000);

  it('every glossary entry, its related ids and every wisdom entry resolve, as in the lists', async () => {
    const { body: glossary } = await getJson<GlossaryResponse>('/api/occ/glossary');
    const known = new Set(glossary.entries.map((e) => e.id));
    for (const entry of glossary.entries) {
      const { status, body } = await getJson<GlossaryEntryResponse>(`/api/occ/glossary/${entry.id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject(entry);
      for (const related of entry.related) expect(known.has(related), `${entry.id} → ${related}`).toBe(true);
    }
    const { body: wisdom } = await getJson<WisdomResponse>('/api/occ/wisdom');
    for (const entry of wisdom.entries) {
      const { status, body } = await getJson<WisdomEntryResponse>(`/api/occ/wisdom/${entry.id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject(entry);
    }
  });

  it('source ids named by glossary and wisdom entries resolve', async () => {
    const { body: glossary } = await getJson<GlossaryResponse>('/api/occ/glossary');
    const { body: wisdom } = await getJson<WisdomResponse>('/api/occ/wisdom');
    const named = new Set([...glossary.entries, ...wisdom.entries].flatMap((e) => e.sources));
    for (const id of named) expect((await getJson(`/api/occ/sources/${id}`)).status, id).toBe(200);
  });

  it.each([
    ['/api/occ/chunks/no-such-source:000000000000', 404],
    ['/api/occ/chunks/not%20an%20id', 400],
    ['/api/occ/chunks/a%2Fb:00', 400],
    ['/api/occ/sources/no-such-source', 404],
    ['/api/occ/sources/Not_A_Slug', 400],
    ['/api/occ/glossary/no-such-term', 404],
    ['/api/occ/wisdom/no-such-insight', 404],
    ['/api/occ/wisdom/BAD', 400],
  ])('%s answers %i as problem+json naming id', async (path, status) => {
    const { status: got, body, headers } = await getJson<{ parameter?: string }>(path);
    expect(got).toBe(status);
    expect(headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(body.parameter).toBe('id');
  });
});
