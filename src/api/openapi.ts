/**
 * The OpenAPI 3.1 document of the API, built from the schemas in ./schemas.ts and the limits in ./types.ts.
 * Pure: the caller passes the version and the real (trimmed) example bodies, so the same function serves
 * /api/occ/openapi.json, the /docs/api page and its markdown twin.
 */
import { API_BASE, LICENSE, LIMITS } from './types.js';
import { SCHEMAS, slug } from './schemas.js';

export type SchemaName = keyof typeof SCHEMAS;

/** One documented call: what to send and what came back when the build sent it. */
export interface Example {
  summary: string;
  /** Query parameters (GET) as written in the URL. */
  query?: Record<string, string>;
  /** JSON body (POST). */
  body?: Record<string, unknown>;
  /** A body sent as is, to show an error, with its content type. */
  raw?: { body: string; contentType: string };
  status: number;
  response: unknown;
}

export interface Operation {
  id: string;
  method: 'get' | 'post';
  path: string;
  summary: string;
  description: string;
  parameters: Parameter[];
  /** Name of the request body schema (POST). */
  requestBody?: SchemaName;
  /** Success schema; undefined for a free-form JSON object (the OpenAPI document itself). */
  response?: SchemaName;
  /** Error statuses the operation can answer with a problem+json body, besides 500. */
  errors: Partial<Record<400 | 413 | 415, string>>;
  /** Served from the prerendered build: never a 500 from request handling. */
  static?: boolean;
}

export interface Parameter {
  name: string;
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
  example?: string;
}

const q = (required: boolean, what: string): Parameter => ({
  name: 'q',
  required,
  description: `${what}; 1 to ${LIMITS.queryMaxChars} characters after trimming, given once.`,
  schema: { type: 'string', minLength: 1, maxLength: LIMITS.queryMaxChars },
});

