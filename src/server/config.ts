import pkg from '../../package.json' with { type: 'json' };

/** Semver of the service, from package.json. */
export const VERSION: string = pkg.version;

const DEFAULT_ORIGIN = 'http://127.0.0.1:4321';
const STALE_MONTHS_DEFAULT = 12;

/**
 * OCC_STALE_MONTHS: how many months after its as_of an entry counts as stale in /health (default 12). A value
 * that is not a whole number from 1 to 120 stops the server at start rather than being silently replaced.
 */
export function staleAfterMonths(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['OCC_STALE_MONTHS']?.trim();
  if (raw === undefined || raw === '') return STALE_MONTHS_DEFAULT;
  const months = Number(raw);
  if (!/^\d+$/.test(raw) || months < 1 || months > 120) {
    throw new Error(`OCC_STALE_MONTHS must be a whole number of months from 1 to 120, got "${raw}".`);
  }
  return months;
}

/**
 * The public origin where there is no request to answer: files written at build time (the Atom feed, the MCP
 * docs) and MCP over stdio. The same rule as publicOrigin, without request headers.
 */
export function siteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return publicOrigin(() => undefined, env);
}

/**
 * Who runs this instance, for the attribution line of every response. Set OCC_OPERATOR and OCC_WEBSITE
 * when you deploy OCC; the static JSON takes the values present at build time.
 */
export function attribution(env: NodeJS.ProcessEnv = process.env): string {
  const operator = env['OCC_OPERATOR']?.trim() || 'OCC contributors';
  const website = env['OCC_WEBSITE']?.trim() || env['OCC_SITE_URL']?.trim() || DEFAULT_ORIGIN;
  return `OCC, by ${operator} (${website}), CC BY 4.0`;
}

/**
 * How many worker processes `npm run serve` runs: OCC_WORKERS, default one per available core. 1 runs the
 * server in the one process, without node:cluster.
 */
export function workerCount(env: NodeJS.ProcessEnv = process.env, cores: number): number {
  const raw = env['OCC_WORKERS']?.trim();
  if (!raw) return cores;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`OCC_WORKERS must be a whole number of at least 1 (got "${raw}"); leave it unset for one per core (${cores}).`);
  return n;
}

/** How many workers currently serve, as the cluster primary last told this process (1 without a cluster). */
export function servingWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env['OCC_WORKERS_SERVING']);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** How long SIGTERM/SIGINT lets in-flight requests run before the remaining connections are closed: OCC_SHUTDOWN_MS, default 10 s. */
export function shutdownDeadlineMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env['OCC_SHUTDOWN_MS']?.trim() || 10_000);
  return Number.isFinite(value) && value >= 0 ? value : 10_000;
}

const HOST_SYNTAX = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const firstValue = (header: string | null | undefined): string | undefined => header?.split(',')[0]?.trim() || undefined;

/**
 * The origin of absolute URLs in answers (chunk urls, citations, RAG context), from configuration only:
 * OCC_SITE_URL; else, with OCC_TRUST_PROXY=1, the proxy's X-Forwarded-Proto and X-Forwarded-Host when
 * well-formed; else the address the server listens on (OCC_LISTEN_ORIGIN, set by the server at start).
 * The Host header is never used: any client can set it, and GET answers are publicly cacheable.
 */
export function publicOrigin(header: (name: string) => string | null | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env['OCC_SITE_URL']?.trim();
  if (configured) return new URL(configured).origin;
  if (env['OCC_TRUST_PROXY']?.trim() === '1') {
    const host = firstValue(header('x-forwarded-host'));
    const proto = firstValue(header('x-forwarded-proto'))?.toLowerCase() ?? 'http';
    if (host && HOST_SYNTAX.test(host) && (proto === 'http' || proto === 'https')) return `${proto}://${host.toLowerCase()}`;
  }
  return env['OCC_LISTEN_ORIGIN']?.trim() || DEFAULT_ORIGIN;
}

/** How many expensive requests (RAG, search with top over 20, glossary with q) one process runs at once: OCC_EXPENSIVE_CONCURRENCY, default 1. */
export function expensiveConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env['OCC_EXPENSIVE_CONCURRENCY']?.trim() || 1);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}
