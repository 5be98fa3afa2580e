/**
 * `npm run bench`: the figures to compare, measured in one run on one machine.
 * - search engine in-process (the ceiling for /search), then /search, /rag and /health over HTTP with
 *   autocannon, each as a ratio to its ceiling (/health to a bare node:http server answering small JSON);
 * - index size, index load time, process start to first answer, resident memory after load;
 * - the same for a large real corpus (../shared corpora + SciFact abstracts) when ../shared is present.
 * BENCH_SECONDS sets each HTTP run's duration (default 8), BENCH_CONNECTIONS the connections (default 10).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { checkCorpusArtifact } from '../src/core/corpus/artifact.js';
import { loadEngine } from '../src/core/search/load.js';
import { buildData } from '../scripts/build-data.js';
import { scifactContentDir, sharedCorpora } from './corpora.js';
import { GOVERNANCE_QUERIES } from './queries.js';
import { replicasBench } from './replicas.js';
import { startServer, type RunningServer } from '../tests/support/server.js';
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
  const corpus = checkCorpusArtifact(JSON.parse(readFileSync(path.join(buildDir, 'corpus.json'), 'utf8')));
  const { engine } = loadEngine(corpus, JSON.parse(readFileSync(path.join(buildDir, 'index.json'), 'utf8')));
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
}

/** Starts a server, then times the first answer from the spawn and reads its resident memory. */
async function start(env: Record<string, string>, args?: string[]): Promise<Started> {
  const t0 = performance.now();
  const server = await startServer(env, { args });
  for (;;) {
    const ok = await fetch(`${server.url}/api/occ/health`).then((r) => r.status > 0, () => false);
    if (ok) break;
  }
  const firstAnswerMs = performance.now() - t0;
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { server, firstAnswerMs, rssMiB: rssKiB / 1024 };
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
  const indexBytes = statSync(path.join(buildDir, 'index.json')).size;
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
}

async function main(): Promise<void> {
  if (process.argv.includes('--replicas')) return replicasBench(say);
  if (!existsSync(path.join(root, 'dist', 'server.mjs')) || !existsSync(path.join(root, 'build', 'index.json'))) {
    throw new Error('No build found: run `npm run build` first.');
  }
  mkdirSync(tmp, { recursive: true });
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
