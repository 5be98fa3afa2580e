/**
 * The load generator in its own process, so that the bench can tell its CPU from the server's (on a small
 * machine they share the cores): `tsx bench/load.ts '<json plan>'` runs autocannon and prints one JSON line with
 * the rate, latency, errors and the CPU time this process used while it ran.
 */
import autocannon from 'autocannon';

export interface LoadPlan {
  url: string;
  connections: number;
  seconds: number;
  /** Requests are sent in turn, cycling through the list. */
  requests: { method?: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> }[];
}

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time (user + system) of the load generator during the run, ms. */
  cpuMs: number;
  wallMs: number;
}

const plan = JSON.parse(process.argv[2] ?? '') as LoadPlan;
let i = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const result = await autocannon({
  url: plan.url,
  connections: plan.connections,
  duration: plan.seconds,
  requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, ...plan.requests[i++ % plan.requests.length] }) }],
});
const cpu = process.cpuUsage(cpu0);
const out: LoadResult = {
  perSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts + result.non2xx,
  cpuMs: (cpu.user + cpu.system) / 1000,
  wallMs: performance.now() - t0,
};
console.log(JSON.stringify(out));
