import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Example } from '../api/example.js';
import type { Service } from '../api/service.js';
import { allChanges, newestFirst } from '../core/changes.js';
import { lawAmendments } from '../core/law/amendments.js';
import type { CorpusArtifact } from '../core/corpus/artifact.js';
import { GlossaryFinder } from '../core/glossary.js';
import { buildFiles } from '../core/build-files.js';
import { factsFile, loadedFacts, NO_FACTS } from '../core/facts/build.js';
import { timelineChanges } from '../core/facts/changes.js';
import type { Facts } from '../core/facts/rules.js';
import { provisionsByVersion, provisionsFile, type ProvisionTable } from '../core/law/provisions.js';
import { LawVersions } from '../core/law/versions.js';
import { instrumentNames } from '../core/verify/instruments.js';
import { instrumentSources } from '../core/law/instrument-sources.js';
import { loadEngine, readIndexFile } from '../core/search/load.js';
import { sourcePage } from '../core/site-urls.js';
import { wisdomCategories } from '../core/wisdom.js';
import { buildDir, publicOrigin, servingWorkers, staleAfterMonths, VERSION } from './config.js';
import { loadedCorpus } from './corpus.js';

/** Where the build keeps the documented example exchanges (scripts/api-examples.ts) beside the corpus. */
export const EXAMPLES_FILE = 'api-examples.json';

/** What the server reads from its configuration for the service; the build passes its own. */
export interface ServiceSettings {
  staleMonths: number;
  examples: Readonly<Record<string, Example[]>>;
  /** The provisions of each version of a law (`build/provisions.json`); none for a corpus without versioned law. */
  provisions: ProvisionTable;
  /** The checked timeline and obligations (`build/facts.json`); none for a build without facts files. */
  facts: Facts;
}

/** A JSON file the build writes beside the corpus, or `fallback` when that build has none. */
export function readBuildJson<T>(dir: string, name: string, fallback: T): T {
  const file = path.join(dir, name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback;
}

/** The server's implementation of the contract's Service over a built corpus and its index. */
export function createService(built: CorpusArtifact, indexBytes: Buffer, settings: ServiceSettings): Service {
  const { engine, meta } = loadEngine(built, indexBytes);
  const law = new LawVersions(built.sources.map((s) => s.meta));
  const provisions = provisionsByVersion(law, settings.provisions);
  const facts = loadedFacts(settings.facts, law, provisions);
  const names = instrumentNames(law, (id) => built.sources.find((s) => s.meta.id === id)?.meta);
  return {
    corpus: built,
    engine,
    indexMeta: meta,
    glossary: new GlossaryFinder(built.glossary),
    sourcesById: new Map(built.sources.map((s) => [s.meta.id, s.meta])),
    sourceItems: built.sources.map((s) => ({ ...s.meta, chunks: s.chunks, page: sourcePage(s.meta.id) })),
    categories: wisdomCategories(built.wisdom),
    law,
    provisions,
    instrumentNames: names,
    instrumentSources: instrumentSources(
      law,
      built.sources.map((s) => s.meta),
      settings.facts.timelines.map((t) => ({ instrument: t.data.instrument, title: t.data.title })),
    ),
    facts,
    applicationDates: facts.applicationDates,
    changes: newestFirst([
      ...allChanges(built),
      ...lawAmendments(law, provisions, new Map(built.sources.map((s) => [s.meta.id, s.meta]))),
      ...timelineChanges(settings.facts),
    ]),
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
  const settings = { staleMonths: staleAfterMonths(), examples: readBuildJson(dir, EXAMPLES_FILE, {}), provisions: readBuildJson(dir, provisionsFile, {}), facts: readBuildJson(dir, factsFile, NO_FACTS) };
  return (loaded = createService(loadedCorpus(), readIndexFile(buildFiles(dir).index), settings));
}

/** Absolute URL of a site path, on the configured public origin (see publicOrigin). */
export function absoluteUrl(request: Request, sitePath: string): string {
  return new URL(sitePath, publicOrigin((name) => request.headers.get(name))).href;
}
