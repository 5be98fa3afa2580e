/**
 * `npm run faults`: the built server under faults, with figures to compare before and after a change.
 * - SIGTERM under load with a stuck request in flight: time to exit, requests cut mid-answer;
 * - starvation: an ordinary /search's p50/p99 while 8 clients send /rag top_k=50 (the most expensive valid
 *   request), and how many of those were refused with 503;
 * - a slow client sending its body at one byte a second: time to its 408.
 * FAULTS_SERVER names another built server (e.g. an older build) to measure; FAULTS_SECONDS the load time.
 */
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../tests/support/server.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverFile = path.resolve(process.env['FAULTS_SERVER'] ?? path.join(root, 'dist', 'server.mjs'));
const seconds = Number(process.env['FAULTS_SECONDS'] ?? 5);
const start = (env: Record<string, string> = {}): Promise<RunningServer> => startServer(env, { args: [serverFile] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** A request that sends its headers and one byte of a 100-byte body, then nothing. */
function stuckRequest(url: string, drip = false): { closed: Promise<{ ms: number; answer: string }> } {
  const { port } = new URL(url);
  const started = Date.now();
  let answer = '';
  const socket = net.connect(Number(port), '127.0.0.1', () => {
    socket.write('POST /api/occ/rag HTTP/1.1\r\nHost: faults\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
  });
  const timer = drip ? setInterval(() => socket.writable && socket.write(' '), 1_000) : undefined;
  socket.on('data', (part) => (answer += part.toString()));
  socket.on('error', () => undefined);
  return {
    closed: new Promise((resolve) => socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: Date.now() - started, answer: answer.split('\r\n')[0] ?? '' });
    })),
  };
}

async function sigtermUnderLoad(): Promise<void> {
  const server = await start({ OCC_SHUTDOWN_MS: '3000' });
  let answered = 0;
  let cut = 0;
  let refused = 0;
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      // A request refused or reset before its answer began is expected once the server stops; an answer
      // whose body is cut after its headers were sent is not.
      const response = await fetch(`${server.url}/api/occ/search?q=risk%20management&top=20`).catch(() => undefined);
      if (response === undefined) {
        refused++;
        await sleep(20);
        continue;
      }
      if (await response.json().then(() => true, () => false)) answered++;
      else cut++;
    }
  };
  const clients = Array.from({ length: 4 }, client);
  const stuck = stuckRequest(server.url);
  await sleep(1_000);
  const signalled = Date.now();
  const exited = new Promise<number>((resolve) => server.process.once('exit', () => resolve(Date.now() - signalled)));
  server.process.kill('SIGTERM');
  const exitMs = await Promise.race([exited, sleep(30_000).then(() => NaN)]);
  stopped = true;
  if (Number.isNaN(exitMs)) server.process.kill('SIGKILL');
  await Promise.all(clients);
  const { ms } = await Promise.race([stuck.closed, sleep(1_000).then(() => ({ ms: NaN }))]);
  console.log(`SIGTERM under load (OCC_SHUTDOWN_MS=3000): exit after ${Number.isNaN(exitMs) ? '>30000 (killed)' : exitMs} ms; ${answered} answered, ${cut} cut mid-answer, ${refused} refused or reset before an answer; stuck request closed after ${ms} ms`);
}

async function starvation(): Promise<void> {
  const server = await start();
  let stopped = false;
  const rag = { ok: 0, refused: 0, other: 0 };
  const heavy = async () => {
    while (!stopped) {
      const response = await fetch(`${server.url}/api/occ/rag`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'risk management obligations for providers of high-risk AI systems', top_k: 50 }),
      });
      await response.arrayBuffer();
      if (response.status === 200) rag.ok++;
      else if (response.status === 503) {
        rag.refused++;
        await sleep(Number(response.headers.get('retry-after') ?? 1) * 1_000);
      } else rag.other++;
    }
  };
  const latencies: number[] = [];
  const light = async () => {
    while (!stopped) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/occ/search?q=transparency&top=5`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  };
  const heavyClients = Array.from({ length: 8 }, heavy);
  await sleep(500);
  const lightClient = light();
  await sleep(seconds * 1_000);
  stopped = true;
  await Promise.all([...heavyClients, lightClient]);
  await server.stop();
  console.log(`starvation (8 clients /rag top_k=50, ${seconds} s): /search p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ${latencies.length} searches; /rag ${rag.ok} answered, ${rag.refused} refused 503, ${rag.other} other`);
}

async function slowClient(): Promise<void> {
  const server = await start();
  const { ms, answer } = await Promise.race([stuckRequest(server.url, true).closed, sleep(90_000).then(() => ({ ms: NaN, answer: 'none within 90 s' }))]);
  await server.stop();
  console.log(`slow client (one byte a second): ${answer || 'closed without answer'} after ${ms} ms`);
}

console.log(`faults against ${path.relative(process.cwd(), serverFile) || serverFile}`);
await slowClient();
await starvation();
await sigtermUnderLoad();
process.exit(0);
