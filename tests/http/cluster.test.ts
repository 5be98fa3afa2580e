import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse } from '../../src/api/types.js';
import { childPids, startServer, type RunningServer } from '../support/server.js';
import { expectCleanShutdown, sigtermScenario } from '../support/shutdown.js';

const READY = /workers listening on (http:\/\/[^\s]+)/;
let server: RunningServer;

const workerPids = (): number[] => childPids(server.process.pid ?? 0);
const health = async (): Promise<HealthResponse> =>
  (await (await fetch(`${server.url}/api/occ/health`, { signal: AbortSignal.timeout(5_000) })).json()) as HealthResponse;

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await Promise.resolve().then(check).catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A few clients in a loop of GET /search and POST /rag, keeping their connections alive, until stopped. */
function lightLoad(clients = 4) {
  let running = true;
  const failures: string[] = [];
  let done = 0;
  const loops = Array.from({ length: clients }, async (_, c) => {
    for (let i = 0; running; i++) {
      const rag = (i + c) % 3 === 0;
      const response = await fetch(`${server.url}/api/occ/${rag ? 'rag' : `search?q=human+oversight+${i % 7}`}`, rag
        ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'risk management' }) }
        : undefined).then(async (r) => (await r.arrayBuffer(), r.status), (e: Error) => `${e.message} ${String((e.cause as Error | undefined)?.message)}`);
      if (response === 200) done++;
      else failures.push(String(response));
      await new Promise((r) => setTimeout(r, 5));
    }
  });
  return { stop: async () => ((running = false), await Promise.all(loops), { done, failures }) };
}

describe('OCC_WORKERS=2: the cluster', () => {
  beforeAll(async () => {
    server = await startServer({ OCC_WORKERS: '2' }, { ready: READY, timeoutMs: 60_000 });
  }, 70_000);
  afterAll(async () => {
    if (server.process.exitCode === null) await server.stop();
  });

  it('serves with two workers and /health says so', async () => {
    expect(workerPids()).toHaveLength(2);
    expect((await health()).workers).toBe(2);
  });

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim!, 'SIGKILL');
    await until('the victim to be gone', () => !workerPids().includes(victim!));
    // Until the replacement listens, the survivor serves alone (the replacement waits out a crash back-off).
    expect((await fetch(`${server.url}/api/occ/search?q=oversight`)).status).toBe(200);
    expect((await health()).workers).toBeGreaterThanOrEqual(1);
    await until('a replacement', async () => workerPids().length === 2 && (await health()).workers === 2);
    expect(workerPids()).toContain(survivor);
  }, 40_000);

  it('SIGHUP replaces every worker one at a time without a failed request', async () => {
    const before = workerPids();
    const load = lightLoad();
    await new Promise((r) => setTimeout(r, 500));
    server.process.kill('SIGHUP');
    await until('new workers', () => { const now = workerPids(); return now.length === 2 && now.every((p) => !before.includes(p)); }, 50_000);
    await new Promise((r) => setTimeout(r, 500));
    const { done, failures } = await load.stop();
    expect(failures).toEqual([]);
    expect(done).toBeGreaterThan(50);
    expect((await health()).workers).toBe(2);
  }, 60_000);

  it('SIGTERM drains the workers and exits', async () => {
    const pids = workerPids();
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    server.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 30_000);
});

describe('OCC_WORKERS=2: shutdown, as a single process does it', () => {
  it('within OCC_SHUTDOWN_MS, closing a stuck request, sending Connection: close on answers still to come', async () => {
    server = await startServer({ OCC_WORKERS: '2', OCC_SHUTDOWN_MS: '1500' }, { ready: READY, timeoutMs: 60_000 });
    const pids = workerPids();
    expectCleanShutdown(await sigtermScenario(server));
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 90_000);
});
