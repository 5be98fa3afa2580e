/**
 * The MCP endpoint, driven by the official SDK client over Streamable HTTP against the built server: the
 * handshake, the published tools and schemas, every tool with good and bad arguments, statelessness, and the
 * HTTP rules the endpoint shares with the rest of the API (CORS, problem+json).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIMITS } from '../../src/api/types.js';
import { TOOL_ENDPOINTS } from '../../src/api/endpoints/index.js';
import { bodyLimit } from '../../src/api/endpoint.js';
import { search } from '../../src/api/endpoints/search.js';
import { SCHEMAS } from '../../src/api/schemas.js';
import { SchemaCheck, structured, textOf, TOOL_NAMES } from '../support/mcp.js';
import { startServer, type RunningServer } from '../support/server.js';

const base = inject('baseUrl');
const endpoint = new URL('/api/occ/mcp', base);
const check = new SchemaCheck();
const tooLong = 'a'.repeat(LIMITS.queryMaxChars + 1);

let client: Client;
let tools: Map<string, Tool>;

const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const answer = async (name: string, args: Record<string, unknown>) => structured(check, tools.get(name)!, await call(name, args));

beforeAll(async () => {
  client = new Client({ name: 'occ-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(endpoint));
  tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
});
afterAll(() => client.close());

describe('the MCP handshake and tool list', () => {
  it('initializes as OCC with the tools capability and instructions for the model', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'occ', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toMatch(/get_context/);
  });

  it('lists every tool, read-only, with a description a model can choose by', () => {
    expect([...tools.keys()]).toEqual(TOOL_NAMES);
    for (const tool of tools.values()) {
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
      expect(tool.title, tool.name).toBeTruthy();
      // What it returns and when to use it: a sentence or three, not a label.
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(200);
    }
  });

  it('publishes input and output schemas that are valid JSON Schema 2020-12 objects', () => {
    for (const tool of tools.values()) {
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        expect(schema?.type, tool.name).toBe('object');
        expect(check.schemaErrors(schema!), tool.name).toEqual([]);
        expect(() => check.errors(schema!, {}), tool.name).not.toThrow();
      }
    }
  });

  it('states the REST limits in the input schemas', () => {
    const search = tools.get('search')!.inputSchema.properties as Record<string, any>;
    expect(search['q']).toMatchObject({ minLength: 1, maxLength: LIMITS.queryMaxChars });
    expect(search['top']).toMatchObject({ minimum: LIMITS.topMin, maximum: LIMITS.topMax, default: LIMITS.topDefault });
    expect(tools.get('search')!.inputSchema.required).toEqual(['q']);
    const context = tools.get('get_context')!.inputSchema.properties as Record<string, any>;
    expect(context['max_chars']).toMatchObject({ type: ['integer', 'null'], minimum: LIMITS.maxCharsMin, maximum: LIMITS.maxCharsMax });
  });

  it('publishes the schemas of the endpoint declarations the OpenAPI document is made from', async () => {
    const doc = (await (await fetch(`${base}/api/occ/openapi.json`)).json()) as Record<string, any>;
    const parameters = (path: string) => doc['paths'][path]['get']['parameters'] as { name: string; schema: object }[];
    const rest: [string, Record<string, any>][] = [
      ['search', Object.fromEntries(parameters('/api/occ/search').map((p) => [p.name, p.schema]))],
      ['get_context', doc['components']['schemas']['RagRequest']['properties']],
      ['get_chunk', Object.fromEntries(parameters('/api/occ/chunks/{id}').map((p) => [p.name, p.schema]))],
    ];
    for (const [name, properties] of rest) {
      const published = tools.get(name)!.inputSchema.properties as Record<string, any>;
      expect(Object.keys(published), name).toEqual(Object.keys(properties));
      for (const [field, schema] of Object.entries(properties)) {
        const { description: _d, examples: _e, ...constraints } = schema as Record<string, unknown>;
        expect(published[field], `${name}.${field}`).toMatchObject(constraints);
      }
    }
    // Each tool's answer is its endpoint's response, as the document names it.
    const responses = TOOL_ENDPOINTS.map((e): [string, string] => [e.tool?.name ?? '', SCHEMAS.get(e.response)?.id ?? '']);
    expect(responses.length).toBeGreaterThanOrEqual(7);
    for (const [name, schema] of responses) {
      const component = doc['components']['schemas'][schema];
      expect(Object.keys(tools.get(name)!.outputSchema!.properties ?? {}), name).toEqual(Object.keys(component['properties']));
      expect(tools.get(name)!.outputSchema!.required, name).toEqual(component['required']);
    }
  });

  it('has a schema check that can fail', () => {
    const output = tools.get('list_sources')!.outputSchema!;
    expect(check.errors(output, { total: 0, sources: [], license: 'CC-BY-4.0', attribution: 'a' })).toEqual([]);
    expect(check.errors(output, { total: 0, sources: [], license: 'CC-BY-4.0', attribution: 'a', extra: 1 })).not.toEqual([]);
  });
});

describe('every tool with good arguments', () => {
  it('search: the best chunks with absolute URLs, within top and the source filter', async () => {
    const result = await call('search', { q: 'human oversight', top: 3 });
    const body = structured(check, tools.get('search')!, result);
    expect(body).toMatchObject({ query: 'human oversight', queries: [], top: 3, source: null, phrase_notice: null, license: 'CC-BY-4.0' });
    expect(body['results']).toHaveLength(3);
    expect(body['total']).toBeGreaterThanOrEqual(3);
    expect(body['results'][0]['url']).toMatch(new RegExp(`^${base}/sources/`));
    // The text rendering carries what a model needs to cite and to follow up: ids, URLs, titles, a snippet; not the full texts.
    const text = textOf(result);
    for (const r of body['results']) {
      expect(text).toContain(r['id']);
      expect(text).toContain(r['url']);
      expect(text).toContain(r['title']);
    }
    expect(text.length).toBeLessThan(body['results'].reduce((n: number, r: { text: string }) => n + r.text.length, 0));
    expect(text).toContain(body['attribution']);

    const source = body['results'][0]['source'];
    const within = await answer('search', { q: 'risk', source, top: LIMITS.topMax });
    expect(within['results'].length).toBeGreaterThan(0);
    expect(within['results'].every((r: { source: string }) => r.source === source)).toBe(true);
    const sources = [...new Set(body['results'].map((r: { source: string }) => r.source))];
    const among = await answer('search', { q: 'risk', source: sources, queries: ['risk management'], top: LIMITS.topMax });
    expect(among).toMatchObject({ source: sources, queries: ['risk management'] });
    expect(among['results'].every((r: { source: string }) => sources.includes(r.source))).toBe(true);
    expect((await answer('search', { q: 'zzqqxxj' }))['results']).toEqual([]);
  });

  it('search with explain: why each result scored what it did, in the structured answer and a line of the text', async () => {
    const args = { q: 'How long must deployers keep the logs?', top: 3 };
    const plain = await answer('search', args);
    const explained = await answer('search', { ...args, explain: true });
    expect(explained['results'].map(({ explain: _, ...r }: Record<string, unknown>) => r)).toEqual(plain['results']);
    for (const r of explained['results']) expect(r.explain.score).toBeCloseTo(r.score, 3);
    expect(plain['results'].every((r: Record<string, unknown>) => !('explain' in r))).toBe(true);
    const text = textOf(await call('search', { ...args, explain: true }));
    expect(text.match(/^why: BM25 /gm)?.length).toBe(explained['results'].length);
    expect(textOf(await call('search', args))).not.toMatch(/^why:/m);
  });

  it('get_context: numbered, cited passages within max_chars, as POST /rag assembles them', async () => {
    const args = { query: 'human oversight of high-risk AI', top_k: 4, max_chars: 2000 };
    const result = await call('get_context', args);
    const body = structured(check, tools.get('get_context')!, result);
    expect(body['chunks'].length).toBeGreaterThan(0);
    expect(body['context'].length).toBeLessThanOrEqual(2000);
    expect(body['context']).toMatch(/^\[1\] /);
    // The text is the numbered context a model answers from, given once, then the sources cited.
    const text = textOf(result);
    expect(text.startsWith(body['context'])).toBe(true);
    expect(text.split(body['context']).length).toBe(2);
    for (const c of body['chunks']) expect(text).toContain(`[${c['n']}] ${c['citation']['title']}`);
    const rest = await (await fetch(`${base}/api/occ/rag`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(args) })).json();
    expect(body['chunks']).toEqual(rest.chunks);
    expect(body['sources']).toEqual(rest.sources);
  });

  it('lookup_glossary: a filter, and the whole glossary without one', async () => {
    const found = await answer('lookup_glossary', { q: 'GPAI' });
    expect(found['query']).toBe('GPAI');
    expect(found['entries'][0]['aliases'].concat(found['entries'][0]['term'])).toContain('GPAI');
    // Over MCP the whole glossary comes in pages of 50 by default; REST gives it whole unless asked.
    const first = await answer('lookup_glossary', {});
    const rest = await (await fetch(`${base}/api/occ/glossary`)).json();
    expect(first).toMatchObject({ total: rest.total, limit: 50, offset: 0 });
    const pages = [first];
    while (pages.at(-1)!['next_offset'] !== null) pages.push(await answer('lookup_glossary', { limit: 200, offset: pages.at(-1)!['next_offset'] }));
    expect(pages.flatMap((page) => page['entries'])).toEqual(rest.entries);
    expect(await answer('lookup_glossary', { limit: 3, offset: 2 })).toEqual(await (await fetch(`${base}/api/occ/glossary?limit=3&offset=2`)).json());
  });

  it('list_sources: the registry as GET /sources gives it', async () => {
    const body = await answer('list_sources', {});
    const rest = await (await fetch(`${base}/api/occ/sources`)).json();
    expect(body['sources']).toEqual(rest.sources);
  });

  it('list_wisdom: all insights or one category, with every category counted', async () => {
    const all = await answer('list_wisdom', {});
    const category = all['categories'][0]['category'];
    const one = await answer('list_wisdom', { category });
    expect(one['total']).toBe(all['categories'][0]['count']);
    expect(one['entries'].every((e: { category: string }) => e.category === category)).toBe(true);
    expect(one['categories']).toEqual(all['categories']);
  });

  it('get_source and get_chunk: the bodies of GET /sources/{id} and /chunks/{id}, walking the same chunks', async () => {
    const sources = await answer('list_sources', {});
    const id = sources['sources'][0]['id'];
    const body = await answer('get_source', { id });
    expect(body).toEqual(await (await fetch(`${base}/api/occ/sources/${id}`)).json());
    expect(body['source']).toEqual(sources['sources'][0]);
    const inToc: string[] = body['sections'].flatMap((section: { chunks: string[] }) => section.chunks);
    expect(inToc).toHaveLength(body['source']['chunks']);
    for (const section of body['sections']) expect(section['url']).toMatch(new RegExp(`^${base}/sources/${id}`));

    const walked: string[] = [];
    let next: string | null = inToc[0]!;
    let previous: string | null = null;
    while (next !== null) {
      const chunk = await answer('get_chunk', { id: next });
      expect(chunk['previous']).toBe(previous);
      expect(chunk).toMatchObject({ source: id, title: body['source']['title'], source_license: body['source']['license'] });
      walked.push(chunk['id']);
      previous = chunk['id'];
      next = chunk['next'];
    }
    expect(walked).toEqual(inToc);
    expect(await answer('get_chunk', { id: inToc[0]! })).toEqual(await (await fetch(`${base}/api/occ/chunks/${inToc[0]}`)).json());
  });

  it('resolves every chunk and source id a get_context answer cites', async () => {
    const body = await answer('get_context', { query: 'risk management system', top_k: 8 });
    for (const passage of body['chunks']) {
      for (const id of passage['ids']) {
        const chunk = await answer('get_chunk', { id });
        expect(chunk['url']).toBe(passage['citation']['url']);
      }
    }
    for (const source of body['sources']) expect((await answer('get_source', { id: source['id'] }))['source']['id']).toBe(source['id']);
  });
});

describe('bad arguments are tool errors worded as the REST API words its problems', () => {
  interface Bad {
    tool: string;
    args: Record<string, unknown>;
    /** The REST request refused for the same reason (400 unless said); its problem detail is the expected text. */
    rest?: { path: string; body?: unknown; status?: number };
    expected?: string;
  }
  const cases: Bad[] = [
    { tool: 'search', args: {}, rest: { path: '/api/occ/search' } },
    { tool: 'search', args: { q: '   ' }, rest: { path: '/api/occ/search?q=%20%20%20' } },
    { tool: 'search', args: { q: tooLong }, rest: { path: `/api/occ/search?q=${tooLong}` } },
    { tool: 'search', args: { q: 'risk', top: 0 }, rest: { path: '/api/occ/search?q=risk&top=0' } },
    { tool: 'get_context', args: { query: 'risk', top_k: LIMITS.topMax + 1 }, rest: { path: '/api/occ/rag', body: { query: 'risk', top_k: LIMITS.topMax + 1 } } },
    { tool: 'search', args: { q: 'risk', top: 'abc' }, rest: { path: '/api/occ/search?q=risk&top=abc' } },
    { tool: 'search', args: { q: 'risk', source: 'no-such-source' }, rest: { path: '/api/occ/search?q=risk&source=no-such-source' } },
    { tool: 'search', args: { q: 42 }, expected: '"q" must be a string, got number 42.' },
    { tool: 'search', args: { query: 'risk' }, expected: `Unknown argument "query"; the arguments of search are: ${Object.keys(search.input.shape).join(', ')}.` },
    { tool: 'search', args: { q: 'risk', source: ['eu-ai-act-overview', 'no-such-source'] }, rest: { path: '/api/occ/search?q=risk&source=eu-ai-act-overview,no-such-source' } },
    { tool: 'search', args: { q: 'risk', queries: ['a', 'b', 'c', 'd', 'e', 'f'] }, rest: { path: '/api/occ/search?q=risk&queries=a|b|c|d|e|f' } },
    { tool: 'get_context', args: { query: 'risk', source: ['no-such-source'] }, rest: { path: '/api/occ/rag', body: { query: 'risk', source: ['no-such-source'] } } },
    { tool: 'lookup_glossary', args: { limit: 0 }, rest: { path: '/api/occ/glossary?limit=0' } },
    { tool: 'list_wisdom', args: { offset: 2_000_000 }, rest: { path: '/api/occ/wisdom?offset=2000000' } },
    { tool: 'get_context', args: {}, rest: { path: '/api/occ/rag', body: {} } },
    { tool: 'get_context', args: { query: 42 }, rest: { path: '/api/occ/rag', body: { query: 42 } } },
    { tool: 'get_context', args: { query: tooLong }, rest: { path: '/api/occ/rag', body: { query: tooLong } } },
    { tool: 'get_context', args: { query: 'risk', top_k: '5' }, rest: { path: '/api/occ/rag', body: { query: 'risk', top_k: '5' } } },
    { tool: 'get_context', args: { query: 'risk', top_k: 2.5 }, rest: { path: '/api/occ/rag', body: { query: 'risk', top_k: 2.5 } } },
    {
      tool: 'get_context',
      args: { query: 'risk', max_chars: LIMITS.maxCharsMin - 1 },
      rest: { path: '/api/occ/rag', body: { query: 'risk', max_chars: LIMITS.maxCharsMin - 1 } },
    },
    { tool: 'lookup_glossary', args: { q: tooLong }, rest: { path: `/api/occ/glossary?q=${tooLong}` } },
    { tool: 'lookup_glossary', args: { q: '' }, rest: { path: '/api/occ/glossary?q=' } },
    { tool: 'list_wisdom', args: { category: 'no-such-category' }, rest: { path: '/api/occ/wisdom?category=no-such-category' } },
    { tool: 'list_sources', args: { top: 5 }, expected: 'Unknown argument "top"; list_sources takes no arguments.' },
    // A path parameter cannot be absent or a number in REST; an argument can, and is worded as the REST refusals are.
    { tool: 'get_source', args: {}, expected: '"id" is required: lowercase letters and digits joined by hyphens, such as "eu-ai-act".' },
    { tool: 'get_source', args: { id: ' ' }, rest: { path: '/api/occ/sources/%20' } },
    { tool: 'get_source', args: { id: 'Bad_Id' }, rest: { path: '/api/occ/sources/Bad_Id' } },
    { tool: 'get_source', args: { id: 'no-such-source' }, rest: { path: '/api/occ/sources/no-such-source', status: 404 } },
    { tool: 'get_chunk', args: {}, expected: '"id" is required: a chunk id, "<source id>:<hash>" such as "eu-ai-act:1a2b3c4d5e6f".' },
    { tool: 'get_chunk', args: { id: 5 }, expected: '"id" must be a chunk id, "<source id>:<hash>" such as "eu-ai-act:1a2b3c4d5e6f", got number 5.' },
    { tool: 'get_chunk', args: { id: 'nope' }, rest: { path: '/api/occ/chunks/nope' } },
    { tool: 'get_chunk', args: { id: 'no-such-source:000000000000' }, rest: { path: '/api/occ/chunks/no-such-source:000000000000', status: 404 } },
  ];

  it.each(cases)('$tool $args', async ({ tool, args, rest, expected }) => {
    const result = await call(tool, args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    let wanted = expected;
    if (rest !== undefined) {
      const init = rest.body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rest.body) };
      const response = await fetch(`${base}${rest.path}`, init);
      expect(response.status).toBe(rest.status ?? 400);
      wanted = ((await response.json()) as { detail: string }).detail;
    }
    expect(textOf(result)).toBe(wanted);
  });

  it('an unknown tool is a protocol error, as the spec has it', async () => {
    const refused = await client.callTool({ name: 'delete_everything', arguments: {} }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(McpError);
    expect(refused).toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining('the tools are: search, get_context') });
  });
});