/** Every endpoint, in the order the docs list them. The route table in src/server/http/routes.ts must match. */
export const OPERATIONS: readonly Operation[] = [
  {
    id: 'search',
    method: 'get',
    path: `${API_BASE}/search`,
    summary: 'Search the corpus',
    description:
      'BM25 full-text search over the chunks of every source (or of one). Any text is accepted: punctuation is ' +
      'never query syntax, except that words in double quotes ("human oversight") must occur in that order. A glossary ' +
      'term, alias or acronym in the query (GPAI, FRIA, DPIA) also searches its other names at a lower weight. Each ' +
      'result carries its source, section path, a snippet with the offsets of the matched words, and the URL of its ' +
      'section on this site.',
    parameters: [
      { ...q(true, 'The words to search for'), example: 'human oversight' },
      {
        name: 'top',
        required: false,
        description: `How many results to return: ${LIMITS.topMin} to ${LIMITS.topMax}, default ${LIMITS.topDefault}.`,
        schema: { type: 'integer', minimum: LIMITS.topMin, maximum: LIMITS.topMax, default: LIMITS.topDefault },
      },
      {
        name: 'source',
        required: false,
        description: 'Only chunks of this source id (see /sources).',
        schema: slug,
      },
    ],
    response: 'SearchResponse',
    errors: { 400: '`q` missing, blank or too long; `top` out of range; an unknown `source`; a parameter given twice.' },
  },
  {
    id: 'rag',
    method: 'post',
    path: `${API_BASE}/rag`,
    summary: 'Assemble cited context for a question',
    description:
      'Retrieves the best chunks for a question, drops near-duplicates, keeps sources diverse, merges adjacent chunks ' +
      'and returns numbered passages with citations plus a `context` string ready to paste into a prompt. ' +
      'The body may be sent as `text/plain` so that browsers skip the CORS preflight.',
    parameters: [],
    requestBody: 'RagRequest',
    response: 'RagResponse',
    errors: {
      400: 'The body is not a JSON object; `query` missing, blank or too long; `top_k` or `max_chars` not an integer in range.',
      413: `The body is larger than ${LIMITS.bodyMaxBytes} bytes.`,
      415: 'The Content-Type is neither application/json nor text/plain.',
    },
  },
  {
    id: 'glossary',
    method: 'get',
    path: `${API_BASE}/glossary`,
    summary: 'Glossary terms',
    description:
      'Every glossary entry, or those matching `q` (case- and accent-insensitive; exact term or alias first, then prefixes, then words of the definition).',
    parameters: [{ ...q(false, 'Filter text; absent or blank for every entry'), example: 'oversight' }],
    response: 'GlossaryResponse',
    errors: { 400: '`q` too long or given twice.' },
  },
  {
    id: 'sources',
    method: 'get',
    path: `${API_BASE}/sources`,
    summary: 'The source registry',
    description: 'Every source with its publisher, license, provenance URL, dates, chunk count and page on this site.',
    parameters: [],
    response: 'SourcesResponse',
    errors: {},
  },
  {
    id: 'wisdom',
    method: 'get',
    path: `${API_BASE}/wisdom`,
    summary: 'Curated insights',
    description: 'Practical insights, each resting on named sources, optionally of one category; `categories` always lists them all.',
    parameters: [
      {
        name: 'category',
        required: false,
        description: 'Only entries of this category (see `categories` in any answer).',
        schema: { type: 'string' },
      },
    ],
    response: 'WisdomResponse',
    errors: { 400: 'An unknown `category`, or the parameter given twice.' },
  },
  {
    id: 'health',
    method: 'get',
    path: `${API_BASE}/health`,
    summary: 'Service status',
    description: 'Version, counts, the content hash and build time of the loaded index, and uptime. Never cached.',
    parameters: [],
    response: 'HealthResponse',
    errors: {},
  },
  {
    id: 'glossaryFile',
    method: 'get',
    path: '/api/glossary.json',
    summary: 'The whole glossary as one static file',
    description: 'The same body as an unfiltered GET /api/occ/glossary, prerendered at build time.',
    parameters: [],
    response: 'GlossaryResponse',
    errors: {},
    static: true,
  },
  {
    id: 'openapi',
    method: 'get',
    path: `${API_BASE}/openapi.json`,
    summary: 'This OpenAPI document',
    description: 'The OpenAPI 3.1 description of the API, prerendered at build time.',
    parameters: [],
    errors: {},
    static: true,
  },
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const corsHeader = { 'Access-Control-Allow-Origin': { $ref: '#/components/headers/AccessControlAllowOrigin' } };
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request: see `detail` and `parameter`.',
  413: 'Content too large.',
  415: 'Unsupported media type.',
  500: 'The server failed; the error is logged.',
};

function problemResponse(description: string, example?: unknown) {
  return {
    description,
    headers: corsHeader,
    content: { 'application/problem+json': { schema: ref('Problem'), ...(example === undefined ? {} : { example }) } },
  };
}

export const CORS_RULES =
  'Every /api response, errors and static JSON included, carries `Access-Control-Allow-Origin: *`, so any web page may ' +
  'call the API. There are no cookies or credentials. A preflight (OPTIONS) is answered with 204, the allowed methods, ' +
  '`Access-Control-Allow-Headers: content-type` and a max-age of one day. POST /rag also accepts its JSON body as ' +
  '`text/plain`, which browsers send without a preflight.';

export const ERROR_RULES =
  'Errors are RFC 9457 problem details, `application/problem+json`: `type`, `title`, `status`, a `detail` saying what ' +
  'is wrong and how to fix it, and `parameter` naming the request parameter or body field at fault when there is one. ' +
  'An unknown /api path answers 404 and a method a path does not allow answers 405 with an `Allow` header, both in the same format.';

export function limitRows(): { name: string; value: string }[] {
  return [
    { name: '`q` / `query` length', value: `1 to ${LIMITS.queryMaxChars} characters (after trimming)` },
    { name: '`top` / `top_k`', value: `${LIMITS.topMin} to ${LIMITS.topMax}, default ${LIMITS.topDefault}` },
    { name: '`max_chars`', value: `${LIMITS.maxCharsMin} to ${LIMITS.maxCharsMax}, or null for no cap` },
    { name: 'POST body size', value: `at most ${LIMITS.bodyMaxBytes} bytes` },
    { name: 'Repeated query parameters', value: 'refused (400): give each parameter once' },
  ];
}

