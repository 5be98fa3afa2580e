/**
 * `npm run bench`: the figures to compare, measured in one run on one machine.
 * - search engine in-process (the ceiling for /search), then /search, /rag and /health over HTTP with
 *   autocannon, each as a ratio to its ceiling (/health to a bare node:http server answering small JSON);
 * - index size, index load time, process start to first answer, resident memory after load;
 * - /search with one worker and with one per core (OCC_WORKERS), and start-up with all workers;
 * - the same for a large real corpus (../shared corpora + SciFact abstracts) when ../shared is present.
 * `--scale`: SciFact repeated to about 5.4k and 27k chunks (BENCH_SCALE=1,5,19 for about 100k): build time and
 * peak memory, artifact size, start-up, memory, in-process latency, /search with one and all workers.
 * `--replicas`: 3 replicas behind deploy/nginx.conf, failed requests while one dies and during a rolling restart.
 * BENCH_SECONDS sets each HTTP run's duration (default 8), BENCH_CONNECTIONS the connections (default 10).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadBuild } from '../src/core/search/load.js';
import { buildData } from '../scripts/build-data.js';
import { scifactContentDir, sharedCorpora, sharedDir } from './corpora.js';
import { GOVERNANCE_QUERIES } from './queries.js';
import { replicasBench } from './replicas.js';
import { childPids, startServer, type RunningServer } from '../tests/support/server.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env['BENCH_SECONDS'] ?? 8);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const tmp = path.join(root, 'bench-output');
const lines: string[] = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};

interface Rate {
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function inProcess(buildDir: string, queries: string[]): Rate & { loadMs: number; chunks: number } {
  const t0 = performance.now();
  const { corpus, engine } = loadBuild(buildDir);
  const loadMs = performance.now() - t0;
  for (const q of queries) engine.search(q, { top: 5 });
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; performance.now() - start < seconds * 1000; i++) {
    const t = performance.now();
    engine.search(queries[i % queries.length] ?? '', { top: 5 });
    times.push(performance.now() - t);
  }
  const elapsed = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: times.length / elapsed, p50: percentile(times, 50), p99: percentile(times, 99), loadMs, chunks: corpus.chunks.length };
}

interface Started {
  server: RunningServer;
  firstAnswerMs: number;
  rssMiB: number;
  maxWorkerMiB: number;
}

const CLUSTER_READY = /workers listening on (http:\/\/[^\s]+)/;
const cores = availableParallelism();

const rssKiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
/**
 * Starts a server with `workers` workers, then times the first answer from the spawn and reads the resident
 * memory of the process and its workers (the largest worker too: the per-worker figure).
 */
async function start(env: Record<string, string>, args?: string[], workers = 1): Promise<Started> {
  const t0 = performance.now();
  const server = await startServer({ OCC_WORKERS: String(workers), ...env }, { args, timeoutMs: 120_000, ...(workers > 1 ? { ready: CLUSTER_READY } : {}) });
  for (;;) {
    const ok = await fetch(`${server.url}/api/occ/health`).then((r) => r.status > 0, () => false);
    if (ok) break;
  }
  const firstAnswerMs = performance.now() - t0;
  const pid = server.process.pid ?? 0;
  const each = [pid, ...(workers > 1 ? childPids(pid) : [])].map(rssKiB);
  return { server, firstAnswerMs, rssMiB: each.reduce((a, b) => a + b, 0) / 1024, maxWorkerMiB: Math.max(...each) / 1024 };
}

type Req = Pick<autocannon.Request, 'method' | 'path' | 'body' | 'headers'>;

async function load(url: string, make: (i: number) => Req): Promise<Rate & { errors: number }> {
  let i = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, ...make(i++) }) }],
  });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const fmt = (r: Rate) => `${r.perSecond.toFixed(0).padStart(7)} /s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms`;
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;

