/**
 * `npm run bench`: the figures to compare, measured in one run on one machine.
 * - search engine in-process (the ceiling for /search), then /search, /rag and /health over HTTP, each as a
 *   ratio to its ceiling (/health to a bare node:http server answering small JSON);
 * - the time to load the service (artifact read and engine built), process start to first answer, resident memory;
 * - /search with one worker and with one per core (OCC_WORKERS), and start-up with all workers;
 * - the same for a large real corpus (../shared corpora + SciFact abstracts) when ../shared is present
 *   (BENCH_LARGE=0 skips it).
 * The load generator (autocannon) runs in its own process: every HTTP line says how many cores it and the server
 * used and the server's CPU time per request, since on a small machine the generator takes cores from the server.
 * `--scale`: SciFact abstracts repeated with new ids, 100 per source, at about 6.5k, 27k and 100k chunks
 * (BENCH_SCALE, abstracts per run, default 6200,25900,99000): build time and peak memory, the data files' size,
 * start-up, memory, in-process latency, /search with one and all workers; then the AI Act of ../shared/corpora
 * repeated to about 100k chunks (BENCH_LAW_COPIES, default 150; 0 skips it), searched in-process with the legal
 * questions; written to bench-output/scale.md.
 * `--site`: `npm run build` (data, site, server) for a content directory of BENCH_SITE_SOURCES (default 1,040)
 * SciFact sources of 5 abstracts each: time of each step, pages and size of the site.
 * `--replicas`: 3 replicas behind deploy/nginx.conf, failed requests while one dies and during a rolling restart.
 * BENCH_SECONDS sets each HTTP run's duration (default 8), BENCH_CONNECTIONS the connections (default 10).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { lawCopiesContentDir, scifactContentDir, sharedCorpora, sharedDir } from './corpora.js';
import type { LoadPlan, LoadResult } from './load.js';
import { GOVERNANCE_QUERIES, LAW_QUERIES } from './queries.js';
import { replicasBench } from './replicas.js';
import { childPids, startServer, type RunningServer } from '../tests/support/server.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const seconds = Number(process.env['BENCH_SECONDS'] ?? 8);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const tmp = path.join(root, 'bench-output');
const cores = availableParallelism();
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

/** Runs a script of bench/ with tsx in its own process and returns the JSON of its last output line. */
function child<T>(script: string, args: string[], env: Record<string, string> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const proc = spawn(tsx, [path.join(root, 'bench', script), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.once('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as T);
      else reject(new Error(`bench/${script} failed (exit ${code}):\n${err.slice(-2000)}`));
    });
  });
}

const inProcess = (dataDir: string, queries: string[], startAt?: number) =>
  child<Rate & { loadMs: number }>('inprocess.ts', [dataDir, String(seconds), JSON.stringify(queries), ...(startAt ? [String(startAt)] : [])]);

/**
 * The in-process search in one process per core at once, all searching during the same seconds: the most that
 * more workers could give on this machine, before any HTTP (other load on the machine lowers it too).
 */
