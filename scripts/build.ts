/**
 * `npm run build`: content → chunks → index → site → server, each step narrated.
 * OCC_CONTENT_DIR picks the content directories (default `content`), OCC_BUILD_DIR the output (default `build`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { contentDirs, readContentFiles } from '../src/core/corpus/load-fs.js';
import { ContentError } from '../src/core/errors.js';
import { compile } from '../src/core/pipeline.js';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(root, process.env['OCC_BUILD_DIR'] ?? 'build');
const step = (what: string) => console.log(`[build] ${what}`);

function buildData(): void {
  const t0 = performance.now();
  const dirs = contentDirs(process.env['OCC_CONTENT_DIR'], root);
  step(`reading content from ${dirs.map((d) => path.relative(root, d) || '.').join(', ')}`);
  const files = readContentFiles(dirs, root);
  step(`validating, chunking and indexing ${files.length} files`);
  const { corpus, index } = compile(files);
  mkdirSync(outDir, { recursive: true });
  const corpusJson = JSON.stringify(corpus);
  const indexJson = JSON.stringify(index);
  writeFileSync(path.join(outDir, 'corpus.json'), corpusJson);
  writeFileSync(path.join(outDir, 'index.json'), indexJson);
  const kb = (s: string) => `${Math.round(Buffer.byteLength(s) / 1024)} KiB`;
  step(
    `${corpus.sources.length} sources, ${corpus.chunks.length} chunks, ${corpus.glossary.length} glossary terms, ` +
      `${corpus.wisdom.length} wisdom entries; index ${kb(indexJson)}, corpus ${kb(corpusJson)} ` +
      `(${Math.round(performance.now() - t0)} ms, content ${corpus.contentHash})`,
  );
}

try {
  buildData();
} catch (error) {
  if (error instanceof ContentError) {
    console.error(`[build] ${error.message}`);
    process.exit(1);
  }
  throw error;
}

step('building the site and API routes (astro build)');
execFileSync(path.join(root, 'node_modules', '.bin', 'astro'), ['build', '--silent'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, OCC_BUILD_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
});

step('bundling the server (dist/server.mjs)');
await esbuild({
  entryPoints: [path.join(root, 'src/server/main.ts')],
  outfile: path.join(root, 'dist/server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
step('done: `npm run serve` starts the server');