async function benchCorpus(name: string, buildDir: string, queries: string[], bare: Rate): Promise<void> {
  const indexBytes = statSync(path.join(buildDir, 'index.bin')).size;
  const engine = inProcess(buildDir, queries);
  say(`\n## ${name}: ${engine.chunks} chunks, index ${(indexBytes / 1024 / 1024).toFixed(2)} MiB`);
  say(`index load (read, parse, postings)      ${engine.loadMs.toFixed(0)} ms`);
  const { server, firstAnswerMs, rssMiB } = await start({ OCC_BUILD_DIR: buildDir });
  say(`process start → first answer            ${firstAnswerMs.toFixed(0)} ms`);
  say(`server resident memory after load       ${rssMiB.toFixed(0)} MiB`);
  say(`search engine in-process (ceiling)      ${fmt(engine)}`);
  const search = await load(server.url, (i) => ({ path: `/api/occ/search?q=${encodeURIComponent(queries[i % queries.length] ?? '')}` }));
  say(`GET /search over HTTP                   ${fmt(search)}   ${pct(search.perSecond, engine.perSecond)} of in-process (target ≥ 80% on the large corpus)${search.errors ? `   ${search.errors} errors!` : ''}`);
  const rag = await load(server.url, (i) => ({
    method: 'POST' as const,
    path: '/api/occ/rag',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: queries[i % queries.length], top_k: 5 }),
  }));
  say(`POST /rag over HTTP                     ${fmt(rag)}${rag.errors ? `   ${rag.errors} errors!` : ''}`);
  const health = await load(server.url, () => ({ path: '/api/occ/health' }));
  say(`GET /health over HTTP                   ${fmt(health)}   ${pct(health.perSecond, bare.perSecond)} of bare node:http (target ≥ 8%)${health.errors ? `   ${health.errors} errors!` : ''}`);
  await server.stop();
  if (cores > 1) {
    const all = await searchWith(buildDir, queries, cores);
    say(`start → first answer, ${cores} workers        ${all.firstAnswerMs.toFixed(0)} ms   (all workers listening)`);
    say(`GET /search, ${cores} workers                  ${fmt(all.rate)}   ${(all.rate.perSecond / search.perSecond).toFixed(2)}× one worker (target ≥ 1.7× on 2 cores)${all.rate.errors ? `   ${all.rate.errors} errors!` : ''}`);
  }
}

/** /search under load on a server with `workers` workers. */
async function searchWith(buildDir: string, queries: string[], workers: number): Promise<Started & { rate: Rate & { errors: number } }> {
  const started = await start({ OCC_BUILD_DIR: buildDir }, undefined, workers);
  const rate = await load(started.server.url, (i) => ({ path: `/api/occ/search?q=${encodeURIComponent(queries[i % queries.length] ?? '')}` }));
  await started.server.stop();
  return { ...started, rate };
}

/**
 * `--scale`: SciFact abstracts repeated `copies` times (100 per source) — build in a child process (time, peak
 * memory), artifact size, in-process search latency, start-up, memory and /search with one and all workers.
 */