async function inProcessAll(dataDir: string, queries: string[], one: { loadMs: number; perSecond: number }): Promise<string> {
  const startAt = Date.now() + 2 * one.loadMs + 2000;
  const each = await Promise.all(Array.from({ length: cores }, () => inProcess(dataDir, queries, startAt)));
  const sum = each.reduce((total, r) => total + r.perSecond, 0);
  return `${sum.toFixed(0).padStart(7)} /s in all   ${(sum / one.perSecond).toFixed(2)}× one process: the machine's ceiling for the workers' ratio`;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

const rssKiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

interface Started {
  server: RunningServer;
  firstAnswerMs: number;
  rssMiB: number;
  maxWorkerMiB: number;
  /** The process and its workers. */
  pids: number[];
  health: { chunks?: number; sources?: number };
}

const CLUSTER_READY = /workers listening on (http:\/\/[^\s]+)/;

/**
 * Starts a server with `workers` workers, times the first answer from the spawn and reads the resident memory
 * of the process and its workers (the largest worker too: the per-worker figure).
 */
async function start(env: Record<string, string>, args?: string[], workers = 1): Promise<Started> {
  const t0 = performance.now();
  const server = await startServer({ OCC_WORKERS: String(workers), ...env }, { args, timeoutMs: 300_000, ...(workers > 1 ? { ready: CLUSTER_READY } : {}) });
  let health: Started['health'] = {};
  for (;;) {
    const answered = await fetch(`${server.url}/api/occ/health`).then((r) => r.json().catch(() => ({})), () => undefined);
    if (answered !== undefined) {
      health = answered as Started['health'];
      break;
    }
  }
  const firstAnswerMs = performance.now() - t0;
  const pid = server.process.pid ?? 0;
  const pids = [pid, ...(workers > 1 ? childPids(pid) : [])];
  const each = pids.map(rssKiB);
  return { server, firstAnswerMs, rssMiB: each.reduce((a, b) => a + b, 0) / 1024, maxWorkerMiB: Math.max(...each) / 1024, pids, health };
}

interface Measured extends Rate {
  errors: number;
  /** Cores used on average by the load generator and by the server (all its processes). */
  loadCores: number;
  serverCores: number;
  /** Server CPU time per answered request, µs. */
  serverUsPerRequest: number;
}

/** Load from a separate process, with the CPU the generator and the server (`pids`) used meanwhile. */
async function load(url: string, pids: number[], requests: LoadPlan['requests']): Promise<Measured> {
  const plan: LoadPlan = { url, connections, seconds, requests };
  const before = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const r = await child<LoadResult>('load.ts', [JSON.stringify(plan)]);
  const serverMs = pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - before;
  const answered = r.perSecond * (r.wallMs / 1000);
  return {
    perSecond: r.perSecond,
    p50: r.p50,
    p99: r.p99,
    errors: r.errors,
    loadCores: r.cpuMs / r.wallMs,
    serverCores: serverMs / r.wallMs,
    serverUsPerRequest: answered > 0 ? (serverMs * 1000) / answered : 0,
  };
}

const searchRequests = (queries: string[]) => queries.map((q) => ({ path: `/api/occ/search?q=${encodeURIComponent(q)}` }));
const fmt = (r: Rate) => `${r.perSecond.toFixed(0).padStart(7)} /s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms`;
const cpu = (m: Measured) =>
  `   [server ${m.serverCores.toFixed(2)} cores, ${m.serverUsPerRequest.toFixed(0)} µs CPU/request; load generator ${m.loadCores.toFixed(2)} cores]${m.errors ? `   ${m.errors} errors!` : ''}`;
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 2 : 0);

/** The machine's 1-minute load average: above the core count, other processes take CPU and every figure drops. */
function busy(): string {
  const load = loadavg()[0] ?? 0;
  return `load average ${load.toFixed(1)} on ${cores} cores${load > cores / 2 ? ': other processes share the cores, so rates are lower and noisier than on an idle machine' : ''}`;
}

/** Every file under `dir` with its size: the data build's artifact, whatever its files are called. */
function filesOf(dir: string): { name: string; bytes: number }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const full = path.join(e.parentPath, e.name);
      return { name: path.relative(dir, full), bytes: statSync(full).size };
    });
}
function artifactLine(dir: string): string {
  const files = filesOf(dir).sort((a, b) => b.bytes - a.bytes);
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  return `${mib(total)} MiB (${files.map((f) => `${f.name} ${mib(f.bytes)}`).join(', ')})`;
}

/** /search under load on a server with `workers` workers. */
async function searchWith(dataDir: string, queries: string[], workers: number): Promise<Started & { rate: Measured }> {
  const started = await start({ OCC_BUILD_DIR: dataDir }, undefined, workers);
  const rate = await load(started.server.url, started.pids, searchRequests(queries));
  await started.server.stop();
  return { ...started, rate };
}

