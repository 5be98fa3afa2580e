import { readContentFiles } from '../src/core/corpus/load-fs.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCorpus, type ContentFile } from '../src/core/corpus/corpus.js';
import { ContentError } from '../src/core/errors.js';
import { factsFile } from '../src/core/facts/build.js';
import { loadFacts } from '../src/core/facts/load.js';
import { checkFactsAgainstLaw } from '../src/core/facts/text-check.js';
import { publicationFiles } from '../src/core/law/ingest-publications.js';
import { provisionsByVersion, provisionsFile, provisionTable } from '../src/core/law/provisions.js';
import { readCache, readManifest } from '../src/core/law/publications.js';
import { LawVersions } from '../src/core/law/versions.js';
import { writeBuild } from '../src/core/pipeline.js';
import { buildConfig } from './build-config.js';

export interface DataStats {
  sources: number;
  chunks: number;
  glossary: number;
  wisdom: number;
  words: number;
  indexBytes: number;
  corpusBytes: number;
  millis: number;
  contentHash: string;
  threads: number;
  /** The official publications built beside the content, and what the cache lacked or refused. */
  law: LawStats;
}

export interface LawStats {
  /** The cache read, or undefined when the build was told to leave the law out. */
  cache: string | undefined;
  sources: string[];
  missing: string[];
  refused: string[];
}

/** Where the law comes from: the cache and manifest of the build config, or none. */
export interface LawInput {
  cache: string | undefined;
  manifest: string;
}

const lawInput = (config: { lawCache: string | undefined; lawManifest: string }): LawInput => ({ cache: config.lawCache, manifest: config.lawManifest });

/**
 * Content directories and the cached publications of the law (`law`, default the build config's: docs/law.md) →
 * validated, chunked, indexed → `corpus.bin` and `index.bin` in `outDir` (docs/artifact.md), with each version's
 * provisions and the checked facts beside them, on `threads` threads (default: the build config's, from
 * `OCC_BUILD_THREADS` or the content's size).
 */
export async function buildData(
  dirs: readonly string[],
  outDir: string,
  root = process.cwd(),
  threads?: number,
  law: LawInput = lawInput(buildConfig(root)),
): Promise<DataStats> {
  const t0 = performance.now();
  // The timeline and obligations files fail the build on their own shape before the long compile starts.
  const facts = loadFacts(dirs, root);
  const { files: laws, stats: lawStats } = await lawFiles(law, root);
  const files = [...readContentFiles(dirs, root), ...laws];
  const used = threads ?? buildConfig(root).threads(files.reduce((sum, f) => sum + f.text.length, 0));
  const stats = await writeBuild(files, outDir, new Date(), undefined, used);
  // The provisions of each version of a law, for answers as of a date and provision histories (src/core/law/).
  // Only the sources that state an instrument are read again: the rest have no versions to compare.
  const versioned = files.filter((f) => f.collection === 'sources' && /^instrument:/m.test(f.text));
  const versions = buildCorpus(versioned).sources;
  const table = provisionTable(versions);
  writeFileSync(path.join(outDir, provisionsFile), JSON.stringify(table));
  // Each date and obligation against the text of its instrument, where the build indexes it (docs/facts.md).
  const inForce = new LawVersions(versions.map((s) => s.meta));
  const problems = checkFactsAgainstLaw(facts, inForce, provisionsByVersion(inForce, table));
  if (problems.length > 0) throw new ContentError(problems);
  writeFileSync(path.join(outDir, factsFile), JSON.stringify(facts));
  return { ...stats, threads: used, millis: performance.now() - t0, law: lawStats };
}

/** The cached publications the manifest lists, ingested; none when the cache is off or empty. */
async function lawFiles(law: LawInput, root: string): Promise<{ files: ContentFile[]; stats: LawStats }> {
  if (law.cache === undefined) return { files: [], stats: { cache: undefined, sources: [], missing: [], refused: [] } };
  const state = readCache(readManifest(law.manifest), law.cache);
  const files = await publicationFiles(state, law.cache, root);
  return {
    files,
    stats: { cache: law.cache, sources: state.held.map((h) => h.publication.id), missing: state.missing.map((p) => p.id), refused: state.refused },
  };
}
