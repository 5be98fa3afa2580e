/**
 * `npm run build`: content → chunks → index → site → server, each step narrated.
 * OCC_CONTENT_DIR picks the content directories (default `content`), OCC_BUILD_DIR the output (default `build`),
 * OCC_LAW_CACHE the official publications built beside them (default `law/cache`, filled by `npm run law`).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { ContentError } from '../src/core/errors.js';
import { IngestError } from '../src/core/ingest/ingest.js';
import { ManifestError } from '../src/core/law/publications.js';
import { writeApiExamples } from './api-examples.js';
import { buildConfig } from './build-config.js';
import { buildData } from './build-data.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// OCC_DIST_DIR moves the site and server bundle, so a second content set can be built beside the first.
const { contentDirs: dirs, buildDir: outDir, distDir } = buildConfig(root);
const step = (what: string) => console.log(`[build] ${what}`);

step(`content from ${dirs.map((d) => path.relative(root, d) || '.').join(', ')}: validating, chunking, indexing`);
try {
  const s = await buildData(dirs, outDir, root);
  const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
  const cache = s.law.cache === undefined ? undefined : path.relative(root, s.law.cache);
  for (const refused of s.law.refused) console.error(`[build] ${refused}`);
  if (cache === undefined) step('the law: left out (OCC_LAW_CACHE=off)');
  else if (s.law.sources.length === 0) step(`the law: none in ${cache} (\`npm run law\` fetches it); the content alone`);
  else step(`the law: ${s.law.sources.length} publications from ${cache}${s.law.missing.length > 0 ? ` (not there: ${s.law.missing.join(', ')})` : ''}`);
  step(
    `${s.sources} sources (${s.words} words), ${s.chunks} chunks, ${s.glossary} glossary terms, ${s.wisdom} wisdom entries; ` +
      `index ${kib(s.indexBytes)}, corpus ${kib(s.corpusBytes)} in ${path.relative(root, outDir) || '.'} (${Math.round(s.millis)} ms, ${s.threads} thread${s.threads === 1 ? '' : 's'})`,
  );
} catch (error) {
  if (!(error instanceof ContentError || error instanceof ManifestError || error instanceof IngestError)) throw error;
  console.error(`[build] ${error.message}`);
  process.exit(1);
}

step('API examples: every declared example call through the server\'s own code');
step(`${await writeApiExamples(outDir, root)} exchanges in ${path.relative(root, outDir) || '.'}/api-examples.json`);

step('site and API routes (astro build)');
execFileSync(path.join(root, 'node_modules', '.bin', 'astro'), ['build', '--silent'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, OCC_BUILD_DIR: outDir, OCC_DIST_DIR: distDir, ASTRO_TELEMETRY_DISABLED: '1' },
});

const rel = (file: string) => path.relative(root, path.join(distDir, file));
step(`server bundles (${rel('server.mjs')}: workers; ${rel('server/main.mjs')}: the server; ${rel('mcp.mjs')}: MCP over stdio)`);
const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' } as const;
await esbuild({
  ...common,
  entryPoints: { server: path.join(root, 'src/server/cluster.ts'), mcp: path.join(root, 'src/mcp/stdio.ts') },
  outdir: distDir,
  outExtension: { '.js': '.mjs' },
  packages: 'external',
});
// The server and Astro's build with their packages in one file beside Astro's entry (whose code finds the site
// relative to its own folder): Node then reads and links one module at start instead of several hundred.
await esbuild({
  ...common,
  entryPoints: { main: path.join(root, 'src/server/main.ts') },
  outdir: path.join(distDir, 'server'),
  outExtension: { '.js': '.mjs' },
  // sharp is Astro's optional image service, a native module OCC does not use; lunr's UMD wrapper needs the
  // `this` of a CommonJS module, which a bundled module does not have.
  external: ['sharp', 'lunr'],
  // Bundled CommonJS packages require Node's own modules; an ES module has no `require` of its own.
  banner: { js: "import { createRequire as occCreateRequire } from 'node:module'; const require = occCreateRequire(import.meta.url);" },
  plugins: [
    {
      name: 'occ-astro-server-entry',
      setup(build) {
        build.onResolve({ filter: /^occ:astro-server-entry$/ }, () => ({ path: path.join(distDir, 'server', 'entry.mjs') }));
      },
    },
  ],
});
step('done: `npm run serve` starts the server');