/** One worker against all: the ratio, and how many cores the generator left the server. */
function scaling(one: Measured, all: Measured): string {
  return `${(all.perSecond / one.perSecond).toFixed(2)}× one worker (target ≥ 1.7× on 2 cores); CPU/request ${(all.serverUsPerRequest / one.serverUsPerRequest).toFixed(2)}× one worker's, ${(cores - all.loadCores).toFixed(2)} of ${cores} cores left to the server by the load generator`;
}

async function benchCorpus(name: string, dataDir: string, queries: string[], bare: Measured): Promise<void> {
  const engine = await inProcess(dataDir, queries);
  const { server, firstAnswerMs, rssMiB, pids, health } = await start({ OCC_BUILD_DIR: dataDir });
  say(`\n## ${name}: ${health.chunks} chunks, ${health.sources} sources; data files ${artifactLine(dataDir)}; ${busy()}`);
  say(`service load (artifact read, engine built) ${engine.loadMs.toFixed(0)} ms   (in its own process: the part of start-up that is the data)`);
  say(`process start → first answer            ${firstAnswerMs.toFixed(0)} ms   (target ≤ 500 ms on the shipped corpus)`);
  say(`server resident memory after load       ${rssMiB.toFixed(0)} MiB`);
  say(`search engine in-process (ceiling)      ${fmt(engine)}`);
  if (cores > 1) say(`search in-process, ${cores} processes at once  ${await inProcessAll(dataDir, queries, engine)}`);
  const search = await load(server.url, pids, searchRequests(queries));
  say(`GET /search over HTTP                   ${fmt(search)}   ${pct(search.perSecond, engine.perSecond)} of in-process (target ≥ 80% on the large corpus)${cpu(search)}`);
  const rag = await load(server.url, pids, queries.map((q) => ({ method: 'POST', path: '/api/occ/rag', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: q, top_k: 5 }) })));
  say(`POST /rag over HTTP                     ${fmt(rag)}${cpu(rag)}`);
  const health2 = await load(server.url, pids, [{ path: '/api/occ/health' }]);
  say(`GET /health over HTTP                   ${fmt(health2)}   ${pct(health2.perSecond, bare.perSecond)} of bare node:http (target ≥ 8%)${cpu(health2)}`);
  await server.stop();
  if (cores > 1) {
    const all = await searchWith(dataDir, queries, cores);
    say(`start → first answer, ${cores} workers        ${all.firstAnswerMs.toFixed(0)} ms   (all workers listening)`);
    say(`GET /search, ${cores} workers                  ${fmt(all.rate)}${cpu(all.rate)}`);
    say(`  ${scaling(search, all.rate)}`);
  }
}

/** The data build of `content` into `dataDir` in a child process (time, peak memory); a failure is said as `what`'s. */
function buildInChild(dataDir: string, content: string, what: string, lawCache = 'off'): { buildMs: number; stats: { chunks: number; words: number; maxRssKiB: number } } | undefined {
  const t0 = performance.now();
  const env = { ...process.env, OCC_LAW_CACHE: lawCache };
  const build = spawnSync(tsx, [path.join(root, 'bench', 'build-child.ts'), dataDir, content], { encoding: 'utf8', maxBuffer: 1 << 26, env });
  const buildMs = performance.now() - t0;
  const last = build.stdout.trim().split('\n').pop() ?? '';
  if (build.status !== 0 || !last.startsWith('{')) {
    say(`\n## ${what}: the build failed after ${(buildMs / 1000).toFixed(0)} s (exit ${build.status ?? build.signal}):\n${build.stderr.slice(-2000)}`);
    return undefined;
  }
  return { buildMs, stats: JSON.parse(last) as { chunks: number; words: number; maxRssKiB: number } };
}

/**
 * `--scale`: `abstracts` SciFact abstracts, 100 per source. The data build runs in a child process (time, peak
 * memory); then the data files' size, in-process latency, start-up, memory and /search with one and all workers.
 */
