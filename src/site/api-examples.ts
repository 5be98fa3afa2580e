/**
 * Real example exchanges for the docs and the OpenAPI document: at build time each example request is sent
 * to the very endpoint handler the server runs, and the answer is kept, trimmed to stay readable.
 */
import { openapiDocument, OPERATIONS, type Example, type OpenApiDocument, type Operation } from '../api/openapi.js';
import { LIMITS } from '../api/types.js';
import { trim } from './api-reference.js';
import { VERSION } from '../server/config.js';
import { corpus } from '../server/corpus.js';
import { categories } from '../server/engine.js';
import { GET as glossaryFile } from '../pages/api/glossary.json.js';
import { GET as glossary } from '../pages/api/occ/glossary.js';
import { GET as health } from '../pages/api/occ/health.js';
import { POST as rag } from '../pages/api/occ/rag.js';
import { GET as search } from '../pages/api/occ/search.js';
import { GET as sources } from '../pages/api/occ/sources.js';
import { GET as wisdom } from '../pages/api/occ/wisdom.js';

type Handler = (context: { request: Request; url: URL }) => Response | Promise<Response>;

/** The origin the examples are written for: OCC_SITE_URL when set, else where `npm run serve` listens by default. */
export const SITE_ORIGIN = new URL(process.env['OCC_SITE_URL']?.trim() || 'http://127.0.0.1:4321').origin;

interface Call {
  summary: string;
  /** The status the call must answer; the build fails otherwise, rather than document a wrong example. */
  status: number;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** A raw body (to show an error); defaults to the JSON of `body`. */
  raw?: string;
  contentType?: string;
}

function calls(): Record<string, { handler: Handler; calls: Call[] }> {
  const firstSource = corpus.sources[0]?.meta.id ?? 'unknown';
  const firstCategory = categories[0]?.category ?? 'unknown';
  return {
    search: {
      handler: search,
      calls: [
        { summary: 'The best two chunks for "human oversight"', status: 200, query: { q: 'human oversight', top: '2' } },
        { summary: 'Within one source', status: 200, query: { q: 'risk', top: '1', source: firstSource } },
        { summary: 'Missing query', status: 400, query: { top: '2' } },
      ],
    },
    rag: {
      handler: rag,
      calls: [
        { summary: 'Cited context for a question', status: 200, body: { query: 'Who must ensure human oversight of high-risk AI?', top_k: 2, max_chars: 1500 } },
        { summary: '`top_k` out of range', status: 400, body: { query: 'oversight', top_k: LIMITS.topMax + 1 } },
        { summary: 'Body too large', status: 413, raw: JSON.stringify({ query: 'x'.repeat(LIMITS.bodyMaxBytes) }) },
        { summary: 'Wrong content type', status: 415, raw: '<q>oversight</q>', contentType: 'application/xml' },
      ],
    },
    glossary: {
      handler: glossary,
      calls: [
        { summary: 'Terms matching "oversight"', status: 200, query: { q: 'oversight' } },
        { summary: 'Query too long', status: 400, query: { q: 'a'.repeat(LIMITS.queryMaxChars + 1) } },
      ],
    },
    sources: { handler: sources, calls: [{ summary: 'Every source', status: 200 }] },
    wisdom: {
      handler: wisdom,
      calls: [
        { summary: `The "${firstCategory}" insights`, status: 200, query: { category: firstCategory } },
        { summary: 'Unknown category', status: 400, query: { category: 'no-such-category' } },
      ],
    },
    health: { handler: health, calls: [{ summary: 'Status of the running service', status: 200 }] },
    glossaryFile: { handler: () => glossaryFile(), calls: [{ summary: 'The whole glossary', status: 200 }] },
  };
}

export function exampleUrl(op: Pick<Operation, 'path'>, query?: Record<string, string>, origin = SITE_ORIGIN): string {
  const url = new URL(op.path, origin);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  return url.href;
}

async function run(op: Operation, handler: Handler, call: Call): Promise<Example> {
  const url = new URL(exampleUrl(op, call.query));
  const body = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  const request = new Request(url, {
    method: op.method.toUpperCase(),
    headers: { host: url.host, ...(body === undefined ? {} : { 'content-type': call.contentType ?? 'application/json' }) },
    ...(body === undefined ? {} : { body }),
  });
  const response = await handler({ request, url });
  const text = await response.text();
  if (response.status !== call.status) {
    throw new Error(`API example "${call.summary}" (${op.method.toUpperCase()} ${op.path}) answered ${response.status}, expected ${call.status}: ${text.slice(0, 300)}`);
  }
  const example: Example = { summary: call.summary, status: response.status, response: trim(JSON.parse(text)) };
  if (call.query) example.query = call.query;
  if (call.body) example.body = call.body;
  if (call.raw !== undefined) example.raw = { body: call.raw, contentType: call.contentType ?? 'application/json' };
  return example;
}

let built: Promise<{ document: OpenApiDocument; examples: Record<string, Example[]> }> | undefined;

/** The examples and the OpenAPI document holding them, made once per build. */
export function apiReference(): Promise<{ document: OpenApiDocument; examples: Record<string, Example[]> }> {
  built ??= (async () => {
    const examples: Record<string, Example[]> = {};
    for (const [id, { handler, calls: list }] of Object.entries(calls())) {
      const op = OPERATIONS.find((o) => o.id === id);
      if (op === undefined) throw new Error(`No operation "${id}" in OPERATIONS (src/api/openapi.ts).`);
      examples[id] = [];
      for (const call of list) examples[id].push(await run(op, handler, call));
    }
    return { document: openapiDocument({ version: VERSION, examples }), examples };
  })();
  return built;
}

/** A curl command for one example, runnable against `origin`. */
export function curl(op: Operation, example: Pick<Example, 'query' | 'body' | 'raw'>, origin = SITE_ORIGIN): string {
  const url = exampleUrl(op, example.query, origin);
  if (op.method === 'post') {
    const type = example.raw?.contentType ?? 'application/json';
    const body = example.raw?.body ?? JSON.stringify(example.body ?? {});
    const data = body.length > 200 ? `--data-binary @body.json  # ${body.length} bytes` : `-d '${body.replaceAll("'", "'\\''")}'`;
    return `curl -s -X POST '${url}' \\\n  -H 'content-type: ${type}' \\\n  ${data}`;
  }
  return `curl -s '${url}'`;
}