export interface DocumentInput {
  version: string;
  /** Real example exchanges per operation id, made by the build. */
  examples: Readonly<Record<string, readonly Example[]>>;
}

/** The OpenAPI 3.1 document. */
export function openapiDocument({ version, examples }: DocumentInput) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const ok = examples[op.id]?.find((e) => e.status === 200);
    const errorExamples = examples[op.id]?.filter((e) => e.status >= 400) ?? [];
    const responses: Record<string, unknown> = {
      200: {
        description: 'OK',
        headers: corsHeader,
        content: {
          'application/json': {
            schema: op.response ? ref(op.response) : { type: 'object' },
            ...(ok === undefined ? {} : { example: ok.response }),
          },
        },
      },
    };
    for (const [status, why] of Object.entries(op.errors)) {
      responses[status] = problemResponse(`${STATUS_TEXT[Number(status)]} ${why}`, errorExamples.find((e) => e.status === Number(status))?.response);
    }
    if (!op.static) responses['500'] = problemResponse(STATUS_TEXT[500] ?? 'Server error');

    const operation: Record<string, unknown> = {
      operationId: op.id,
      summary: op.summary,
      description: op.description,
      ...(op.parameters.length > 0
        ? { parameters: op.parameters.map(({ example, ...p }) => ({ in: 'query', ...p, ...(example === undefined ? {} : { example }) })) }
        : {}),
      ...(op.requestBody
        ? {
            requestBody: {
              required: true,
              description: `A JSON object of at most ${LIMITS.bodyMaxBytes} bytes, as application/json or as text/plain (the same JSON, sent by browsers without a CORS preflight).`,
              content: {
                'application/json': { schema: ref(op.requestBody), ...(ok?.body ? { example: ok.body } : {}) },
                'text/plain': { schema: ref(op.requestBody) },
              },
            },
          }
        : {}),
      responses,
    };
    paths[op.path] = { [op.method]: operation };
    if (op.method === 'get') {
      paths[op.path]!['head'] = {
        operationId: `${op.id}Head`,
        summary: `${op.summary} (headers only)`,
        description: 'As GET, without the body.',
        ...(op.parameters.length > 0 ? { parameters: op.parameters.map(({ example: _e, ...p }) => ({ in: 'query', ...p })) } : {}),
        responses: { 200: { description: 'OK, no body', headers: corsHeader } },
      };
    }
  }

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'OCC API',
      version,
      summary: 'Search, cited RAG context, glossary, sources and curated insights on AI governance.',
      description:
        'OCC is an open knowledge retrieval service for AI governance. Every body is licensed ' +
        `${LICENSE} and carries an \`attribution\` line to credit.\n\n${ERROR_RULES}\n\n${CORS_RULES}`,
      license: { name: 'Creative Commons Attribution 4.0 (responses and content)', identifier: LICENSE },
    },
    servers: [{ url: '/', description: 'This server' }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(SCHEMAS).map(([name, schema]) => [name, withRefs(schema, schema)])),
      headers: {
        AccessControlAllowOrigin: {
          description: 'Always `*`: any origin may read the API.',
          schema: { const: '*' },
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openapiDocument>;

const NAMES = new Map<unknown, string>(Object.entries(SCHEMAS).map(([name, schema]) => [schema, name]));

/**
 * The schemas in ./schemas.ts nest each other by value (so that their types can be inferred); in the document
 * every nested named schema becomes a `$ref` to its entry in `components.schemas`, keeping it readable.
 */
function withRefs(value: unknown, self: unknown): unknown {
  if (value !== self && NAMES.has(value)) return ref(NAMES.get(value) ?? '');
  if (Array.isArray(value)) return value.map((v) => withRefs(v, self));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withRefs(v, self)]));
  }
  return value;
}
