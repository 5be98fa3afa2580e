import type { Chunk } from '../types.js';

/** What a chunk store knows of every chunk without decoding it. */
export interface ChunkColumns {
  ids: readonly string[];
  /** Source id of each chunk. */
  sources: readonly string[];
  /** Legal pinpoint of each chunk, '' when it has none. */
  pinpoints: readonly string[];
}

/** Decoded chunks kept for reuse, the hits of recent queries: about 10 MiB. */
const CACHE = 2048;

/**
 * The corpus's chunks by number, id and source. Ids, sources and pinpoints are in memory; a chunk's full record
 * (its text above all) is decoded on use, from the corpus artifact (artifact.ts) or from an array in memory,
 * and the most recent are cached. Chunks of one source are stored in order of position.
 */
export class ChunkStore implements Iterable<Chunk> {
  private readonly numbers = new Map<string, number>();
  private readonly bySource = new Map<string, number[]>();
  private readonly cache = new Map<number, Chunk>();

  constructor(
    private readonly columns: ChunkColumns,
    private readonly decode: (n: number) => Chunk,
  ) {
    columns.ids.forEach((id, n) => this.numbers.set(id, n));
    columns.sources.forEach((source, n) => {
      const list = this.bySource.get(source);
      if (list === undefined) this.bySource.set(source, [n]);
      else list.push(n);
    });
  }

  /** A store over chunks already in memory (tests, the eval harness, the in-memory compile). */
  static fromChunks(chunks: readonly Chunk[]): ChunkStore {
    const store = new ChunkStore(
      { ids: chunks.map((c) => c.id), sources: chunks.map((c) => c.source), pinpoints: chunks.map((c) => c.pinpoint ?? '') },
      (n) => chunks[n]!,
    );
    // The artifact writes each source's chunks in order of position; chunks handed in may come in any order.
    for (const list of store.bySource.values()) list.sort((a, b) => chunks[a]!.position - chunks[b]!.position);
    return store;
  }

  get length(): number {
    return this.columns.ids.length;
  }

  idAt(n: number): string | undefined {
    return this.columns.ids[n];
  }

  sourceAt(n: number): string | undefined {
    return this.columns.sources[n];
  }

  pinpointAt(n: number): string | undefined {
    const pinpoint = this.columns.pinpoints[n];
    return pinpoint === '' ? undefined : pinpoint;
  }

  numberOf(id: string): number | undefined {
    return this.numbers.get(id);
  }

  at(n: number): Chunk | undefined {
    if (n < 0 || n >= this.length || !Number.isInteger(n)) return undefined;
    const cached = this.cache.get(n);
    if (cached !== undefined) {
      this.cache.delete(n);
      this.cache.set(n, cached);
      return cached;
    }
    const chunk = this.decode(n);
    if (this.cache.size >= CACHE) this.cache.delete(this.cache.keys().next().value ?? 0);
    this.cache.set(n, chunk);
    return chunk;
  }

  get(id: string): Chunk | undefined {
    const n = this.numbers.get(id);
    return n === undefined ? undefined : this.at(n);
  }

  /** Numbers of a source's chunks, in order of position. */
  ofSource(source: string): readonly number[] {
    return this.bySource.get(source) ?? [];
  }

  /** Every chunk in store order, each decoded (build-time readers: the site, tests). */
  *[Symbol.iterator](): Iterator<Chunk> {
    for (let n = 0; n < this.length; n++) yield this.decode(n);
  }
}
