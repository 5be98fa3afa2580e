import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readContentFiles } from '../src/core/corpus/load-fs.js';
import { compile } from '../src/core/pipeline.js';

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

/** Content directories → validated, chunked, indexed → `corpus.json` and `index.json` in `outDir`. */
export function buildData(dirs: readonly string[], outDir: string, root = process.cwd()): DataStats {
  const t0 = performance.now();
  const { corpus, index } = compile(readContentFiles(dirs, root));
  mkdirSync(outDir, { recursive: true });
  const corpusJson = JSON.stringify(corpus);
  const indexJson = JSON.stringify(index);
  writeFileSync(path.join(outDir, 'corpus.json'), corpusJson);
  writeFileSync(path.join(outDir, 'index.json'), indexJson);
  return {
    sources: corpus.sources.length,
    chunks: corpus.chunks.length,
    glossary: corpus.glossary.length,
    wisdom: corpus.wisdom.length,
    words: corpus.sources.reduce((sum, s) => sum + s.words, 0),
    indexBytes: Buffer.byteLength(indexJson),
    corpusBytes: Buffer.byteLength(corpusJson),
    millis: performance.now() - t0,
    contentHash: corpus.contentHash,
  };
}
