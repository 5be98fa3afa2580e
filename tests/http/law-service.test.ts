/**
 * The default service with the law: `npm run law -- --from ../shared/raw` fills a cache with the publications
 * law/manifest.json lists, the data build ingests it beside content/, and the built server answers from it. Skipped
 * without ../shared (a fresh clone has no publications and no network to fetch them).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const raw = path.resolve(root, '../shared/raw');
const out = path.join(root, 'test-output', 'law-service');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

type Json = Record<string, any>;
let server: RunningServer;
let build: Json;

describe.skipIf(!existsSync(raw))('the default service with the law beside the explainers', () => {
  beforeAll(async () => {
    rmSync(out, { recursive: true, force: true });
    const cache = path.join(out, 'cache');
    execFileSync(process.execPath, [tsx, 'scripts/law.ts', '--from', raw, '--cache', cache], { cwd: root, stdio: 'pipe' });
    // The data build alone, served by the shared build's server bundle: the API reads OCC_BUILD_DIR at start.
    const stats = execFileSync(process.execPath, [tsx, 'bench/build-child.ts', path.join(out, 'build'), path.join(root, 'content')], {
      cwd: root,
      env: { ...process.env, OCC_LAW_CACHE: cache },
      maxBuffer: 64 * 1024 * 1024,
    });
    build = JSON.parse(stats.toString().trim().split('\n').at(-1) ?? '{}') as Json;
    server = await startServer({ OCC_BUILD_DIR: path.join(out, 'build') });
  }, 600_000);

  afterAll(() => server?.stop());

  const get = async (target: string, status = 200): Promise<Json> => {
    const response = await fetch(`${server.url}${target}`);
    expect(response.status, target).toBe(status);
    return (await response.json()) as Json;
  };

  it('ingests every publication of the manifest, the DSA and NIS 2 by their own titles (no --url)', async () => {
    expect(build['law']['missing']).toEqual([]);
    expect(build['law']['refused']).toEqual([]);
    const sources = (await get('/api/occ/sources'))['sources'] as Json[];
    const byId = new Map(sources.map((s) => [s['id'], s]));
    for (const id of build['law']['sources'] as string[]) expect(byId.get(id), id).toMatchObject({ kind: 'primary' });
    expect(byId.get('eu-reg-2022-2065')).toMatchObject({ url: 'https://data.europa.eu/eli/reg/2022/2065/oj' });
    expect(byId.get('eu-dir-2022-2555')).toMatchObject({ url: 'https://data.europa.eu/eli/dir/2022/2555/oj' });
    expect(byId.get('eu-reg-2024-1689-fr')).toMatchObject({ language: 'fr' });
    expect(sources.filter((s) => s['kind'] === 'explainer').length).toBeGreaterThan(20);
  });

  it('answers a citation with the provision in force, pinpointed', async () => {
    const hits = (await get(`/api/occ/search?q=${encodeURIComponent('Art. 5(1)(f) AI Act')}&top=3`))['results'] as Json[];
    expect(hits[0]).toMatchObject({ source: 'eu-reg-2024-1689-2026-07-27', source_kind: 'primary' });
    expect(hits[0]?.['pinpoint']).toMatch(/^Arts?\. 5\(1\)\((?:f|e\)-\(f)\)/);
    expect(hits[0]?.['version']).toMatchObject({ in_force_from: '2026-07-27' });
    const past = (await get(`/api/occ/search?q=${encodeURIComponent('Art. 5(1)(f) AI Act')}&top=3&as_of=2025-01-01`))['results'] as Json[];
    expect(past[0]).toMatchObject({ source: 'eu-reg-2024-1689' });
  });

  it('gives the law and the explainer that discusses it for a question about the law', async () => {
    const response = await fetch(`${server.url}/api/occ/rag`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'What does the AI Act require on AI literacy?', top_k: 5 }),
    });
    const chunks = ((await response.json()) as Json)['chunks'] as Json[];
    expect(new Set(chunks.map((c) => c['citation']['kind']))).toEqual(new Set(['primary', 'explainer']));
    expect(chunks.some((c) => c['source'] === 'eu-reg-2024-1689-2026-07-27' && /^Arts?\. 4\b/.test(c['citation']['pinpoint'] ?? ''))).toBe(true);
  });

  it("takes an act's instrument id as a source: its text in force, in the language asked, and the explainers about it", async () => {
    const sourcesFor = async (query: string) => new Set(((await get(`/api/occ/search?top=50&${query}`))['results'] as Json[]).map((r) => r['source']));
    const aiAct = await sourcesFor('q=high-risk%20obligations%20providers%20deployers&source=eu-reg-2024-1689');
    expect(aiAct.has('eu-reg-2024-1689-2026-07-27')).toBe(true);
    expect(aiAct.has('eu-ai-act-high-risk')).toBe(true);
    for (const other of ['eu-reg-2024-1689', 'eu-reg-2016-679', 'gdpr-ai', 'nist-ai-rmf-overview']) expect(aiAct.has(other), other).toBe(false);
    expect(await sourcesFor('q=fournisseurs%20obligations&lang=fr&source=eu-reg-2024-1689')).toEqual(new Set(['eu-reg-2024-1689-fr']));
    const gdpr = await sourcesFor('q=automated%20decision%20profiling%20data%20subject&source=eu-reg-2016-679');
    expect([...gdpr].every((s) => s === 'eu-reg-2016-679' || s === 'gdpr-ai')).toBe(true);
    expect(gdpr.has('gdpr-ai')).toBe(true);
  });

  it('resolves the explainers’ references to the indexed provisions, in several explainers', async () => {
    const law = new Set(build['law']['sources'] as string[]);
    const sources = (await get('/api/occ/sources'))['sources'] as Json[];
    // The explainers about an act of the Union (their `about` names its publication).
    const aboutLaw = sources.filter((s) => s['kind'] === 'explainer' && JSON.stringify(s['about'] ?? []).match(/(?:Regulation|Directive) \(EU\)/));
    const citing = new Set<string>();
    for (const id of aboutLaw.map((s) => String(s['id']))) {
      const ids = ((await get(`/api/occ/sources/${id}`))['sections'] as Json[]).flatMap((section) => section['chunks'] as string[]);
      for (const chunk of ids) {
        const references = ((await get(`/api/occ/chunks/${encodeURIComponent(chunk)}`))['references'] ?? []) as Json[];
        if (references.some((r) => law.has(String(r['chunk']).split(':')[0] ?? ''))) citing.add(id);
      }
    }
    expect(aboutLaw.length).toBeGreaterThanOrEqual(5);
    expect(citing.size).toBeGreaterThanOrEqual(5);
  });

  it('serves each provision as of a date: Article 113 before and after Regulation (EU) 2026/1744, and Article 5(1)(ba) from 2026-07-27', async () => {
    const before = await get('/api/occ/provisions/eu-reg-2024-1689/art-113?as_of=2026-01-15');
    expect(before['text']).toContain('2 August 2026');
    const after = await get('/api/occ/provisions/eu-reg-2024-1689/art-113?as_of=2026-11-28');
    expect(after['text']).toContain('2 December 2027');
    expect(after['version']).toMatchObject({ in_force_from: '2026-07-27' });
    await get('/api/occ/provisions/eu-reg-2024-1689/art-5-1-ba?as_of=2026-07-26', 404);
    expect((await get('/api/occ/provisions/eu-reg-2024-1689/art-5-1-ba?as_of=2026-07-27'))['source']).toBe('eu-reg-2024-1689-2026-07-27');
    // Each change names the point of Regulation (EU) 2026/1744 that made it.
    const literacy = (await get('/api/occ/provisions/eu-reg-2024-1689/art-4/history'))['history'] as Json[];
    expect(literacy.at(-1)).toMatchObject({ change: 'amended', amended_by: [{ instrument: 'eu-reg-2026-1744', source: 'eu-reg-2026-1744', pinpoints: ['Art. 1(5)'] }] });
    const dates = (await get('/api/occ/provisions/eu-reg-2024-1689/art-113/history'))['history'] as Json[];
    expect(dates.at(-1)?.['amended_by'][0]['pinpoints']).toEqual(['Art. 1(40)']);
    // Every change since the amendment, page by page (our own changelog lines share the days).
    const changes: string[] = [];
    for (let next: string | null = '/api/occ/changes?since=2026-07-27&limit=100'; next !== null; ) {
      const page = await get(next);
      changes.push(...(page['changes'] as Json[]).filter((c) => c['kind'] === 'law').map((c) => c['note'] as string));
      next = page['next'] as string | null;
    }
    expect(changes).toContain('Art. 4a inserted by eu-reg-2026-1744 Art. 1(6), in force from 2026-07-27.');
    const french = await get('/api/occ/provisions/eu-reg-2024-1689/art-5?lang=fr');
    expect(french).toMatchObject({ source: 'eu-reg-2024-1689-fr' });
    expect(french['text']).toMatch(/pratiques/i);
  });
});
