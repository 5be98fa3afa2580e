/**
 * `npm run bench -- --replicas`: 3 replicas (OCC_WORKERS=1 each) behind deploy/nginx.conf on loopback, under
 * autocannon load through nginx; counts the requests that fail (non-2xx, errors, timeouts; target 0)
 * 1. while one replica is killed (SIGKILL) mid-run, and
 * 2. during a rolling restart: each replica in turn gets SIGTERM (it drains) and a new one starts on its port.
 * nginx runs in the foreground with its own prefix, config, pid, logs and temp dirs in a temporary directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServer, type RunningServer } from '../tests/support/server.js';
import { GOVERNANCE_QUERIES } from './queries.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const NGINX = process.env['NGINX'] ?? '/usr/sbin/nginx';
const REPLICAS = 3;
/** deploy/nginx.conf's fail_timeout. */
const FAIL_TIMEOUT_MS = 5_000;
const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** deploy/nginx.conf with loopback ports and every path it writes moved into `dir`. */
function renderConfig(dir: string, listen: number, ports: number[]): string {
  let conf = readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8');
  const servers = ports.map((p) => `server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n        ');
  conf = conf.replace(/(server 127\.0\.0\.1:\d+[^;]*;\s*)+/, `${servers}\n\n        `);
  conf = conf.replace(/listen \d+;/, `listen 127.0.0.1:${listen};`);
  conf = conf.replace(/pid [^;]+;/, `pid ${dir}/nginx.pid;`);
  conf = conf.replace(/access_log [^;]+;/, 'access_log off;').replace(/error_log [^;]+;/, `error_log ${dir}/error.log warn;`);
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`).join('\n    ');
  return conf.replace('http {', `http {\n    ${temps}`);
}

async function startNginx(dir: string, listen: number, ports: number[]): Promise<ChildProcess> {
  writeFileSync(path.join(dir, 'nginx.conf'), renderConfig(dir, listen, ports));
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'];
  const check = spawn(NGINX, [...args, '-t'], { stdio: 'pipe' });
  let out = '';
  check.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((r) => check.once('exit', r));
  if (code !== 0) throw new Error(`nginx -t failed:\n${out}`);
  const nginx = spawn(NGINX, args, { stdio: 'inherit' });
  for (let i = 0; i < 100; i++) {
    if (await fetch(`http://127.0.0.1:${listen}/api/occ/health`).then((r) => r.ok, () => false)) return nginx;
    await sleep(100);
  }
  throw new Error(`nginx did not answer on ${listen}; see ${dir}/error.log`);
}

const startReplica = (port: number) => startServer({ OCC_WORKERS: '1', PORT: String(port) }, { timeoutMs: 60_000 });

interface Outcome {
  requests: number;
  failed: number;
  perSecond: number;
  p99: number;
}

async function load(url: string, during: () => Promise<void>, minSeconds: number): Promise<Outcome> {
  let i = 0;
  let settle: (result: autocannon.Result) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve) => (settle = resolve));
  const instance = autocannon({
    url,
    connections,
    duration: 600,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const q = GOVERNANCE_QUERIES[i % GOVERNANCE_QUERIES.length] ?? '';
          // One request in four is POST /rag, which nginx may retry because it is side-effect free.
          return i++ % 4 === 3
            ? { ...req, method: 'POST', path: '/api/occ/rag', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: q, top_k: 5 }) }
            : { ...req, method: 'GET', path: `/api/occ/search?q=${encodeURIComponent(q)}` };
        },
      },
    ],
  }, (error, result) => {
    if (error) throw error;
    settle(result);
  });
  const started = Date.now();
  await during();
  await sleep(Math.max(1000, minSeconds * 1000 - (Date.now() - started)));
  instance.stop();
  const result = await done;
  return {
    requests: result.requests.total,
    failed: result.errors + result.timeouts + result.non2xx,
    perSecond: result.requests.average,
    p99: result.latency.p99,
  };
}

export async function replicasBench(say: (line?: string) => void = console.log): Promise<void> {
  if (!existsSync(NGINX)) {
    say(`(${NGINX} not found: the replica run is skipped; apt-get install nginx)`);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'occ-nginx-'));
  for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, t));
  const ports = await Promise.all(Array.from({ length: REPLICAS }, freePort));
  const listen = await freePort();
  const replicas: RunningServer[] = await Promise.all(ports.map(startReplica));
  let nginx: ChildProcess | undefined;
  try {
    nginx = await startNginx(dir, listen, ports);
    const url = `http://127.0.0.1:${listen}`;
    say(`\n## ${REPLICAS} replicas (OCC_WORKERS=1) behind nginx (deploy/nginx.conf), ${connections} connections, GET /search and POST /rag`);

    const kill = await load(url, async () => {
      await sleep((seconds * 1000) / 3);
      replicas[1]!.process.kill('SIGKILL');
    }, seconds);
    replicas[1] = await startReplica(ports[1]!);

    const roll = await load(url, async () => {
      await sleep(1000);
      for (let r = 0; r < REPLICAS; r++) {
        await replicas[r]!.stop();
        replicas[r] = await startReplica(ports[r]!);
        // nginx marked the replica failed while it was down and sends it nothing for fail_timeout (5 s): restarting
        // the next one sooner could leave nginx with no replica it considers live (502 for everything).
        await sleep(FAIL_TIMEOUT_MS + 1000);
      }
    }, seconds);

    say('| scenario | requests | failed | req/s | p99 |');
    say('| --- | --- | --- | --- | --- |');
    say(`| one replica killed (SIGKILL) mid-run | ${kill.requests} | ${kill.failed} | ${kill.perSecond.toFixed(0)} | ${kill.p99} ms |`);
    say(`| rolling restart (SIGTERM, start, next) | ${roll.requests} | ${roll.failed} | ${roll.perSecond.toFixed(0)} | ${roll.p99} ms |`);
    say(`target: 0 failed requests in both (${kill.failed + roll.failed === 0 ? 'met' : 'NOT met'})`);
  } finally {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((r) => nginx!.once('exit', r));
    }
    await Promise.all(replicas.map((r) => r.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await replicasBench();
