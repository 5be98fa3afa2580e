/** The corpus file: what the build streams to disk reads back as the in-memory compile has it, chunk for chunk. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFiles } from '../../src/core/build-files.js';
import { CORPUS_FORMAT_VERSION, openCorpus } from '../../src/core/corpus/artifact.js';
import { ChunkStore } from '../../src/core/corpus/chunk-store.js';
import { readContentFiles } from '../../src/core/corpus/load-fs.js';
import { ArtifactError } from '../../src/core/errors.js';
import { Container, encodeContainer } from '../../src/core/index/binary.js';
import { compile, writeBuild } from '../../src/core/pipeline.js';
import { loadBuild } from '../../src/core/search/load.js';
import type { Chunk } from '../../src/core/types.js';

const files = readContentFiles([fileURLToPath(new URL('../fixtures/content', import.meta.url))]);
const dir = mkdtempSync(path.join(tmpdir(), 'occ-artifact-'));
const builtAt = new Date('2026-02-03T04:05:06Z');
const written = await writeBuild(files, dir, builtAt);
const compiled = compile(files, builtAt).corpus;
const corpus = openCorpus(buildFiles(dir).corpus);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The corpus file with its header changed. */
function rewritten(change: Record<string, unknown>): string {
  const container = new Container(readFileSync(buildFiles(dir).corpus), 'test');
  const { sections, ...header } = container.header;
  const arrays = Object.fromEntries(
    Object.entries(sections).map(([name, s]) => [name, s.type === 'u8' ? container.u8(name) : s.type === 'u32' ? container.u32(name) : container.f64(name)]),
  );
  const file = path.join(dir, `changed-${Object.keys(change).join('-')}.bin`);
  writeFileSync(file, encodeContainer({ ...header, ...change }, arrays));
  return file;
}

describe('corpus artifact', () => {
  it('holds every chunk as compiled, by number, id and source, and each page', () => {
    expect(corpus.chunks.length).toBe(compiled.chunks.length);
    expect(written.chunks).toBe(compiled.chunks.length);
    expect([...corpus.chunks]).toEqual(compiled.chunks);
    compiled.chunks.forEach((chunk, n) => {
      expect(corpus.chunks.get(chunk.id)).toEqual(chunk);
      expect(corpus.chunks.numberOf(chunk.id)).toBe(n);
      expect(corpus.chunks.pinpointAt(n)).toBe(chunk.pinpoint);
    });
    for (const source of compiled.sources) {
      expect(corpus.chunks.ofSource(source.meta.id).map((n) => corpus.chunks.at(n)?.position)).toEqual([...Array(source.chunks).keys()]);
      expect(corpus.html(source.meta.id)).toBe(compiled.html.get(source.meta.id));
    }
    expect(corpus.sources).toEqual(compiled.sources);
    expect(corpus.glossary).toEqual(compiled.glossary);
    expect(corpus.wisdom).toEqual(compiled.wisdom);
    expect(corpus).toMatchObject({ contentHash: compiled.contentHash, builtAt: builtAt.toISOString(), formatVersion: CORPUS_FORMAT_VERSION });
  });

  it('answers unknown ids and numbers with undefined', () => {
    expect(corpus.chunks.get('no-such:000000000000')).toBeUndefined();
    expect(corpus.chunks.at(-1)).toBeUndefined();
    expect(corpus.chunks.at(corpus.chunks.length)).toBeUndefined();
    expect(corpus.chunks.ofSource('no-such')).toEqual([]);
  });

  it('loads with its index as one build, and the engine finds chunks in it', () => {
    const { engine, meta } = loadBuild(dir);
    expect(meta.contentHash).toBe(corpus.contentHash);
    expect(engine.search('human oversight', { top: 3 }).hits[0]?.chunk).toEqual(compiled.chunks.find((c) => c.heading === 'Human oversight'));
  });

  it('refuses another format version, another file, and a missing one, saying what to do', () => {
    expect(() => openCorpus(rewritten({ formatVersion: 1 }))).toThrow(/format version 1, this server reads 2.*npm run build/);
    expect(() => openCorpus(rewritten({ format: 'occ-index' }))).toThrow(/not an OCC corpus file/);
    expect(() => openCorpus(rewritten({ chunkCount: 1 }))).toThrow(/do not agree/);
    expect(() => openCorpus(buildFiles(dir).index)).toThrow(ArtifactError);
    expect(() => openCorpus(path.join(dir, 'missing.bin'))).toThrow(/run `npm run build` first/);
  });
});

describe('ChunkStore over chunks in memory', () => {
  const chunk = (id: string, source: string, position: number): Chunk => ({ id, source, heading: 'H', path: [], text: id, position, url: '' });
  const store = ChunkStore.fromChunks([chunk('a:2', 'a', 2), chunk('b:0', 'b', 0), chunk('a:0', 'a', 0), chunk('a:1', 'a', 1)]);

  it("lists a source's chunks in order of position, whatever order they came in", () => {
    expect(store.ofSource('a').map((n) => store.idAt(n))).toEqual(['a:0', 'a:1', 'a:2']);
    expect(store.get('b:0')?.text).toBe('b:0');
    expect(store.length).toBe(4);
  });
});
