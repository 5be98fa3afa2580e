/**
 * The API reference the docs pages show: the OpenAPI document and the example exchanges the build ran
 * (scripts/api-examples.ts), with the helpers that write an example as a URL or a curl command.
 */
import { ENDPOINTS } from '../api/endpoints/index.js';
import type { Example } from '../api/example.js';
import { openapiDocument, type OpenApiDocument, type Operation } from '../api/openapi.js';
import { siteOrigin, VERSION } from '../server/config.js';
import { loadedService } from '../server/engine.js';

/** The origin the examples are written for: the configured site origin, read where all configuration is. */
export const SITE_ORIGIN = siteOrigin();

export function exampleUrl(op: Pick<Operation, 'path'>, example: Pick<Example, 'params' | 'query'> = {}, origin = SITE_ORIGIN): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(example.params?.[name] ?? name).replaceAll('%3A', ':'));
  const url = new URL(path, origin);
  for (const [name, value] of Object.entries(example.query ?? {})) url.searchParams.set(name, value);
  return url.href;
}

/** The OpenAPI document and the examples per operation id, as this build made them. */
export function apiReference(): { document: OpenApiDocument; examples: Readonly<Record<string, Example[]>> } {
  const { examples } = loadedService();
  return { document: openapiDocument({ endpoints: ENDPOINTS, version: VERSION, examples }), examples };
}

/** A curl command for one example, runnable against `origin`. */
export function curl(op: Operation, example: Pick<Example, 'params' | 'query' | 'body' | 'raw'>, origin = SITE_ORIGIN): string {
  const url = exampleUrl(op, example, origin);
  if (op.method === 'post') {
    const type = example.raw?.contentType ?? 'application/json';
    const body = example.raw?.body ?? JSON.stringify(example.body ?? {});
    const data = body.length > 200 ? `--data-binary @body.json  # ${body.length} bytes` : `-d '${body.replaceAll("'", "'\\''")}'`;
    return `curl -s -X POST '${url}' \\\n  -H 'content-type: ${type}' \\\n  ${data}`;
  }
  return `curl -s '${url}'`;
}
