import pkg from '../../package.json' with { type: 'json' };

/** Semver of the service, from package.json. */
export const VERSION: string = pkg.version;

/**
 * Who runs this instance, for the attribution line of every response. Set OCC_OPERATOR and OCC_WEBSITE
 * when you deploy OCC; the static JSON takes the values present at build time.
 */
export function attribution(env: NodeJS.ProcessEnv = process.env): string {
  const operator = env['OCC_OPERATOR']?.trim() || 'OCC contributors';
  const website = env['OCC_WEBSITE']?.trim() || env['OCC_SITE_URL']?.trim() || 'http://127.0.0.1:4321';
  return `OCC, by ${operator} (${website}), CC BY 4.0`;
}
