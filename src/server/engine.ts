import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Example } from '../api/example.js';
import type { Service } from '../api/service.js';
import { allChanges } from '../core/changes.js';
import type { CorpusArtifact } from '../core/corpus/artifact.js';
import { GlossaryFinder } from '../core/glossary.js';
import { buildFiles } from '../core/build-files.js';
import { loadEngine, readIndexFile } from '../core/search/load.js';
import { sourcePage } from '../core/site-urls.js';
import { wisdomCategories } from '../core/wisdom.js';
import { buildDir, publicOrigin, servingWorkers, staleAfterMonths, VERSION } from './config.js';
import { loadedCorpus } from './corpus.js';

/** Where the build keeps the documented example exchanges (src/server/api-examples.ts) beside the corpus. */
export const examplesFile = (dir: string) => path.join(dir, 'api-examples.json');

/** What the server reads from its configuration for the service; the build passes its own. */
export interface ServiceSettings {
  staleMonths: number;
  examples: Readonly<Record<string, Example[]>>;
}

/** The server's implementation of the contract's Service over a built corpus and its index. */
export function createService(built: CorpusArtifact, indexBytes: Buffer, settings: ServiceSettings): Service {
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
    staleMonths: settings.staleMonths,
    version: VERSION,
    workers: () => servingWorkers(),
    examples: settings.examples,
    startedAt: Date.now(),
  };
}

let loaded: Service | undefined;

/**
 * The service over OCC_BUILD_DIR, loaded on first use and kept. The server makes its routes before it listens
 * (src/server/http/astro.ts), so it loads before the first connection, never per request; OCC_STALE_MONTHS is
 * read then, so a bad value stops the start.
 */
export function loadedService(): Service {
  if (loaded) return loaded;
  const dir = buildDir();
  const file = examplesFile(dir);
  const examples = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Example[]>) : {};
  return (loaded = createService(loadedCorpus(), readIndexFile(buildFiles(dir).index), { staleMonths: staleAfterMonths(), examples }));
}

/** Absolute URL of a site path, on the configured public origin (see publicOrigin). */
export function absoluteUrl(request: Request, sitePath: string): string {
  return new URL(sitePath, publicOrigin((name) => request.headers.get(name))).href;
}
