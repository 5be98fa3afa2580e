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

/** The public origin of this instance for files written at build time (the Atom feed): OCC_SITE_URL or the local default. */
export function siteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return new URL(env['OCC_SITE_URL']?.trim() || DEFAULT_ORIGIN).origin;
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
