import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { ArtifactError } from '../errors.js';
import { ContainerWriter, FileContainer, decodeStrings, encodeStrings } from '../index/binary.js';
import type { Chunk, GlossaryEntry, SourceMeta, WisdomEntry } from '../types.js';
import { ChunkStore } from './chunk-store.js';

/** Bump when the corpus file changes shape (docs/artifact.md). 2: binary, chunks decoded on use; 1 was one JSON file. */
export const CORPUS_FORMAT_VERSION = 2;

export interface TocEntry {
  depth: number;
  heading: string;
  anchor: string;
}

export interface BuiltSource {
  meta: SourceMeta;
  /** Number of chunks; the counts of all sources add up to the chunk total. */
  chunks: number;
  words: number;
  toc: TocEntry[];
}

/** The corpus file's header: everything but the chunks and the sources' pages, small enough to parse at start. */
export interface CorpusHeader {
  format: 'occ-corpus';
  formatVersion: number;
  contentHash: string;
  builtAt: string;
  sources: BuiltSource[];
  glossary: GlossaryEntry[];
  wisdom: WisdomEntry[];
  /** Number of chunks. */
  chunkCount: number;
}

/** The loaded corpus: the header, the chunk store, and each source's body as HTML (read on use, by the site build). */
export interface CorpusArtifact extends CorpusHeader {
  chunks: ChunkStore;
  html(sourceId: string): string;
}

/**
 * Chunk records are compressed one by one (deflate) with a dictionary of the first records' bytes: about 37% of
 * their JSON size instead of 46% without one. A larger dictionary gains a little and costs build time per record.
 */
const DICTIONARY_BYTES = 8 * 1024;

/**
 * Writes the corpus file as sources stream in: each source's page and chunks are compressed and appended to disk
 * at once, so the build never holds the corpus as one string. Sections: the chunk records (compressed JSON,
 * one per chunk) and their offsets, the chunk ids, source numbers and pinpoints (what the server keeps in
 * memory), and each source's HTML page (compressed), which only the site build reads.
 */
export class CorpusWriter {
  private readonly writer: ContainerWriter;
  private readonly recordOffsets: number[] = [0];
  private readonly ids: string[] = [];
  private readonly sourceNumbers: number[] = [];
  private readonly pinpoints: string[] = [];
  private readonly pages: Buffer[] = [];
  private readonly sources: BuiltSource[] = [];
  private readonly seen = new Set<string>();
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private dictionary: Buffer | undefined;
  private recordBytes = 0;

  constructor(file: string) {
    this.writer = new ContainerWriter(file);
    this.writer.begin('chunkRecords', 'u8');
  }

  addSource(source: BuiltSource, html: string, chunks: readonly Chunk[]): void {
    const number = this.sources.length;
    this.sources.push(source);
    this.pages.push(deflateRawSync(Buffer.from(html)));
    let position = -1;
    for (const chunk of chunks) {
      if (chunk.source !== source.meta.id) throw new Error(`chunk ${chunk.id} is not of source ${source.meta.id}`);
      if (chunk.position <= position) throw new Error(`chunks of ${source.meta.id} must come in order of position`);
      if (this.seen.has(chunk.id)) throw new Error(`chunk id ${chunk.id} is used twice`);
      this.seen.add(chunk.id);
      position = chunk.position;
      this.ids.push(chunk.id);
      this.sourceNumbers.push(number);
      this.pinpoints.push(chunk.pinpoint ?? '');
      this.record(Buffer.from(JSON.stringify(chunk)));
    }
  }

  private record(raw: Buffer): void {
    if (this.dictionary === undefined) {
      this.pending.push(raw);
      this.pendingBytes += raw.length;
      if (this.pendingBytes >= DICTIONARY_BYTES) this.flush();
      return;
    }
    const packed = deflateRawSync(raw, { dictionary: this.dictionary });
    this.writer.append(packed);
    this.recordBytes += packed.length;
    this.recordOffsets.push(this.recordBytes);
  }

  /** Fixes the dictionary from the records held back, then writes them. */
  private flush(): void {
    if (this.dictionary !== undefined) return;
    this.dictionary = Buffer.concat(this.pending).subarray(0, DICTIONARY_BYTES);
    const held = this.pending;
    this.pending = [];
    for (const raw of held) this.record(raw);
  }

