/**
 * The search engine in-process, in its own process: `tsx bench/inprocess.ts <data dir> <seconds> '<queries json>'`
 * loads the service the way the server does (src/server/engine.ts on OCC_BUILD_DIR, whatever files the build
 * wrote there), then searches the queries in turn for `seconds`, and prints one JSON line: the load time,
 * searches per second, p50 and p99 in ms. With a start time, the searching waits for it.
 */
import { performance } from 'node:perf_hooks';

const [dataDir, secondsArg, queriesJson, startAtArg] = process.argv.slice(2);
if (!dataDir || !secondsArg || !queriesJson) throw new Error("usage: tsx bench/inprocess.ts <data dir> <seconds> '<queries json>' [start at, epoch ms]");
process.env['OCC_BUILD_DIR'] = dataDir;
const queries = JSON.parse(queriesJson) as string[];
const seconds = Number(secondsArg);

const t0 = performance.now();
const service = (await import('../src/server/engine.js')).loadedService();
const loadMs = performance.now() - t0;

for (const q of queries) service.engine.search(q, { top: 5 });
// Several of these run at once to measure how search scales over processes: they start searching together.
if (startAtArg) await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAtArg) - Date.now())));
const times: number[] = [];
const start = performance.now();
for (let i = 0; performance.now() - start < seconds * 1000; i++) {
  const t = performance.now();
  service.engine.search(queries[i % queries.length] ?? '', { top: 5 });
  times.push(performance.now() - t);
}
const elapsed = (performance.now() - start) / 1000;
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
console.log(JSON.stringify({ loadMs, perSecond: times.length / elapsed, p50: at(50), p99: at(99) }));
