/**
 * Any content set builds and serves: one source and nothing else (no glossary, no wisdom) builds, its docs
 * examples adapt to what exists, and every endpoint answers as the document it serves says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ENDPOINTS } from '../../src/api/endpoints/index.js';
import type { HealthResponse, SourceResponse, WisdomResponse } from '../../src/api/types.js';
import { declaredCalls } from '../support/examples.js';
import { buildAndServe } from '../support/fixture-build.js';
import { OpenApiCheck } from '../support/openapi.js';
import type { RunningServer } from '../support/server.js';

let server: RunningServer;
let check: OpenApiCheck;
/** The declared paths this file has called, so the last test can say none was left out. */
const called = new Set<string>();

beforeAll(async () => {
  server = await buildAndServe('tests/fixtures/single-source', 'single-source');
  check = await OpenApiCheck.load(server.url);
}, 240_000);

afterAll(() => server?.stop());

async function get(target: string, method = 'GET') {
  const response = await fetch(`${server.url}${target}`, { method });
  const route = ENDPOINTS.find((e) => new RegExp(`^${e.path.replace(/\{\w+\}/g, '[^/]+').replaceAll('.', '\\.')}$`).test(target.split('?')[0] ?? ''))?.path ?? target;
  expect(await check.response(response.clone(), method, route), `${method} ${target}`).toEqual([]);
  called.add(route);
  return response;
}

describe('a content set of one source and nothing else', () => {
  it('serves counts of what exists and empty lists for what does not', async () => {
    const health = (await (await get('/api/occ/health')).json()) as HealthResponse;
    expect(health).toMatchObject({ sources: 1, glossary: 0, wisdom: 0 });
    expect(health.chunks).toBeGreaterThan(0);
    expect(((await (await get('/api/occ/glossary')).json()) as { total: number }).total).toBe(0);
    expect(((await (await get('/api/glossary.json')).json()) as { total: number }).total).toBe(0);
    const wisdom = (await (await get('/api/occ/wisdom')).json()) as WisdomResponse;
    expect(wisdom).toMatchObject({ total: 0, entries: [], categories: [] });
    const unknown = await get('/api/occ/wisdom?category=anything');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { detail: string }).detail).toMatch(/no wisdom entries/);
  });

  it('answers every endpoint as its document says, and every chunk of the table of contents resolves', async () => {
    expect((await get('/api/occ/search?q=documentation')).status).toBe(200);
    expect((await get('/api/occ/sources')).status).toBe(200);
    const source = (await (await get('/api/occ/sources/gamma-code')).json()) as SourceResponse;
    expect(source.source).toMatchObject({ id: 'gamma-code', as_of: '2026-11-20', changelog: [{ date: '2026-11-20' }] });
    expect(source.sections.map((s) => s.path)).toEqual([[], ['Documentation duties'], ['Documentation duties', 'Record keeping'], ['Transparency']]);
    for (const id of source.sections.flatMap((s) => s.chunks)) expect((await get(`/api/occ/chunks/${id}`)).status).toBe(200);
    expect((await get('/api/occ/glossary/anything')).status).toBe(404);
    expect((await get('/api/occ/wisdom/anything')).status).toBe(404);
    const rag = await fetch(`${server.url}/api/occ/rag`, { method: 'POST', body: JSON.stringify({ query: 'record keeping' }), headers: { 'content-type': 'application/json' } });
    expect(rag.status).toBe(200);
    expect(await check.response(rag, 'POST', '/api/occ/rag')).toEqual([]);
    called.add('/api/occ/rag');
    const changes = (await (await get('/api/occ/changes')).json()) as { changes: { id: string }[] };
    expect(changes.changes.map((c) => c.id)).toContain('gamma-code');
    expect((await get('/api/occ/openapi.json')).status).toBe(200);
  });

  it('serves the MCP endpoint, whose tools answer from this content', async () => {
    const response = await fetch(`${server.url}/api/occ/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_wisdom', arguments: {} } }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/"total\\?":\s*0/);
  });

  it('serves every docs page, the source page with its sections', async () => {
    for (const page of ['/', '/sources', '/glossary', '/wisdom', '/changes', '/changes.xml', '/timeline', '/search', '/llms.txt', '/docs/api', '/docs/mcp']) {
      expect((await fetch(`${server.url}${page}`)).status, page).toBe(200);
    }
    const html = await (await fetch(`${server.url}/sources/gamma-code`)).text();
    expect(html).toContain('id="record-keeping"');
  });

  it('documents only examples this content can answer', async () => {
    const document = check.doc;
    expect(document['paths']['/api/occ/glossary']['get']['responses']['200']['content']['application/json']['example']).toBeUndefined();
    expect(document['paths']['/api/occ/search']['get']['responses']['200']['content']['application/json']['example']['results'].length).toBeGreaterThan(0);
    const docs = await fetch(`${server.url}/docs/api`);
    expect(docs.status).toBe(200);
  });

  it("answers every example call the declarations made for this build, with the status it declared", async () => {
    for (const c of declaredCalls(path.join('test-output', 'single-source', 'build'))) {
      const response = await fetch(`${server.url}${c.path}${c.query ? `?${c.query}` : ''}`, {
        method: c.method,
        ...(c.body === undefined ? {} : { body: c.body, headers: { 'content-type': c.contentType ?? 'application/json' } }),
      });
      expect(response.status, `${c.name} (${c.method} ${c.path})`).toBe(c.status);
      called.add(c.route);
    }
  });

  it('has called every endpoint the API declares', () => {
    expect(ENDPOINTS.map((e) => e.path).filter((p) => !called.has(p))).toEqual([]);
  });
});
