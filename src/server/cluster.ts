/**
 * `npm run serve`'s entry: OCC_WORKERS server processes (one per available core by default) sharing one port
 * through node:cluster, or with OCC_WORKERS=1 the server itself in this one process.
 *
 * The primary only supervises: it replaces a worker that dies (backing off when they keep dying), tells the
 * workers how many serve (for /health), drains them all on SIGTERM/SIGINT, and on SIGHUP replaces them one at a
 * time with processes started from the build now on disk, each new one listening before an old one drains.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { checkSettings, shutdownDeadlineMs, workerCount } from './config.js';
import { followPrimary, WORKERS_MESSAGE } from './cluster-worker.js';
import { DRAIN_MESSAGE } from './shutdown.js';

/** How long the primary waits for a draining worker before killing it: the worker's own deadline, and 5 s more. */
const killAfterMs = () => shutdownDeadlineMs() + 5_000;
/** A worker that lived shorter than this counts as crashing: its replacement waits, doubling up to BACKOFF_MAX_MS. */
const STABLE_MS = 10_000;
const BACKOFF_MIN_MS = 250;
const BACKOFF_MAX_MS = 30_000;

const log = (message: string) => console.log(`[occ cluster] ${message}`);
const mainModule = () => import(new URL('./server/main.mjs', import.meta.url).href);

function primary(count: number): void {
  const serving = new Set<Worker>();
  const retiring = new Set<Worker>();
  const bornAt = new Map<Worker, number>();
  let ready = false;
  let url: string | undefined;
  let failures = 0;
  let stopping = false;
  let rolling: Promise<void> | undefined;
  let rollAgain = false;

  // A worker's channel closes as it dies, before its exit event: sending then would raise an unhandled error.
  const tell = (worker: Worker, message: object) => {
    if (worker.isConnected()) worker.send(message);
  };
  const broadcast = () => {
    for (const worker of serving) tell(worker, { type: WORKERS_MESSAGE, serving: serving.size });
  };

  /** Forks a worker on the build on disk; resolves once it listens, or with undefined if it exits first. */
  const fork = (): Promise<Worker | undefined> => {
    const worker = cluster.fork({ OCC_WORKERS_SERVING: String(serving.size + 1) });
    bornAt.set(worker, Date.now());
    worker.on('exit', (code, signal) => onExit(worker, code, signal));
    worker.on('error', (error) => log(`worker ${worker.process.pid}: ${error.message}`));
    return new Promise((resolve) => {
      worker.once('listening', (address) => {
        url ??= `http://${address.address ?? '127.0.0.1'}:${address.port}`;
        serving.add(worker);
        broadcast();
        resolve(worker);
      });
      worker.once('exit', () => resolve(undefined));
    });
  };

  const retire = (worker: Worker): Promise<void> => {
    serving.delete(worker);
    retiring.add(worker);
    broadcast();
    return new Promise((resolve) => {
      if (worker.isDead()) return resolve();
      const timer = setTimeout(() => worker.process.kill('SIGKILL'), killAfterMs());
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      tell(worker, { type: DRAIN_MESSAGE });
    });
  };

  function onExit(worker: Worker, code: number | null, signal: string | null): void {
    const wasServing = serving.delete(worker);
    const lived = Date.now() - (bornAt.get(worker) ?? Date.now());
    bornAt.delete(worker);
    // Before the first start completes, a worker that exits means a broken build: the start fails instead.
    if (retiring.delete(worker) || stopping || !ready) return;
    if (wasServing) broadcast();
    failures = lived < STABLE_MS ? failures + 1 : 0;
    const delay = failures === 0 ? 0 : Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** (failures - 1));
    log(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); replacing it${delay ? ` in ${delay} ms` : ''}`);
    setTimeout(() => {
      if (!stopping) void fork();
    }, delay).unref();
  }

  /** SIGHUP: one at a time, start a new worker, wait until it listens, then drain one old one. */
  const roll = async (): Promise<void> => {
    const old = [...serving];
    log(`replacing ${old.length} workers one at a time on the build on disk`);
    for (const worker of old) {
      if (stopping) return;
      const fresh = await fork();
      if (fresh === undefined) {
        log('a new worker exited before listening: the rolling restart stops, the remaining workers keep serving');
        return;
      }
      if (serving.has(worker)) await retire(worker);
    }
    log(`rolling restart done: ${serving.size} workers serving`);
  };
  const startRoll = () => {
    if (!ready || stopping) return log('SIGHUP ignored: the workers are still starting or stopping');
    if (rolling) {
      rollAgain = true;
      return;
    }
    rolling = roll().finally(() => {
      rolling = undefined;
      if (rollAgain && !stopping) {
        rollAgain = false;
        startRoll();
      }
    });
  };

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining ${serving.size + retiring.size} workers`);
    const all = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    void Promise.all(all.map(retire)).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', startRoll);

  void (async () => {
    // Workers asking for the same PORT share one listening socket, even PORT=0's one free port.
    const forked = await Promise.all(Array.from({ length: count }, fork));
    if (forked.includes(undefined)) {
      console.error('[occ cluster] a worker exited before listening; see its error above');
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }
    ready = true;
    log(`${serving.size} workers listening on ${url} (ready ${Math.round(performance.now())} ms after the process started)`);
  })();
}

let count = 1;
try {
  // Every setting is checked here, before any worker starts, so a bad one stops the start with one line each.
  checkSettings(process.env, availableParallelism());
  count = workerCount(process.env, availableParallelism());
} catch (error) {
  console.error((error as Error).message.replace(/^/gm, '[occ] '));
  process.exit(1);
}
if (cluster.isPrimary && count > 1) primary(count);
else {
  if (cluster.isWorker) followPrimary();
  await mainModule();
}
