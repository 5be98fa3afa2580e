import pkg from '../../package.json' with { type: 'json' };

/** Semver of the service, from package.json. */
export const VERSION: string = pkg.version;

const DEFAULT_ORIGIN = 'http://127.0.0.1:4321';

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

/** How long SIGTERM/SIGINT lets in-flight requests run before the remaining connections are closed: OCC_SHUTDOWN_MS, default 10 s. */
export function shutdownDeadlineMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env['OCC_SHUTDOWN_MS']?.trim() || 10_000);
  return Number.isFinite(value) && value >= 0 ? value : 10_000;
}
