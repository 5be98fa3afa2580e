import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ContentError, type ContentProblem } from './errors.js';
import type { RankingParams } from './index/build.js';
import type { BuiltSource } from './corpus/artifact.js';
import type { AnalyzedDoc } from './index/builder.js';
import type { Chunk, SourceDoc } from './types.js';

/** What a build worker starts from (docs/artifact.md, "Parallel build"). */
/** One source compiled, with its chunks analyzed for the index: what a build worker thread sends back. */
export interface CompiledSource {
  built: BuiltSource;
  html: string;
  chunks: Chunk[];
  docs: AnalyzedDoc[];
}

export interface WorkerSetup {
  ranking: RankingParams;
  /** Every source's metadata; bodies only of the instruments' texts other sources may cite. */
  sources: SourceDoc[];
}

export type WorkerRequest = { seq: number; sources: SourceDoc[] };
export type WorkerReply =
  | { seq: number; compiled: CompiledSource[] }
  | { seq: number; error: { name: string; message: string; stack: string | undefined; problems: ContentProblem[] | undefined } };

/** A batch is this many characters of markdown or this many sources, whichever comes first. */
const BATCH_CHARS = 256 * 1024;
const BATCH_SOURCES = 32;
/** Batches sent ahead per worker, so a worker never waits on the main thread for work. */
const AHEAD = 2;

/**
 * A worker thread running build-worker beside this module: `.js` once compiled; `.ts` under tsx or Vitest, whose
 * module loaders a worker thread does not inherit, so the worker registers tsx's loader before importing it.
 */
function startWorker(setup: WorkerSetup): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./build-worker.js', import.meta.url), { workerData: setup });
  const entry = new URL('./build-worker.ts', import.meta.url).href;
  // `require.resolve` finds the API's CommonJS build; its ES module build (the `import` condition) sits beside it.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, workerData: setup });
}

function batches(sources: readonly SourceDoc[]): SourceDoc[][] {
  const out: SourceDoc[][] = [];
  let batch: SourceDoc[] = [];
  let chars = 0;
  for (const source of sources) {
    batch.push(source);
    chars += source.body.length;
    if (chars >= BATCH_CHARS || batch.length >= BATCH_SOURCES) {
      out.push(batch);
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

function rebuilt(error: Extract<WorkerReply, { error: unknown }>['error']): Error {
  if (error.name === 'ContentError' && error.problems) return new ContentError(error.problems);
  const copy = new Error(error.message);
  copy.name = error.name;
  if (error.stack) copy.stack = error.stack;
  return copy;
}

/**
 * The sources compiled by `threads` worker threads (build-worker.ts), yielded in the sources' order whatever
 * order the workers finish in. Sources go out in batches, at most AHEAD per worker and at most 2 × AHEAD ×
 * threads batches past the one the caller waits for, so memory stays bounded when the caller (the index builder
 * and corpus writer) is slower than the workers. A source's body is released once it is sent.
 */
export async function* compileInThreads(sources: SourceDoc[], setup: WorkerSetup, threads: number): AsyncGenerator<CompiledSource> {
  const pending = batches(sources);
  if (pending.length === 0) return;
  const window = 2 * AHEAD * threads;
  const workers = Array.from({ length: Math.min(threads, pending.length) }, () => startWorker(setup));
  const outstanding = new Map<Worker, number>(workers.map((w) => [w, 0]));
  const done = new Map<number, CompiledSource[]>();
  let sent = 0;
  let next = 0;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const pump = () => {
    for (const worker of workers) {
      while (sent < pending.length && sent - next < window && outstanding.get(worker)! < AHEAD) {
        const batch = pending[sent]!;
        worker.postMessage({ seq: sent, sources: batch } satisfies WorkerRequest);
        for (const source of batch) source.body = '';
        pending[sent] = [];
        sent++;
        outstanding.set(worker, outstanding.get(worker)! + 1);
      }
    }
  };
  for (const worker of workers) {
    worker.on('message', (reply: WorkerReply) => {
      outstanding.set(worker, outstanding.get(worker)! - 1);
      if ('error' in reply) failure ??= rebuilt(reply.error);
      else done.set(reply.seq, reply.compiled);
      pump();
      notify();
    });
    worker.on('error', (error) => {
      failure ??= error;
      notify();
    });
    worker.on('exit', (code) => {
      if (next < pending.length) failure ??= new Error(`a build worker stopped (exit code ${code}) before the build was done`);
      notify();
    });
  }
  try {
    pump();
    for (; next < pending.length; next++) {
      while (!done.has(next)) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      const compiled = done.get(next)!;
      done.delete(next);
      pump();
      yield* compiled;
    }
  } finally {
    next = pending.length;
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
