/**
 * `npm run law [-- --from <folder>] [--if-empty] [--manifest <file>] [--cache <dir>]`: fills the law cache
 * (default law/cache, OCC_LAW_CACHE) with the official publications law/manifest.json lists, from their publishers or
 * from a folder holding the same files (`--from ../shared/raw`). A file whose fingerprint is not the manifest's is
 * refused and named. `--if-empty` (what `npm start` runs) does nothing when the cache holds any publication, and
 * never fails: offline it says so in one line and the build serves the content alone. `--fingerprint <file>` prints
 * a file's fingerprint, for a new manifest entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { fillCache } from '../src/core/law/fetch-publications.js';
import { fingerprint, ManifestError, readCache, readManifest } from '../src/core/law/publications.js';
import { buildConfig } from './build-config.js';

const USAGE = 'usage: npm run law -- [--from <folder>] [--if-empty] [--manifest <file>] [--cache <dir>] | --fingerprint <file>';
const root = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        from: { type: 'string' },
        'if-empty': { type: 'boolean' },
        manifest: { type: 'string' },
        cache: { type: 'string' },
        fingerprint: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    console.error(`law: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  // A new manifest entry's fingerprint, from the file its publisher serves.
  if (values.fingerprint !== undefined) {
    if (!existsSync(values.fingerprint)) {
      console.error(`law: ${values.fingerprint}: no such file`);
      return 1;
    }
    console.log(fingerprint(new Uint8Array(readFileSync(values.fingerprint)), values.fingerprint));
    return 0;
  }
  const config = buildConfig(root);
  const cacheDir = values.cache === undefined ? config.lawCache : path.resolve(values.cache);
  if (cacheDir === undefined) {
    console.log('law: OCC_LAW_CACHE=off, nothing to fill');
    return 0;
  }
  const quietly = values['if-empty'] === true;
  let manifest;
  try {
    manifest = readManifest(values.manifest === undefined ? config.lawManifest : path.resolve(values.manifest));
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    console.error(`law: ${error.message}`);
    return quietly ? 0 : 1;
  }
  const rel = path.relative(root, cacheDir) || '.';
  if (quietly && readCache(manifest, cacheDir).held.length > 0) return 0;
  const result = await fillCache({
    manifest,
    cacheDir,
    ...(values.from === undefined ? {} : { from: path.resolve(values.from) }),
    log: (line) => console.log(`law: ${line}`),
  });
  if (result.offline !== undefined) {
    const serving = result.held.length > 0 ? `the ${result.held.length} publications already in ${rel} are served` : 'serving the explainers only';
    console.log(`law: offline (${result.offline}): ${serving}; \`npm run law\` fetches the law later`);
    return quietly ? 0 : 1;
  }
  for (const problem of result.problems) console.error(`law: ${problem}`);
  console.log(`law: ${result.held.length} of ${manifest.publications.length} publications in ${rel}`);
  return result.problems.length > 0 && !quietly ? 1 : 0;
}

process.exitCode = await main();
