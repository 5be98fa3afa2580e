/**
 * The build's own settings, read from the environment in this one place (the server's are in
 * src/server/config.ts): which content to build, where the data and the site go, how many threads compile.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { contentDirs } from '../src/core/corpus/load-fs.js';

export interface BuildConfig {
  /** OCC_CONTENT_DIR (dirs separated by `:`), default `content`. */
  contentDirs: string[];
  /** OCC_BUILD_DIR, default `build`: corpus.bin, index.bin, api-examples.json. */
  buildDir: string;
  /** OCC_DIST_DIR, default `dist`: the site and the server bundles. */
  distDir: string;
  /**
   * OCC_LAW_CACHE, default `law/cache`: the official publications `npm run law` fetched, ingested beside the
   * content; `off` builds the content alone (the test suite's shared build, whose answers are written for it).
   */
  lawCache: string | undefined;
  /** OCC_LAW_MANIFEST, default `law/manifest.json`: which publications the cache may hold. */
  lawManifest: string;
  /** OCC_BUILD_THREADS, or one per core from 4 MiB of content. */
  threads(contentChars: number): number;
}

export function buildConfig(root: string, env: NodeJS.ProcessEnv = process.env): BuildConfig {
  return {
    contentDirs: contentDirs(env['OCC_CONTENT_DIR'], root),
    buildDir: path.resolve(root, env['OCC_BUILD_DIR'] ?? 'build'),
    distDir: path.resolve(root, env['OCC_DIST_DIR'] ?? 'dist'),
    lawCache: env['OCC_LAW_CACHE'] === 'off' ? undefined : path.resolve(root, env['OCC_LAW_CACHE'] || 'law/cache'),
    lawManifest: path.resolve(root, env['OCC_LAW_MANIFEST'] || 'law/manifest.json'),
    threads: (contentChars) => buildThreads(env, contentChars),
  };
}

/** Below this much markdown a worker's start (about 1.5 s to load the parser and analysis) costs more than it saves. */
export const PARALLEL_MIN_CHARS = 4 * 1024 * 1024;

/**
 * How many threads compile sources in the data build: `OCC_BUILD_THREADS` if set, else one per available core
 * for content of PARALLEL_MIN_CHARS or more and 1 below. 1 compiles on the main thread alone, as before the
 * parallel build.
 */
export function buildThreads(env: NodeJS.ProcessEnv, contentChars: number): number {
  const raw = env['OCC_BUILD_THREADS'];
  if (raw === undefined || raw === '') return contentChars >= PARALLEL_MIN_CHARS ? availableParallelism() : 1;
  const threads = Number(raw);
  if (!Number.isInteger(threads) || threads < 1) throw new Error(`OCC_BUILD_THREADS must be a whole number of threads, 1 or more; got "${raw}"`);
  return threads;
}
