import { readContentFiles } from '../src/core/corpus/load-fs.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCorpus } from '../src/core/corpus/corpus.js';
import { ContentError } from '../src/core/errors.js';
import { factsFile } from '../src/core/facts/build.js';
import { loadFacts } from '../src/core/facts/load.js';
import { checkFactsAgainstLaw } from '../src/core/facts/text-check.js';
import { provisionsByVersion, provisionsFile, provisionTable } from '../src/core/law/provisions.js';
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
}

/**
 * Content directories → validated, chunked, indexed → `corpus.bin` and `index.bin` in `outDir` (docs/artifact.md),
 * on `threads` threads (default: the build config's, from `OCC_BUILD_THREADS` or the content's size).
 */
export async function buildData(dirs: readonly string[], outDir: string, root = process.cwd(), threads?: number): Promise<DataStats> {
  const t0 = performance.now();
  const files = readContentFiles(dirs, root);
  // The timeline and obligations files fail the build on their own shape before the long compile starts.
  const facts = loadFacts(dirs, root);
  const used = threads ?? buildConfig(root).threads(files.reduce((sum, f) => sum + f.text.length, 0));
  const stats = await writeBuild(files, outDir, new Date(), undefined, used);
  // The provisions of each version of a law, for answers as of a date and provision histories (src/core/law/).
  // Only the sources that state an instrument are read again: the rest have no versions to compare.
  const versioned = files.filter((f) => f.collection === 'sources' && /^instrument:/m.test(f.text));
  const law = buildCorpus(versioned).sources;
  const table = provisionTable(law);
  writeFileSync(path.join(outDir, provisionsFile), JSON.stringify(table));
  // Each date and obligation against the text of its instrument, where the build indexes it (docs/facts.md).
  const versions = new LawVersions(law.map((s) => s.meta));
  const problems = checkFactsAgainstLaw(facts, versions, provisionsByVersion(versions, table));
  if (problems.length > 0) throw new ContentError(problems);
  writeFileSync(path.join(outDir, factsFile), JSON.stringify(facts));
  return { ...stats, threads: used, millis: performance.now() - t0 };
}
