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
}

/** Content directories → validated, chunked, indexed → `corpus.bin` and `index.bin` in `outDir` (docs/artifact.md). */
export function buildData(dirs: readonly string[], outDir: string, root = process.cwd()): DataStats {
  const t0 = performance.now();
  const stats = writeBuild(readContentFiles(dirs, root), outDir);
  return { ...stats, millis: performance.now() - t0 };
}