async function scaleRun(abstracts: number): Promise<void> {
  const content = path.join(tmp, `scale-${abstracts}-content`);
  const dataDir = path.join(tmp, `scale-${abstracts}`);
  rmSync(content, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  const scifact = scifactContentDir(content, { abstracts });
  if (!scifact) return;
  const built = buildInChild(dataDir, content, `scale: ${abstracts} abstracts`);
  if (!built) return;
  const { buildMs, stats } = built;
  say(`\n## scale: ${abstracts} SciFact abstracts in ${scifact.sources} sources, ${stats.chunks} chunks, ${(stats.words / 1e6).toFixed(1)} M words; ${busy()}`);
  say(`build (data: content → artifact, own process) ${(buildMs / 1000).toFixed(1)} s, peak memory ${(stats.maxRssKiB / 1024 / 1024).toFixed(2)} GiB   (targets at 100k: ≤ 180 s, ≤ 3 GiB)`);
  say(`data files                              ${artifactLine(dataDir)}   (target at 100k: ≤ 300 MiB)`);
  const queries = [...GOVERNANCE_QUERIES, ...scifact.queries.slice(0, 300)];
  const engine = await inProcess(dataDir, queries);
  say(`service load (artifact read, engine built) ${engine.loadMs.toFixed(0)} ms`);
  say(`search in-process                       ${fmt(engine)}   (target p99 ≤ 15 ms)`);
  if (cores > 1) say(`search in-process, ${cores} processes at once  ${await inProcessAll(dataDir, queries, engine)}`);
  const one = await searchWith(dataDir, queries, 1);
  say(`start → first answer, 1 worker          ${one.firstAnswerMs.toFixed(0)} ms   (target ≤ 3 s), memory ${one.rssMiB.toFixed(0)} MiB (target ≤ 1.5 GiB per worker)`);
  say(`GET /search, 1 worker                   ${fmt(one.rate)}${cpu(one.rate)}`);
  if (cores > 1) {
    const all = await searchWith(dataDir, queries, cores);
    say(`start → first answer, ${cores} workers        ${all.firstAnswerMs.toFixed(0)} ms, memory ${all.rssMiB.toFixed(0)} MiB in all, largest worker ${all.maxWorkerMiB.toFixed(0)} MiB`);
    say(`GET /search, ${cores} workers                  ${fmt(all.rate)}${cpu(all.rate)}`);
    say(`  ${scaling(one.rate, all.rate)}`);
  }
  rmSync(content, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * `--scale`, then primary law at scale: the AI Act `copies` times under new ids, searched in-process with the AI
 * Act questions of the legal sets (definitions, citations, dates of application: the rules that look past the
 * query's own ranking), to show they cost no more on a large corpus than an ordinary query.
 */
async function lawScaleRun(copies: number): Promise<void> {
  const content = path.join(tmp, `law-${copies}-content`);
  const dataDir = path.join(tmp, `law-${copies}`);
  rmSync(content, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  const law = lawCopiesContentDir(content, copies, path.join(root, 'tests', 'fixtures', 'queries', 'legal.jsonl'));
  if (!law) return;
  const built = buildInChild(dataDir, content, 'primary law at scale');
  if (!built) return;
  const { buildMs, stats } = built;
  say(`\n## primary law at scale: the AI Act ${copies} times, ${stats.chunks} chunks, ${law.queries.length} AI Act questions; ${busy()}`);
  say(`build (data, own process)               ${(buildMs / 1000).toFixed(1)} s, peak memory ${(stats.maxRssKiB / 1024 / 1024).toFixed(2)} GiB`);
  const engine = await inProcess(dataDir, law.queries);
  say(`search in-process                       ${fmt(engine)}   (target p99 ≤ 15 ms)`);
  rmSync(content, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * `--site`: the whole `npm run build` for a content directory of `sources` sources, each step timed from the
 * build's own narration, then what it wrote: pages, the site's size and the size of the sources index.
 */
async function siteRun(sources: number): Promise<void> {
  const content = path.join(tmp, 'site-content');
  const out = path.join(tmp, 'site-build');
  const dist = path.join(tmp, 'site-dist');
  for (const dir of [content, out, dist]) rmSync(dir, { recursive: true, force: true });
  const scifact = scifactContentDir(content, { abstracts: sources * 5, perSource: 5 });
  if (!scifact) return say('(../shared/ir/scifact not found: the site build is skipped)');
  const steps: { line: string; at: number }[] = [];
  const t0 = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const proc = spawn(tsx, [path.join(root, 'scripts', 'build.ts')], {
      cwd: root,
      env: { ...process.env, OCC_CONTENT_DIR: content, OCC_BUILD_DIR: out, OCC_DIST_DIR: dist, OCC_LAW_CACHE: 'off' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    proc.stdout.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) if (line.startsWith('[build]')) steps.push({ line, at: performance.now() - t0 });
    });
    proc.once('exit', resolve);
  });
  const totalMs = performance.now() - t0;
  say(`\n## site build: ${scifact.sources} sources of 5 SciFact abstracts each`);
  if (code !== 0) return say(`the build failed (exit ${code}) after ${(totalMs / 1000).toFixed(1)} s`);
  const at = (prefix: string) => steps.find((s) => s.line.startsWith(`[build] ${prefix}`))?.at ?? Number.NaN;
  const data = at('site and API routes');
  const site = at('server bundles') - data;
  const pages = filesOf(path.join(dist, 'client')).filter((f) => f.name.endsWith('.html'));
  const siteBytes = filesOf(path.join(dist, 'client')).reduce((sum, f) => sum + f.bytes, 0);
  say(`npm run build                           ${(totalMs / 1000).toFixed(1)} s: data ${(data / 1000).toFixed(1)} s, site (astro build) ${(site / 1000).toFixed(1)} s, server bundles ${((totalMs - data - site) / 1000).toFixed(1)} s`);
  say(`site                                    ${pages.length} HTML pages, ${mib(siteBytes)} MiB`);
  const listing = pages.filter((f) => f.name.startsWith(`sources${path.sep}`) && !/^sources[/\\][^/\\]*scifact/.test(f.name));
  const gzipKiB = (name: string) => (gzipSync(readFileSync(path.join(dist, 'client', name))).length / 1024).toFixed(0);
  say(`source listing pages                    ${listing.map((f) => `${f.name} ${(f.bytes / 1024).toFixed(0)} KiB (${gzipKiB(f.name)} KiB gzip)`).join(', ')}`);
  for (const dir of [content, out, dist]) rmSync(dir, { recursive: true, force: true });
}

/**
 * The default service, `npm start`'s: the shipped content with the publications of law/manifest.json, taken from
 * ../shared/raw into a cache of its own; the data build timed against the content's alone, then served.
 */
async function lawServiceRun(bare: Measured): Promise<void> {
  const raw = path.join(sharedDir, 'raw');
  if (!existsSync(raw)) return say('\n(../shared/raw not found: the default service with the law is skipped)');
  const cache = path.join(tmp, 'law-cache');
  const fill = spawnSync(tsx, [path.join(root, 'scripts', 'law.ts'), '--from', raw, '--cache', cache], { encoding: 'utf8' });
  if (fill.status !== 0) return say(`\n## the default service with the law: npm run law failed:\n${fill.stdout}${fill.stderr}`);
  const alone = buildInChild(path.join(tmp, 'content-alone'), path.join(root, 'content'), 'the content alone');
  const withLaw = buildInChild(path.join(tmp, 'with-law'), path.join(root, 'content'), 'the content with the law', cache);
  if (alone === undefined || withLaw === undefined) return;
  const line = (b: typeof alone) => `${(b.buildMs / 1000).toFixed(1)} s, ${b.stats.chunks} chunks, ${b.stats.words} words, peak ${Math.round(b.stats.maxRssKiB / 1024)} MiB`;
  say(`\ndata build, the content alone               ${line(alone)}; ${artifactLine(path.join(tmp, 'content-alone'))}`);
  say(`data build, the content with the law       ${line(withLaw)}; ${artifactLine(path.join(tmp, 'with-law'))}`);
  await benchCorpus('the default service: content/ with the law (law/manifest.json)', path.join(tmp, 'with-law'), [...GOVERNANCE_QUERIES, ...LAW_QUERIES], bare);
}

async function main(): Promise<void> {
  if (process.argv.includes('--replicas')) return replicasBench(say);
  mkdirSync(tmp, { recursive: true });
  const header = (what: string) => {
    say(`# OCC ${what}, ${new Date().toISOString()}, node ${process.version}, ${cores} cores, ${connections} connections × ${seconds} s per HTTP run`);
    say(busy());
  };
  if (process.argv.includes('--site')) {
    header('site build benchmark');
    await siteRun(Number(process.env['BENCH_SITE_SOURCES'] ?? 1040));
    writeFileSync(path.join(tmp, 'site.md'), `${lines.join('\n')}\n`);
    return;
  }
  if (!existsSync(path.join(root, 'dist', 'server.mjs')) || !existsSync(path.join(root, 'build'))) {
    throw new Error('No build found: run `npm run build` first.');
  }
  if (process.argv.includes('--scale')) {
    header('scale benchmark');
    if (!existsSync(path.join(sharedDir, 'ir', 'scifact', 'corpus.jsonl'))) say('(../shared/ir/scifact not found: the scale run is skipped)');
    for (const abstracts of (process.env['BENCH_SCALE'] ?? '6200,25900,99000').split(',').map(Number)) await scaleRun(abstracts);
    const copies = Number(process.env['BENCH_LAW_COPIES'] ?? 150);
    if (copies > 0 && existsSync(path.join(sharedDir, 'corpora', 'eu-ai-act'))) await lawScaleRun(copies);
    writeFileSync(path.join(tmp, 'scale.md'), `${lines.join('\n')}\n`);
    return;
  }
  header('benchmark');

  const bareScript = `require('http').createServer((q,s)=>{const b='{"status":"ok","version":"0.0.0"}';s.writeHead(200,{'content-type':'application/json','content-length':b.length});s.end(b)}).listen(0,'127.0.0.1',function(){console.log('listening on http://127.0.0.1:'+this.address().port)})`;
  const bareServer = await start({}, ['-e', bareScript]);
  const bare = await load(bareServer.server.url, bareServer.pids, [{ path: '/api/occ/health' }]);
  await bareServer.server.stop();
  say(`bare node:http, fixed small JSON        ${fmt(bare)}${cpu(bare)}`);

  await benchCorpus('shipped corpus (content/)', path.join(root, 'build'), GOVERNANCE_QUERIES, bare);
  await lawServiceRun(bare);

  const corpora = sharedCorpora();
  const scifact = process.env['BENCH_LARGE'] === '0' ? undefined : scifactContentDir(path.join(tmp, 'scifact-content'));
  if (process.env['BENCH_LARGE'] === '0') say('\n(BENCH_LARGE=0: the large-corpus figures are skipped)');
  else if (scifact && corpora.length > 0) {
    const largeDir = path.join(tmp, 'large');
    const t0 = performance.now();
    const build = spawnSync(tsx, [path.join(root, 'bench', 'build-child.ts'), largeDir, path.join(root, 'content'), ...corpora, scifact.dir], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (build.status !== 0) throw new Error(`the large corpus build failed:\n${build.stderr.slice(-2000)}`);
    say(`\nlarge corpus build: ${((performance.now() - t0) / 1000).toFixed(1)} s (data, own process)`);
    const queries = [...GOVERNANCE_QUERIES, ...scifact.queries.slice(0, 140)];
    await benchCorpus('large corpus (content + ../shared/corpora + SciFact abstracts)', largeDir, queries, bare);
    rmSync(path.join(tmp, 'scifact-content'), { recursive: true, force: true });
  } else {
    say('\n(../shared not found: the large-corpus figures are skipped)');
  }
  writeFileSync(path.join(tmp, 'latest.md'), `${lines.join('\n')}\n`);
}

await main();