  finish(header: Omit<CorpusHeader, 'format' | 'formatVersion' | 'sources' | 'chunkCount'>): number {
    try {
      this.flush();
      this.writer.end();
      this.writer.section('chunkOffsets', Float64Array.from(this.recordOffsets));
      this.writer.section('chunkDictionary', this.dictionary ?? new Uint8Array(0));
      const ids = encodeStrings(this.ids);
      this.writer.section('chunkIdBytes', ids.bytes);
      this.writer.section('chunkIdOffsets', ids.offsets);
      this.writer.section('chunkSources', Uint32Array.from(this.sourceNumbers));
      const pinpoints = encodeStrings(this.pinpoints);
      this.writer.section('chunkPinpointBytes', pinpoints.bytes);
      this.writer.section('chunkPinpointOffsets', pinpoints.offsets);
      this.writer.begin('pageRecords', 'u8');
      const pageOffsets = [0];
      for (const page of this.pages) {
        this.writer.append(page);
        pageOffsets.push(pageOffsets[pageOffsets.length - 1]! + page.length);
      }
      this.writer.end();
      this.writer.section('pageOffsets', Float64Array.from(pageOffsets));
      const full: CorpusHeader = {
        format: 'occ-corpus',
        formatVersion: CORPUS_FORMAT_VERSION,
        ...header,
        sources: this.sources,
        chunkCount: this.ids.length,
      };
      return this.writer.finish({ ...full });
    } catch (error) {
      this.writer.abort();
      throw error;
    }
  }

  abort(): void {
    this.writer.abort();
  }
}

/** Checks a corpus header, refusing anything this code did not write. */
export function checkCorpusHeader(value: unknown, file = 'the corpus'): CorpusHeader {
  const a = value as Partial<CorpusHeader> | null;
  const fail = (why: string) => new ArtifactError(`Cannot load ${file}: ${why}. Rebuild it with \`npm run build\`.`);
  if (a === null || typeof a !== 'object' || a.format !== 'occ-corpus') throw fail('not an OCC corpus file');
  if (a.formatVersion !== CORPUS_FORMAT_VERSION) throw fail(`format version ${a.formatVersion}, this server reads ${CORPUS_FORMAT_VERSION}`);
  if (!Array.isArray(a.sources) || !Array.isArray(a.glossary) || !Array.isArray(a.wisdom) || typeof a.chunkCount !== 'number') {
    throw fail('a collection is missing');
  }
  return a as CorpusHeader;
}

/**
 * Opens a corpus file: the header and the chunk columns are read now, chunk records and pages on use (by
 * range from the open file, which a rebuild replaces by renaming, so this handle keeps reading its own build).
 */
export function openCorpus(file: string): CorpusArtifact {
  let container: FileContainer;
  try {
    container = new FileContainer(file, 'the corpus');
  } catch (cause) {
    if (cause instanceof ArtifactError) throw cause;
    throw new ArtifactError(`Cannot read ${file}; run \`npm run build\` first.`, { cause });
  }
  const { sections: _, ...rest } = container.header;
  const header = checkCorpusHeader(rest);
  const offsets = container.load('chunkOffsets', 'f64');
  const dictionary = Buffer.from(container.load('chunkDictionary', 'u8'));
  const records = container.section('chunkRecords', 'u8');
  const ids = decodeStrings({ bytes: container.load('chunkIdBytes', 'u8'), offsets: container.load('chunkIdOffsets', 'u32') });
  const numbers = container.load('chunkSources', 'u32');
  const pinpoints = decodeStrings({ bytes: container.load('chunkPinpointBytes', 'u8'), offsets: container.load('chunkPinpointOffsets', 'u32') });
  const sourceIds = header.sources.map((s) => s.meta.id);
  if (ids.length !== header.chunkCount || numbers.length !== ids.length || pinpoints.length !== ids.length || offsets.length !== ids.length + 1) {
    throw new ArtifactError(`Cannot load ${file}: its sections do not agree with each other (a damaged file). Rebuild it with \`npm run build\`.`);
  }
  const sources = Array.from(numbers, (n) => sourceIds[n] ?? '');
  const decode = (n: number): Chunk => {
    const start = offsets[n]!;
    const packed = container.read(records.offset + start, offsets[n + 1]! - start, true);
    return JSON.parse(inflateRawSync(packed, { dictionary }).toString('utf8')) as Chunk;
  };
  const pageOffsets = container.load('pageOffsets', 'f64');
  const pages = container.section('pageRecords', 'u8');
  const html = (sourceId: string): string => {
    const n = sourceIds.indexOf(sourceId);
    if (n < 0) return '';
    const start = pageOffsets[n]!;
    return inflateRawSync(container.read(pages.offset + start, pageOffsets[n + 1]! - start)).toString('utf8');
  };
  return { ...header, chunks: new ChunkStore({ ids, sources, pinpoints }, decode), html };
}
