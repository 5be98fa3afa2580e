/// <reference types="vite/client" />
/**
 * Real example exchanges for the docs and the OpenAPI document: at build time each declared example call
 * (chosen by the endpoint from the content this build has) is sent through the very code the server runs,
 * and the answer is kept, trimmed to stay readable.
 */
import type { AnyEndpoint, Call } from '../api/endpoint.js';
import { ENDPOINTS } from '../api/endpoints/index.js';
import { openapiDocument, type Example, type OpenApiDocument, type Operation } from '../api/openapi.js';
import { trim } from './api-reference.js';
import { siteOrigin, VERSION } from '../server/config.js';
import { service } from '../server/engine.js';
import { answer } from '../server/http/astro.js';
import { checkPages } from '../server/http/routes.js';

/** The origin the examples are written for: the configured site origin, read where all configuration is. */
export const SITE_ORIGIN = siteOrigin();

export function exampleUrl(op: Pick<Operation, 'path'>, example: Pick<Example, 'params' | 'query'> = {}, origin = SITE_ORIGIN): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(example.params?.[name] ?? name).replaceAll('%3A', ':'));
  const url = new URL(path, origin);
  for (const [name, value] of Object.entries(example.query ?? {})) url.searchParams.set(name, value);
  return url.href;
}

async function run(endpoint: AnyEndpoint, call: Call): Promise<Example> {
  const url = new URL(exampleUrl(endpoint, call));
  const body = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  const request = new Request(url, {
    method: endpoint.method,
    headers: { host: url.host, ...(body === undefined ? {} : { 'content-type': call.contentType ?? 'application/json' }) },
    ...(body === undefined ? {} : { body }),
  });
  const response = await answer(endpoint, request, url);
  const text = response.body?.toString('utf8') ?? '';
  if (response.status !== call.status) {
    throw new Error(`API example "${call.summary}" (${endpoint.method} ${endpoint.path}) answered ${response.status}, expected ${call.status}: ${text.slice(0, 300)}`);
  }
  const example: Example = { summary: call.summary, status: response.status, response: trim(JSON.parse(text)) };
  if (call.params) example.params = call.params;
  if (call.query) example.query = call.query;
  if (call.body) example.body = call.body;
  if (call.raw !== undefined) example.raw = { body: call.raw, contentType: call.contentType ?? 'application/json' };
  return example;
}

let built: Promise<{ document: OpenApiDocument; examples: Record<string, Example[]> }> | undefined;

/** The examples and the OpenAPI document holding them, made once per build. */
export function apiReference(): Promise<{ document: OpenApiDocument; examples: Record<string, Example[]> }> {
  built ??= (async () => {
    checkPages(Object.keys(import.meta.glob('../pages/api/**/*.ts')));
    const examples: Record<string, Example[]> = {};
    for (const endpoint of ENDPOINTS) {
      examples[endpoint.id] = [];
      for (const call of endpoint.examples(service)) examples[endpoint.id]?.push(await run(endpoint, call));
    }
    return { document: openapiDocument({ version: VERSION, examples }), examples };
  })();
  return built;
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
