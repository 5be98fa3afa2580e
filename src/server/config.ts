import { isIP } from 'node:net';
import path from 'node:path';
import pkg from '../../package.json' with { type: 'json' };

/** Semver of the service, from package.json. */
export const VERSION: string = pkg.version;

const DEFAULT_ORIGIN = 'http://127.0.0.1:4321';

/** Where `npm run build` wrote the corpus, index and API examples: OCC_BUILD_DIR, default `build`. */
export function buildDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env['OCC_BUILD_DIR'] ?? 'build');
}
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
  return wholeNumber(env, 'OCC_SHUTDOWN_MS', 10_000, 0, 600_000, 'milliseconds');
}

/** Where the server listens: PORT, default 4321 (0: any free port). */
export function listenPort(env: NodeJS.ProcessEnv = process.env): number {
  return wholeNumber(env, 'PORT', 4321, 0, 65_535, 'a port number');
}

/** Where the server listens: HOST, default 127.0.0.1; an IP address or a host name. */
export function listenHost(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env['HOST']?.trim();
  if (!raw) return '127.0.0.1';
  if (isIP(raw) === 0 && !HOST_NAME.test(raw)) throw new Error(`HOST must be an IP address or a host name, got "${raw}".`);
  return raw;
}

/** OCC_SITE_URL's origin, or undefined when unset; anything but an absolute http(s) URL stops the start. */
function configuredOrigin(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env['OCC_SITE_URL']?.trim();
  if (!raw) return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new Error(`OCC_SITE_URL must be an absolute http or https URL such as https://occ.example.org, got "${raw}".`);
  }
  return url.origin;
}

/** OCC_TRUST_PROXY: 1 trusts X-Forwarded-Proto/Host; unset or 0 does not. */
function trustProxy(env: NodeJS.ProcessEnv): boolean {
  const raw = env['OCC_TRUST_PROXY']?.trim() ?? '';
  if (raw !== '' && raw !== '0' && raw !== '1') throw new Error(`OCC_TRUST_PROXY must be 1 (trust the proxy's X-Forwarded-* headers), 0 or unset, got "${raw}".`);
  return raw === '1';
}

/**
 * Reads every setting once, so that a bad value stops the start with one line naming the variable (all of
 * them, if several are bad) instead of failing later, on a request, or being silently replaced by a default.
 */
export function checkSettings(env: NodeJS.ProcessEnv = process.env, cores = 1): void {
  const checks = [
    () => listenPort(env),
    () => listenHost(env),
    () => workerCount(env, cores),
    () => shutdownDeadlineMs(env),
    () => expensiveConcurrency(env),
    () => staleAfterMonths(env),
    () => configuredOrigin(env),
    () => trustProxy(env),
  ];
  const problems = checks.flatMap((check) => {
    try {
      check();
      return [];
    } catch (error) {
      return [(error as Error).message];
    }
  });
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/** A whole number from `min` to `max` in `name`, or `fallback` when unset. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, what: string): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) throw new Error(`${name} must be ${what}, a whole number from ${min} to ${max}, got "${raw}".`);
  return n;
}

const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;
const HOST_SYNTAX = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const firstValue = (header: string | null | undefined): string | undefined => header?.split(',')[0]?.trim() || undefined;

/**
 * The origin of absolute URLs in answers (chunk urls, citations, RAG context), from configuration only:
 * OCC_SITE_URL; else, with OCC_TRUST_PROXY=1, the proxy's X-Forwarded-Proto and X-Forwarded-Host when
 * well-formed; else the address the server listens on (OCC_LISTEN_ORIGIN, set by the server at start).
 * The Host header is never used: any client can set it, and GET answers are publicly cacheable.
 */
export function publicOrigin(header: (name: string) => string | null | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const configured = configuredOrigin(env);
  if (configured) return configured;
  if (trustProxy(env)) {
    const host = firstValue(header('x-forwarded-host'));
    const proto = firstValue(header('x-forwarded-proto'))?.toLowerCase() ?? 'http';
    if (host && HOST_SYNTAX.test(host) && (proto === 'http' || proto === 'https')) return `${proto}://${host.toLowerCase()}`;
  }
  return env['OCC_LISTEN_ORIGIN']?.trim() || DEFAULT_ORIGIN;
}

/** How many expensive requests (RAG, search with top over 20, glossary with q) one process runs at once: OCC_EXPENSIVE_CONCURRENCY, default 1. */
export function expensiveConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  return wholeNumber(env, 'OCC_EXPENSIVE_CONCURRENCY', 1, 1, 64, 'a count of requests');
}
