import type { SourceItem } from '../api/types.js';
import { GlossaryFinder } from '../core/glossary.js';
import { checkIndexArtifact, type IndexArtifact } from '../core/index/artifact.js';
import type { SerializedLunrIndex } from '../core/search/postings.js';
import { SearchEngine } from '../core/search/search.js';
import { sourcePage } from '../core/site-urls.js';
import type { SourceMeta } from '../core/types.js';
import { wisdomCategories } from '../core/wisdom.js';
import { corpus, readArtifact } from './corpus.js';

/**
 * The loaded service state, built once at module load. The server imports every API route before it
 * listens, so this runs before the first connection is accepted, never per request.
 */
function loadEngine() {
  // Scoped so the parsed index (a large object graph) is garbage once the postings are built.
  const { index, ...meta } = checkIndexArtifact(readArtifact('index.json'), corpus.contentHash);
  return { engine: new SearchEngine(index as SerializedLunrIndex, corpus.chunks, { glossary: corpus.glossary }), meta };
}

const loaded = loadEngine();
export const engine = loaded.engine;
export const indexMeta: Omit<IndexArtifact, 'index'> = loaded.meta;
export const glossary = new GlossaryFinder(corpus.glossary);
export const sourcesById: ReadonlyMap<string, SourceMeta> = new Map(corpus.sources.map((s) => [s.meta.id, s.meta]));
export const sourceItems: SourceItem[] = corpus.sources.map((s) => ({ ...s.meta, chunks: s.chunks, page: sourcePage(s.meta.id) }));
export const categories = wisdomCategories(corpus.wisdom);
export const startedAt = Date.now();

/**
 * Absolute URL of a site path: OCC_SITE_URL when set (behind a proxy), else the host the client asked for.
 * Astro's request URL does not carry the Host header unless domains are allow-listed, so read it here.
 */
export function absoluteUrl(request: Request, sitePath: string): string {
  const configured = process.env['OCC_SITE_URL'];
  if (configured) return new URL(sitePath, configured).href;
  try {
    return new URL(sitePath, `http://${request.headers.get('host') ?? 'localhost'}`).href;
  } catch {
    return new URL(sitePath, request.url).href;
  }
}
