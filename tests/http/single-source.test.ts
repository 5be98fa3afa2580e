/**
 * Any content set builds and serves: one source and nothing else (no glossary, no wisdom) builds, its docs
 * examples adapt to what exists, and every endpoint answers as the document it serves says.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/api/endpoints/index.js';
import type { HealthResponse, SourceResponse, WisdomResponse } from '../../src/api/types.js';
import { OpenApiCheck } from '../support/openapi.js';
import { startServer, type RunningServer } from '../support/server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = path.join(root, 'test-output', 'single-source');
let server: RunningServer;
let check: OpenApiCheck;

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/build.ts'], {
    cwd: root,
    stdio: 'pipe',
    env: {
      ...process.env,
      OCC_CONTENT_DIR: 'tests/fixtures/single-source',
      OCC_BUILD_DIR: path.join(out, 'build'),
      OCC_DIST_DIR: path.join(out, 'dist'),
    },
  });
  server = await startServer({ OCC_BUILD_DIR: path.join(out, 'build') }, { args: [path.join(out, 'dist', 'server.mjs')] });
  check = await OpenApiCheck.load(server.url);
}, 240_000);

afterAll(() => server?.stop());

async function get(target: string, method = 'GET') {
  const response = await fetch(`${server.url}${target}`, { method });
  const route = ENDPOINTS.find((e) => new RegExp(`^${e.path.replace(/\{\w+\}/g, '[^/]+').replaceAll('.', '\\.')}$`).test(target.split('?')[0] ?? ''))?.path ?? target;
  expect(await check.response(response.clone(), method, route), `${method} ${target}`).toEqual([]);
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
    expect(await check.response(rag, 'POST', '/api/occ/rag')).toEqual([]);
  });

  it('documents only examples this content can answer', async () => {
    const document = check.doc;
    expect(document['paths']['/api/occ/glossary']['get']['responses']['200']['content']['application/json']['example']).toBeUndefined();
    expect(document['paths']['/api/occ/search']['get']['responses']['200']['content']['application/json']['example']['results'].length).toBeGreaterThan(0);
    const docs = await fetch(`${server.url}/docs/api`);
    expect(docs.status).toBe(200);
  });
});