async function scaleRun(copies: number): Promise<void> {
  const content = path.join(tmp, `scale-${copies}-content`);
  const buildDir = path.join(tmp, `scale-${copies}`);
  rmSync(content, { recursive: true, force: true });
  const scifact = scifactContentDir(content, copies);
  if (!scifact) return;
  const t0 = performance.now();
  const child = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'bench', 'build-child.ts'), buildDir, content], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const buildMs = performance.now() - t0;
  const last = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !last.startsWith('{')) {
    say(`\n## scale ×${copies}: the build failed after ${(buildMs / 1000).toFixed(0)} s (exit ${child.status ?? child.signal}):\n${child.stderr.slice(0, 2000)}`);
    return;
  }
  const stats = JSON.parse(last) as { chunks: number; words: number; maxRssKiB: number };
  const mib = (f: string) => statSync(path.join(buildDir, f)).size / 1024 / 1024;
  say(`\n## scale: SciFact ×${copies}, ${stats.chunks} chunks, ${(stats.words / 1e6).toFixed(1)} M words`);
  say(`build (data: content → index, own process) ${(buildMs / 1000).toFixed(1)} s, peak memory ${(stats.maxRssKiB / 1024 / 1024).toFixed(2)} GiB   (targets at 100k: ≤ 180 s, ≤ 3 GiB)`);
  say(`artifact                                index ${mib('index.bin').toFixed(0)} MiB + corpus ${mib('corpus.bin').toFixed(0)} MiB   (target at 100k: ≤ 300 MiB)`);
  const queries = [...GOVERNANCE_QUERIES, ...scifact.queries.slice(0, 300)];
  const engine = inProcess(buildDir, queries);
  say(`search in-process                       ${fmt(engine)}   (target p99 ≤ 15 ms)`);
  const one = await searchWith(buildDir, queries, 1);
  say(`start → first answer, 1 worker          ${one.firstAnswerMs.toFixed(0)} ms   (target ≤ 3 s), memory ${one.rssMiB.toFixed(0)} MiB (target ≤ 1.5 GiB per worker)`);
  say(`GET /search, 1 worker                   ${fmt(one.rate)}${one.rate.errors ? `   ${one.rate.errors} errors!` : ''}`);
  if (cores > 1) {
    const all = await searchWith(buildDir, queries, cores);
    say(`start → first answer, ${cores} workers        ${all.firstAnswerMs.toFixed(0)} ms, memory ${all.rssMiB.toFixed(0)} MiB in all, largest worker ${all.maxWorkerMiB.toFixed(0)} MiB`);
    say(`GET /search, ${cores} workers                  ${fmt(all.rate)}   ${(all.rate.perSecond / one.rate.perSecond).toFixed(2)}× one worker${all.rate.errors ? `   ${all.rate.errors} errors!` : ''}`);
  }
  rmSync(content, { recursive: true, force: true });
  rmSync(buildDir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  if (process.argv.includes('--replicas')) return replicasBench(say);
  if (!existsSync(path.join(root, 'dist', 'server.mjs')) || !existsSync(path.join(root, 'build', 'index.bin'))) {
    throw new Error('No build found: run `npm run build` first.');
  }
  mkdirSync(tmp, { recursive: true });
  if (process.argv.includes('--scale')) {
    say(`# OCC scale benchmark, ${new Date().toISOString()}, node ${process.version}, ${cores} cores, ${connections} connections × ${seconds} s per HTTP run`);
    if (!existsSync(path.join(sharedDir, 'ir', 'scifact', 'corpus.jsonl'))) say('(../shared/ir/scifact not found: the scale run is skipped)');
    // About 5.4k and 27k chunks; BENCH_SCALE=1,5,19 adds about 100k.
    for (const copies of (process.env['BENCH_SCALE'] ?? '1,5').split(',').map(Number)) await scaleRun(copies);
    writeFileSync(path.join(tmp, 'scale.md'), `${lines.join('\n')}\n`);
    return;
  }
  say(`# OCC benchmark, ${new Date().toISOString()}, node ${process.version}, ${connections} connections × ${seconds} s per HTTP run`);

  const bareScript = `require('http').createServer((q,s)=>{const b='{"status":"ok","version":"0.0.0"}';s.writeHead(200,{'content-type':'application/json','content-length':b.length});s.end(b)}).listen(0,'127.0.0.1',function(){console.log('listening on http://127.0.0.1:'+this.address().port)})`;
  const { server: bareServer } = await start({}, ['-e', bareScript]);
  const bare = await load(bareServer.url, () => ({ path: '/api/occ/health' }));
  await bareServer.stop();
  say(`bare node:http, fixed small JSON        ${fmt(bare)}`);

  await benchCorpus('shipped corpus (content/)', path.join(root, 'build'), GOVERNANCE_QUERIES, bare);

  const corpora = sharedCorpora();
  const eu = corpora.find((dir) => dir.endsWith(`${path.sep}eu-ai-act`));
  if (eu) {
    const s = buildData([eu], path.join(tmp, 'eu-ai-act'), root);
    say(`\n## EU AI Act full text (../shared/corpora/eu-ai-act): build ${s.millis.toFixed(0)} ms, ${s.words} words, ${s.chunks} chunks, index ${(s.indexBytes / 1024 / 1024).toFixed(2)} MiB`);
  }
  const scifact = scifactContentDir(path.join(tmp, 'scifact-content'));
  if (scifact && corpora.length > 0) {
    const largeDir = path.join(tmp, 'large');
    const s = buildData([path.join(root, 'content'), ...corpora, scifact.dir], largeDir, root);
    say(`\nlarge corpus build: ${s.millis.toFixed(0)} ms for ${s.sources} sources, ${s.words} words`);
    const queries = [...GOVERNANCE_QUERIES, ...scifact.queries.slice(0, 140)];
    await benchCorpus('large corpus (content + ../shared/corpora + SciFact abstracts)', largeDir, queries, bare);
    rmSync(path.join(tmp, 'scifact-content'), { recursive: true, force: true });
  } else {
    say('\n(../shared not found: the large-corpus figures are skipped)');
  }
  writeFileSync(path.join(tmp, 'latest.md'), `${lines.join('\n')}\n`);
}

await main();
