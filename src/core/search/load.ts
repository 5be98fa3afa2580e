import type { CorpusArtifact } from '../corpus/artifact.js';
import { checkIndexArtifact, type IndexArtifact } from '../index/artifact.js';
import type { SerializedLunrIndex } from './postings.js';
import { SearchEngine } from './search.js';

/**
 * The search engine over a built corpus and its index artifact, as `/search` runs it (glossary expansion on).
 * The server and the benchmark's in-process ceiling both load it here, so both measure the same search.
 * The parsed index is not kept: once the postings are built it is garbage, unless the caller holds it.
 */
export function loadEngine(corpus: CorpusArtifact, indexArtifact: unknown): { engine: SearchEngine; meta: Omit<IndexArtifact, 'index'> } {
  const { index, ...meta } = checkIndexArtifact(indexArtifact, corpus.contentHash);
  return { engine: new SearchEngine(index as SerializedLunrIndex, corpus.chunks, { glossary: corpus.glossary }), meta };
}
