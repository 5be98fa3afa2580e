import { readFileSync } from 'node:fs';
import { openCorpus, type CorpusArtifact } from '../corpus/artifact.js';
import { ArtifactError } from '../errors.js';
import { readIndexArtifact, type IndexMeta } from '../index/artifact.js';
import { buildFiles } from '../build-files.js';
import { SearchEngine } from './search.js';

/** Reads the index file whole: its sections become typed arrays over these bytes (docs/artifact.md). */
export function readIndexFile(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (cause) {
    throw new ArtifactError(`Cannot read ${file}; run \`npm run build\` first.`, { cause });
  }
}

/**
 * The search engine over a built corpus and its index artifact, as `/search` runs it (glossary expansion on).
 * The server and the benchmark's in-process ceiling both load it here, so both measure the same search.
 */
export function loadEngine(corpus: CorpusArtifact, indexBytes: Buffer): { engine: SearchEngine; meta: IndexMeta } {
  const { postings, stats } = readIndexArtifact(indexBytes, corpus.contentHash);
  const sources = corpus.sources.map((s) => s.meta);
  return { engine: new SearchEngine({ postings, stats }, corpus.chunks, { glossary: corpus.glossary, sources }), meta: stats };
}

/** A build directory's corpus and engine. */
export function loadBuild(dir: string): { corpus: CorpusArtifact; engine: SearchEngine; meta: IndexMeta } {
  const files = buildFiles(dir);
  const corpus = openCorpus(files.corpus);
  return { corpus, ...loadEngine(corpus, readIndexFile(files.index)) };
}
