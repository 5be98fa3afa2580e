import { INTRO_ANCHOR } from '../chunking/sections.js';
import { sectionUrl } from '../site-urls.js';
import type { Chunk } from '../types.js';
import type { BuiltSource, CorpusArtifact } from './artifact.js';

/** One chunk with its neighbours in the same source, so a reader can step through the text. */
export interface ChunkInContext {
  chunk: Chunk;
  source: BuiltSource;
  /** Id of the chunk just before in the same source, or null for its first chunk. */
  previous: string | null;
  /** Id of the chunk just after in the same source, or null for its last chunk. */
  next: string | null;
}

/** A section of a source's table of contents. */
export interface TocSection {
  heading: string;
  /** Headings from the outermost down to `heading`; empty for the text before the first heading. */
  path: string[];
  /** Markdown heading level, 1-6; 0 for the text before the first heading. */
  depth: number;
  /** Root-relative URL of the section on the docs site; the chunks of the section carry the same URL. */
  url: string;
  /** Ids of the section's chunks in reading order; empty for a heading directly followed by a subheading. */
  chunks: string[];
}

export interface SourceWithToc {
  source: BuiltSource;
  toc: TocSection[];
}

/**
 * Resolves the ids the API hands out (chunk ids, source ids) against the built corpus. Built once from the
 * corpus artifact; every lookup is a map read.
 */
export class CorpusLookup {
  private readonly chunks = new Map<string, ChunkInContext>();
  private readonly sources = new Map<string, SourceWithToc>();

  constructor(corpus: Pick<CorpusArtifact, 'sources' | 'chunks'>) {
    const bySource = new Map<string, Chunk[]>();
    for (const chunk of corpus.chunks) {
      const own = bySource.get(chunk.source) ?? [];
      own.push(chunk);
      bySource.set(chunk.source, own);
    }
    for (const source of corpus.sources) {
      const own = (bySource.get(source.meta.id) ?? []).sort((a, b) => a.position - b.position);
      own.forEach((chunk, i) => {
        this.chunks.set(chunk.id, { chunk, source, previous: own[i - 1]?.id ?? null, next: own[i + 1]?.id ?? null });
      });
      this.sources.set(source.meta.id, { source, toc: tableOfContents(source, own) });
    }
  }

  chunk(id: string): ChunkInContext | undefined {
    return this.chunks.get(id);
  }

  source(id: string): SourceWithToc | undefined {
    return this.sources.get(id);
  }
}

/**
 * Every section in page order, the untitled introduction first when the source has text before its first
 * heading. Paths follow the same rule as chunking: a heading closes every open heading of its level or deeper.
 */
function tableOfContents(source: BuiltSource, chunks: readonly Chunk[]): TocSection[] {
  const id = source.meta.id;
  const idsAt = new Map<string, string[]>();
  const intro: string[] = [];
  for (const chunk of chunks) {
    // A heading titled "Introduction" gets that anchor when the source has no text before its first heading.
    if (chunk.path.length === 0) intro.push(chunk.id);
    else idsAt.set(chunk.url, [...(idsAt.get(chunk.url) ?? []), chunk.id]);
  }

  const sections: TocSection[] = [];
  if (intro.length > 0) sections.push({ heading: source.meta.title, path: [], depth: 0, url: sectionUrl(id, INTRO_ANCHOR), chunks: intro });
  const open: { depth: number; heading: string }[] = [];
  for (const entry of source.toc) {
    while (open.length > 0 && (open.at(-1)?.depth ?? 0) >= entry.depth) open.pop();
    open.push(entry);
    const url = sectionUrl(id, entry.anchor);
    sections.push({ heading: entry.heading, path: open.map((h) => h.heading), depth: entry.depth, url, chunks: idsAt.get(url) ?? [] });
  }
  return sections;
}
