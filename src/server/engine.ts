import type { SourceItem } from '../api/types.js';
import { GlossaryFinder } from '../core/glossary.js';
import { loadEngine } from '../core/search/load.js';
import { sourcePage } from '../core/site-urls.js';
import type { SourceMeta } from '../core/types.js';
import { wisdomCategories } from '../core/wisdom.js';
import { corpus, readArtifact } from './corpus.js';

/**
 * The loaded service state, built once at module load. The server imports every API route before it
 * listens, so this runs before the first connection is accepted, never per request.
 */
export const { engine, meta: indexMeta } = loadEngine(corpus, readArtifact('index.json'));
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
