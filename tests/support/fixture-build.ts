import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from './server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds a fixture content directory the way `npm run build` builds `content/` (validation, chunks, index, astro
 * build, server bundles) into `test-output/<name>`, then serves that build on a free port.
 */
export async function buildAndServe(contentDir: string, name: string): Promise<RunningServer> {
  const out = path.join(root, 'test-output', name);
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/build.ts'], {
    cwd: root,
    stdio: 'pipe',
    // The content alone: what a developer's law cache holds is no part of a fixture.
    env: { ...process.env, OCC_CONTENT_DIR: contentDir, OCC_BUILD_DIR: path.join(out, 'build'), OCC_DIST_DIR: path.join(out, 'dist'), OCC_LAW_CACHE: 'off' },
  });
  return startServer({ OCC_BUILD_DIR: path.join(out, 'build') }, { args: [path.join(out, 'dist', 'server.mjs')] });
}
