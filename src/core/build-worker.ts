/** A data build worker thread (build-threads.ts): compiles the batches of sources it is sent. */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './build-threads.js';
import { ContentError } from './errors.js';
import { configuredBuilder } from './index/build.js';
import { DocumentAnalyzer } from './index/builder.js';
import { CitedTexts, compileAnalyzed } from './pipeline.js';

if (!parentPort) throw new Error('build-worker.ts runs as a worker thread of the data build');
const port = parentPort;
const setup = workerData as WorkerSetup;
// Each worker works out the cited instruments' texts itself, as its sources cite them: anchor lookups are closures.
const cited = new CitedTexts(setup.sources);
const analyzer = new DocumentAnalyzer(configuredBuilder(setup.ranking));

port.on('message', ({ seq, sources }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { seq, compiled: sources.map((source) => compileAnalyzed(source, cited, analyzer)) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    reply = { seq, error: { name: e.name, message: e.message, stack: e.stack, problems: e instanceof ContentError ? e.problems : undefined } };
  }
  port.postMessage(reply);
});