describe('the endpoint over HTTP', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });
  const rpc = (method: string, params: object) => JSON.stringify({ jsonrpc: '2.0', id: 7, method, params });

  it('is stateless: a tools/call needs no session and none is handed out', async () => {
    const response = await post(rpc('tools/call', { name: 'search', arguments: { q: 'audit', top: 1 } }), { 'mcp-protocol-version': '2025-11-25' });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-occ-version')).toMatch(/^\d+\.\d+\.\d+/);
    expect((response.headers.get('access-control-expose-headers') ?? '').split(/,\s*/)).toEqual(
      expect.arrayContaining(['x-occ-version', 'mcp-session-id', 'mcp-protocol-version']),
    );
    const body = (await response.json()) as { id: number; result: CallToolResult };
    expect(body.id).toBe(7);
    expect(body.result.structuredContent).toMatchObject({ query: 'audit', top: 1 });
  });

  it('answers through the one response model: compressed when the client accepts it, as any API answer', async () => {
    const response = await post(rpc('tools/list', {}), { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(((await response.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(TOOL_NAMES.length);
  });

  it('answers a CORS preflight for browser MCP clients, allowing the MCP headers', async () => {
    const response = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: { origin: 'https://client.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id']));
    // Only the MCP route takes them; the REST routes keep their narrower preflight.
    const search = await fetch(`${base}/api/occ/search`, { method: 'OPTIONS' });
    expect(search.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('refuses other methods and malformed requests with problem+json', async () => {
    // The MCP route takes the largest body any tool takes (verify_citations' long text).
    const limit = bodyLimit(TOOL_ENDPOINTS);
    const big = rpc('tools/call', { name: 'search', arguments: { q: 'x'.repeat(limit) } });
    const cases: [string, Promise<Response>, number, RegExp][] = [
      ['GET (no event stream)', fetch(endpoint), 405, /GET is not allowed on \/api\/occ\/mcp; allowed: POST, OPTIONS/],
      ['DELETE (no session to end)', fetch(endpoint, { method: 'DELETE' }), 405, /DELETE is not allowed/],
      ['Accept without text/event-stream', post(rpc('tools/list', {}), { accept: 'application/json' }), 406, /accept both application\/json and text\/event-stream/],
      ['a body that is not JSON', post('{"jsonrpc": '), 400, /Parse error/],
      ['a body that is not JSON-RPC', post('{"hello": "world"}'), 400, /Invalid JSON-RPC message/],
      ['a body over the limit', post(big), 413, new RegExp(`at most ${limit} bytes`)],
    ];
    for (const [what, pending, status, detail] of cases) {
      const response = await pending;
      expect(response.status, what).toBe(status);
      expect(response.headers.get('content-type'), what).toMatch(/^application\/problem\+json/);
      expect(response.headers.get('access-control-allow-origin'), what).toBe('*');
      const problem = (await response.json()) as { status: number; detail: string };
      expect(problem.status, what).toBe(status);
      expect(problem.detail, what).toMatch(detail);
    }
  });
});

describe('expensive tool calls take the same turns as the REST routes', () => {
  let own: RunningServer;
  beforeAll(async () => {
    own = await startServer();
  }, 40_000);
  afterAll(() => own.stop());

  it('refuses get_context as a tool error while REST /rag requests keep the queue full, and answers it after', async () => {
    const question = { query: 'risk management obligations', top_k: 50 };
    const mcp = new Client({ name: 'occ-tests', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL('/api/occ/mcp', own.url)));
    // Thirty REST clients resend RAG at once whenever answered, so the shared queue is full nearly all the time.
    let running = true;
    const statuses: number[] = [];
    const rest = Array.from({ length: 30 }, async () => {
      while (running) {
        const response = await fetch(new URL('/api/occ/rag', own.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(question) });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    const results = (await Promise.all(Array.from({ length: 10 }, () => mcp.callTool({ name: 'get_context', arguments: question })))) as CallToolResult[];
    running = false;
    await Promise.all(rest);

    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    const refused = results.filter((r) => r.isError);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(textOf(r)).toMatch(/^The server is busy with expensive requests .*; retry after 1 s\.$/);
    for (const r of results.filter((r) => !r.isError)) expect(textOf(r)).toContain('[1]');

    const after = (await mcp.callTool({ name: 'get_context', arguments: question })) as CallToolResult;
    expect(after.isError, textOf(after)).toBeFalsy();
    await mcp.close();
  }, 60_000);
});
