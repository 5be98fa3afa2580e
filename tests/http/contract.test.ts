/**
 * An independent contract check: Stoplight Prism, in proxy mode in front of the built server, validates every
 * request and response against the served OpenAPI document with its own validator (not our ajv checks) and
 * reports what disagrees in an `sl-violations` header.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIMITS } from '../../src/api/types.js';

const base = inject('baseUrl');
let prism: ChildProcess;
let proxy: string;

interface Violation {
  location: string[];
  severity: string;
  message: string;
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'occ-prism-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, await (await fetch(`${base}/api/occ/openapi.json`)).text());
  prism = spawn(path.resolve('node_modules/.bin/prism'), ['proxy', file, base, '-h', '127.0.0.1', '-p', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  proxy = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output}`)), 60_000);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = /Prism is listening on (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    prism.stdout?.on('data', onData);
    prism.stderr?.on('data', onData);
    prism.once('exit', (code) => reject(new Error(`Prism exited with ${code}:\n${output}`)));
  });
}, 90_000);

afterAll(() => {
  prism?.kill();
});

async function through(method: string, target: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${proxy}${target}`, { method, ...init });
  await response.arrayBuffer();
  const violations = JSON.parse(response.headers.get('sl-violations') ?? '[]') as Violation[];
  return { status: response.status, request: violations.filter((v) => v.location[0] === 'request'), response: violations.filter((v) => v.location[0] !== 'request') };
}

describe('Prism, validating against the served OpenAPI document', () => {
  it('finds no violation in any good exchange', async () => {
    const sources = (await (await fetch(`${base}/api/occ/sources`)).json()) as { sources: { id: string }[] };
    const search = (await (await fetch(`${base}/api/occ/search?q=risk&top=1`)).json()) as { results: { id: string }[] };
    const sourceId = sources.sources[0]?.id ?? '';
    const chunkId = search.results[0]?.id ?? '';
    const json = { 'content-type': 'application/json' };
    // No HEAD: Prism's proxy parses every JSON answer's body and fails on HEAD's empty one; protocol.test.ts covers HEAD.
    const good: [string, string, { body?: string; headers?: Record<string, string> }?][] = [
      ['GET', '/api/occ/health'],
      ['GET', '/api/occ/search?q=human+oversight&top=3'],
      ['GET', `/api/occ/search?q=risk&source=${sourceId}`],
      ['GET', '/api/occ/sources'],
      ['GET', `/api/occ/sources/${sourceId}`],
      ['GET', `/api/occ/chunks/${chunkId}`],
      ['GET', '/api/occ/glossary'],
      ['GET', '/api/occ/glossary?q=oversight'],
      ['GET', '/api/occ/wisdom'],
      ['GET', '/api/glossary.json'],
      ['GET', '/api/occ/openapi.json'],
      ['POST', '/api/occ/rag', { body: JSON.stringify({ query: 'human oversight', top_k: 3 }), headers: json }],
      ['POST', '/api/occ/rag', { body: JSON.stringify({ query: 'risk', max_chars: null }), headers: json }],
      ['POST', '/api/occ/rag', { body: JSON.stringify({ query: 'risk' }), headers: { 'content-type': 'text/plain' } }],
      ['OPTIONS', '/api/occ/rag'],
    ];
    for (const [method, target, init] of good) {
      const result = await through(method, target, init);
      expect(result.status, `${method} ${target}`).toBeLessThan(300);
      expect([...result.request, ...result.response], `${method} ${target}`).toEqual([]);
    }
  }, 60_000);

  it('agrees that refused requests break the document, and documents every refusal', async () => {
    const json = { 'content-type': 'application/json' };
    const bad: [string, string, { body?: string; headers?: Record<string, string> }?][] = [
      ['GET', '/api/occ/search'],
      ['GET', '/api/occ/search?q=risk&top=0'],
      ['GET', `/api/occ/search?q=risk&top=${LIMITS.topMax + 1}`],
      ['GET', '/api/occ/search?q=risk&top=abc'],
      ['GET', `/api/occ/search?q=${'a'.repeat(LIMITS.queryMaxChars + 1)}`],
      ['GET', '/api/occ/search?q=risk&source=Not_A_Slug'],
      ['GET', '/api/occ/chunks/not-a-chunk-id'],
      ['GET', '/api/occ/sources/Not_A_Slug'],
      ['POST', '/api/occ/rag', { body: JSON.stringify({ top_k: 3 }), headers: json }],
      ['POST', '/api/occ/rag', { body: JSON.stringify({ query: 'risk', top_k: null }), headers: json }],
      ['POST', '/api/occ/rag', { body: JSON.stringify({ query: 'risk', top_k: '5' }), headers: json }],
      ['POST', '/api/occ/rag', { body: JSON.stringify({ query: 'risk', max_chars: 10 }), headers: json }],
    ];
    for (const [method, target, init] of bad) {
      const result = await through(method, target, init);
      const what = `${method} ${target.slice(0, 80)}`;
      expect(result.status, what).toBe(400);
      expect(result.request.length, `${what}: Prism finds the request valid`).toBeGreaterThan(0);
      expect(result.response, what).toEqual([]);
    }
  }, 60_000);
});
