import { buildThreads } from '../src/core/build-threads.js';
import { readContentFiles } from '../src/core/corpus/load-fs.js';
import { writeBuild } from '../src/core/pipeline.js';

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
 * on `threads` threads (default `OCC_BUILD_THREADS`, else one per core).
 */
export async function buildData(dirs: readonly string[], outDir: string, root = process.cwd(), threads = buildThreads()): Promise<DataStats> {
  const t0 = performance.now();
  const stats = await writeBuild(readContentFiles(dirs, root), outDir, new Date(), undefined, threads);
  return { ...stats, threads, millis: performance.now() - t0 };
}
