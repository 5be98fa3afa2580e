import { ArtifactError } from '../errors.js';
import type { Chunk, GlossaryEntry, SourceMeta, WisdomEntry } from '../types.js';

/** Bump when the shape of the corpus file changes. */
export const CORPUS_FORMAT_VERSION = 1;

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
  /** The body as HTML, each heading's id being the anchor its chunks' URLs point at. */
  html: string;
  toc: TocEntry[];
}

/** Everything the site and the API serve except the search index, written once by the build. */
export interface CorpusArtifact {
  format: 'occ-corpus';
  formatVersion: number;
  contentHash: string;
  builtAt: string;
  sources: BuiltSource[];
  chunks: Chunk[];
  glossary: GlossaryEntry[];
  wisdom: WisdomEntry[];
}

export function checkCorpusArtifact(value: unknown): CorpusArtifact {
  const a = value as Partial<CorpusArtifact> | null;
  const fail = (why: string) => new ArtifactError(`Cannot load the corpus: ${why}. Rebuild it with \`npm run build\`.`);
  if (a === null || typeof a !== 'object' || a.format !== 'occ-corpus') throw fail('not an OCC corpus file');
  if (a.formatVersion !== CORPUS_FORMAT_VERSION) throw fail(`format version ${a.formatVersion}, this server reads ${CORPUS_FORMAT_VERSION}`);
  if (!Array.isArray(a.sources) || !Array.isArray(a.chunks) || !Array.isArray(a.glossary) || !Array.isArray(a.wisdom)) {
    throw fail('a collection is missing');
  }
  return a as CorpusArtifact;
}
