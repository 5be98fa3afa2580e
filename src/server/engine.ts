import type { SourceItem } from '../api/types.js';
import { allChanges, type Change } from '../core/changes.js';
import type { CorpusArtifact } from '../core/corpus/artifact.js';
import { GlossaryFinder } from '../core/glossary.js';
import { buildFiles } from '../core/build-files.js';
import { loadEngine, readIndexFile } from '../core/search/load.js';
import { sourcePage } from '../core/site-urls.js';
import type { SourceMeta } from '../core/types.js';
import { wisdomCategories } from '../core/wisdom.js';
import { publicOrigin, staleAfterMonths } from './config.js';
import { buildDir, corpus } from './corpus.js';

/** Everything an endpoint handler reads: the corpus, the loaded index and the lookups built from them. */
export interface Service {
  corpus: CorpusArtifact;
  engine: ReturnType<typeof loadEngine>['engine'];
  indexMeta: ReturnType<typeof loadEngine>['meta'];
  glossary: GlossaryFinder;
  sourcesById: ReadonlyMap<string, SourceMeta>;
  sourceItems: SourceItem[];
  categories: ReturnType<typeof wisdomCategories>;
  /** Every changelog line of the corpus, newest first, for /changes. */
  changes: readonly Change[];
  /** OCC_STALE_MONTHS, read once when the service loads so a bad value stops the start. */
  staleMonths: number;
  startedAt: number;
}

export function createService(built: CorpusArtifact, indexBytes: Buffer): Service {
  const { engine, meta } = loadEngine(built, indexBytes);
  return {
    corpus: built,
    engine,
    indexMeta: meta,
    glossary: new GlossaryFinder(built.glossary),
    sourcesById: new Map(built.sources.map((s) => [s.meta.id, s.meta])),
    sourceItems: built.sources.map((s) => ({ ...s.meta, chunks: s.chunks, page: sourcePage(s.meta.id) })),
    categories: wisdomCategories(built.wisdom),
    changes: allChanges(built),
    staleMonths: staleAfterMonths(),
    startedAt: Date.now(),
  };
}

/**
 * The loaded service state, built once at module load. Only the Astro routes and the build import this
 * module (the endpoint declarations receive the state as an argument), and the server imports every route
 * before it listens, so this runs before the first connection is accepted, never per request.
 */
export const service: Service = createService(corpus, readIndexFile(buildFiles(buildDir()).index));

/** Absolute URL of a site path, on the configured public origin (see publicOrigin). */
export function absoluteUrl(request: Request, sitePath: string): string {
  return new URL(sitePath, publicOrigin((name) => request.headers.get(name))).href;
}
