/**
 * The docs: /llms.txt follows llmstxt.org and its links work; /docs/api(.md) cover every endpoint; the README stays
 * short and its examples are calls the built server answers.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { OPERATIONS } from '../../src/api/endpoints/index.js';
import { LIMITS } from '../../src/api/types.js';
import { endpointAnchor } from '../../src/site/api-reference.js';

const base = inject('baseUrl');

describe('/llms.txt', () => {
  it('has an H1, a summary blockquote and H2 sections of links, every one of which resolves', async () => {
    const response = await fetch(`${base}/llms.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    const lines = text.split('\n');
    expect(lines[0]).toBe('# OCC');
    expect(lines.filter((l) => l.startsWith('# '))).toHaveLength(1);
    const firstContent = lines.slice(1).find((l) => l.trim() !== '');
    expect(firstContent).toMatch(/^> \S/);
    expect(lines.filter((l) => l.startsWith('## ')).map((l) => l.slice(3))).toEqual(['API', 'Data', 'Optional']);
    const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((m) => m[1] ?? '');
    expect(links).toContain('/docs/api.md');
    expect(links).toContain('/api/occ/openapi.json');
    for (const link of links) {
      const target = await fetch(new URL(link, base));
      expect(target.status, link).toBe(200);
    }
  });
});

describe('/docs/api and /docs/api.md', () => {
  it('the markdown reference covers every endpoint, the limits and the error format', async () => {
    const response = await fetch(`${base}/docs/api.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    const md = await response.text();
    for (const op of OPERATIONS) expect(md).toContain(`## ${op.method.toUpperCase()} ${op.path}`);
    expect(md).toContain(`1 to ${LIMITS.queryMaxChars} characters`);
    expect(md).toContain(`at most ${LIMITS.bodyMaxBytes} bytes`);
    expect(md).toContain('application/problem+json');
    expect(md).toContain('Access-Control-Allow-Origin');
    // Real example answers, not placeholders.
    expect(md).toMatch(/"results": \[\s*\{/);
    expect(md).toMatch(/Response 400:[\s\S]*"detail":/);
  });

  it('the HTML reference has a section per endpoint with an example request and response', async () => {
    const html = await (await fetch(`${base}/docs/api`)).text();
    for (const op of OPERATIONS) expect(html).toContain(`id="${endpointAnchor(op)}"`);
    expect(html.match(/curl -s/g)?.length ?? 0).toBeGreaterThanOrEqual(OPERATIONS.length - 1);
    for (const id of ['errors', 'limits', 'cors']) expect(html).toContain(`id="${id}"`);
  });

  it('an unknown page answers 404 with the site\'s not-found page', async () => {
    const response = await fetch(`${base}/no/such/page`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('Page not found');
  });
});

describe('the README', () => {
  const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

  it('stays short: the reference lives on the docs site', () => {
    expect(readme.length).toBeLessThanOrEqual(8_000);
  });

  it('shows calls that the built server answers, and only fields its answers have', async () => {
    const calls = [...readme.matchAll(/curl -s (?:-X POST )?'?(http:\/\/127\.0\.0\.1:4321\/api\/occ\/[^'\s]*)'?(?: -H '[^']*' \\\n\s+-d '([^']*)')?/g)];
    expect(calls.length).toBeGreaterThanOrEqual(7);
    const fields = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) (fields.add(k), collect(v));
    };
    for (const [, url = '', body] of calls) {
      const live = new URL(new URL(url).pathname + new URL(url).search, base);
      const response = await fetch(live, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status, url).toBe(200);
      collect(await response.json());
    }
    const shown = [...(readme.match(/```json\n\{"query"[\s\S]*?```/)?.[0] ?? '').matchAll(/"(\w+)":/g)].map((m) => m[1] ?? '');
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.filter((field) => !fields.has(field))).toEqual([]);
  });
});
