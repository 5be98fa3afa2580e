/**
 * The law cache: the manifest's checks, the fingerprint that survives a per-download attribute, filling the cache
 * from a folder and from a publisher (a local HTTP server standing in for Cellar), refusing a different text, and
 * the build's reading of what the cache holds.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCache } from '../../src/core/law/fetch-publications.js';
import { publicationFiles } from '../../src/core/law/ingest-publications.js';
import { fingerprint, ManifestError, readCache, readManifest, type Manifest } from '../../src/core/law/publications.js';

/** A mini act in EUR-Lex's Official Journal markup, with a per-response attribute in its head as EUR-Lex serves it. */
const act = (tracking: string, article1 = 'This Regulation lays down rules on widgets.') => `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Regulation (EU) 2024/7</title><script data-dtconfig="${tracking}">var x = 1;</script></head>
<body><div class="eli-container">
<p class="oj-doc-ti">REGULATION (EU) 2024/7 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL</p>
<p class="oj-doc-ti">of 1 February 2024</p>
<p class="oj-doc-ti">on widgets</p>
<div class="eli-subdivision" id="art_1"><p class="oj-ti-art">Article 1</p><p class="oj-sti-art">Subject matter</p>
<p class="oj-normal">${article1}</p></div>
<div class="eli-subdivision" id="art_2"><p class="oj-ti-art">Article 2</p><p class="oj-sti-art">Entry into force</p>
<p class="oj-normal">This Regulation shall enter into force on the twentieth day following that of its publication in the Official Journal of the European Union.</p></div>
</div></body></html>`;

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'occ-law-'));

function manifestFor(url: string, data: string): Manifest {
  return {
    publications: [
      {
        id: 'xx-reg-2024-7',
        title: 'Widget Regulation, as published',
        instrument: '32024R0007',
        language: 'en',
        version: 'published',
        file: 'widgets-en.html',
        fetch: { url, accept: 'application/xhtml+xml', accept_language: 'eng' },
        fingerprint: fingerprint(new TextEncoder().encode(data), 'widgets-en.html'),
        ingest: { url: 'https://example.eu/eli/reg/2024/7/oj', published: '2024-02-05', publisher: 'Publications Office of the European Union', license: 'reuse with acknowledgement' },
      },
    ],
  };
}

describe('a publication’s fingerprint', () => {
  it('is the same for two downloads that differ in the head, and differs when a word of the text does', () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    const one = fingerprint(bytes(act('session-1')), 'a.html');
    expect(one).toMatch(/^text-sha256:[0-9a-f]{64}$/);
    expect(fingerprint(bytes(act('session-2').replace('<body>', '\n  <body>')), 'a.html')).toBe(one);
    expect(fingerprint(bytes(act('session-1', 'This Regulation lays down rules on gadgets.')), 'a.html')).not.toBe(one);
    // A PDF is its bytes.
    expect(fingerprint(bytes('%PDF-1.7 x'), 'a.pdf')).not.toBe(fingerprint(bytes('%PDF-1.7 y'), 'a.pdf'));
  });
});

describe('the manifest', () => {
  it('names the file and the field of each problem, and refuses an id listed twice', () => {
    const dir = tmp();
    const file = path.join(dir, 'manifest.json');
    writeFileSync(file, JSON.stringify({ publications: [{ id: 'Bad Id', title: 'x' }] }));
    expect(() => readManifest(file)).toThrow(ManifestError);
    expect(() => readManifest(file)).toThrow(/manifest\.json: publications\.0\.id: a lowercase slug/);
    const one = manifestFor('https://example.eu/x', act('a')).publications[0]!;
    writeFileSync(file, JSON.stringify({ publications: [one, { ...one, file: 'other.html' }] }));
    expect(() => readManifest(file)).toThrow(/"xx-reg-2024-7" is listed twice/);
    writeFileSync(file, '{ not json');
    expect(() => readManifest(file)).toThrow(/manifest\.json: /);
  });
});

describe('filling the cache', () => {
  let server: Server;
  let base: string;
  let asked: IncomingHttpHeaders | undefined;
  let served = act('served-1');

  beforeAll(async () => {
    server = createServer((request, response) => {
      asked = request.headers;
      if (request.url === '/celex/32024R0007') response.writeHead(200, { 'content-type': 'application/xhtml+xml' }).end(served);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches from the publisher with its headers, keeps a file it already holds, and ingests it for the build', async () => {
    const cache = tmp();
    const manifest = manifestFor(`${base}/celex/32024R0007`, act('team-copy'));
    const lines: string[] = [];
    const first = await fillCache({ manifest, cacheDir: cache, today: '2026-11-28', log: (l) => lines.push(l) });
    expect(first).toEqual({ held: ['xx-reg-2024-7'], problems: [] });
    expect(asked).toMatchObject({ accept: 'application/xhtml+xml', 'accept-language': 'eng' });
    expect(lines[0]).toMatch(/^fetched widgets-en\.html/);
    expect(JSON.parse(readFileSync(path.join(cache, 'retrieved.json'), 'utf8'))).toEqual({ 'widgets-en.html': { retrieved: '2026-11-28', from: `${base}/celex/32024R0007` } });
    const again: string[] = [];
    await fillCache({ manifest, cacheDir: cache, log: (l) => again.push(l) });
    expect(again).toEqual(['kept    widgets-en.html']);

    const state = readCache(manifest, cache);
    expect(state.held.map((h) => h.publication.id)).toEqual(['xx-reg-2024-7']);
    const [file] = await publicationFiles(state, cache, cache);
    expect(file).toMatchObject({ collection: 'sources', file: path.join('widgets-en.html', 'xx-reg-2024-7.md') });
    expect(file?.text).toMatch(/^id: "xx-reg-2024-7"$/m);
    expect(file?.text).toMatch(/^kind: "primary"$/m);
    expect(file?.text).toMatch(/^retrieved: 2026-11-28$/m);
    expect(file?.text).toContain('lays down rules on widgets');
  });

  it('refuses a text that is not the manifest’s, naming the file, and writes nothing', async () => {
    const cache = tmp();
    served = act('served-2', 'This Regulation lays down rules on gadgets.');
    try {
      const result = await fillCache({ manifest: manifestFor(`${base}/celex/32024R0007`, act('x')), cacheDir: cache });
      expect(result.held).toEqual([]);
      expect(result.problems).toEqual([expect.stringMatching(/celex\/32024R0007: not the text the manifest lists for xx-reg-2024-7 .*refused$/)]);
      expect(existsSync(path.join(cache, 'widgets-en.html'))).toBe(false);
    } finally {
      served = act('served-1');
    }
    // A file put in the cache by hand is refused by the build's reading too.
    writeFileSync(path.join(cache, 'widgets-en.html'), act('x', 'Changed.'));
    const state = readCache(manifestFor(`${base}/celex/32024R0007`, act('x')), cache);
    expect(state.held).toEqual([]);
    expect(state.refused).toEqual([expect.stringMatching(/widgets-en\.html: not the text the manifest lists/)]);
  });

  it('takes the same files from a folder, and names one the folder lacks', async () => {
    const folder = tmp();
    const cache = tmp();
    const manifest = manifestFor('https://unused.example/x', act('team-copy'));
    expect((await fillCache({ manifest, cacheDir: cache, from: folder })).problems).toEqual([`widgets-en.html: not in ${folder}`]);
    writeFileSync(path.join(folder, 'widgets-en.html'), act('another-download'));
    expect(await fillCache({ manifest, cacheDir: cache, from: folder })).toEqual({ held: ['xx-reg-2024-7'], problems: [] });
  });

  it('says the machine is offline when the first publisher cannot be reached, without trying the rest', async () => {
    const cache = tmp();
    const manifest = manifestFor('http://127.0.0.1:9/unreachable', act('x'));
    manifest.publications.push({ ...manifest.publications[0]!, id: 'second', file: 'second.html' });
    let calls = 0;
    const refusing: typeof fetch = async () => {
      calls++;
      throw new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND publications.europa.eu') });
    };
    const result = await fillCache({ manifest, cacheDir: cache, fetch: refusing });
    expect(result.offline).toMatch(/unreachable \(getaddrinfo ENOTFOUND publications\.europa\.eu\)/);
    expect(calls).toBe(1);
    // A publisher that never answers counts as unreachable once the answer time is up.
    const silent: typeof fetch = (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const timed = await fillCache({ manifest, cacheDir: cache, fetch: silent, answerTimeoutMs: 50 });
    expect(timed.offline).toMatch(/no answer from 127\.0\.0\.1:9 within 0\.05 s/);
  });
});

describe('npm run law -- --if-empty, as npm start runs it', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const law = (args: string[]) =>
    execFileSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'scripts', 'law.ts'), ...args], { cwd: root, encoding: 'utf8' });

  it('says in one line that it serves the explainers only when the publisher cannot be reached, and exits 0', () => {
    const dir = tmp();
    const manifest = path.join(dir, 'manifest.json');
    // Port 9 (discard) refuses connections on a test machine: the publisher is unreachable at once.
    writeFileSync(manifest, JSON.stringify(manifestFor('http://127.0.0.1:9/celex/32024R0007', act('x'))));
    const out = law(['--if-empty', '--manifest', manifest, '--cache', path.join(dir, 'cache')]);
    expect(out.trim().split('\n')).toEqual([expect.stringMatching(/^law: offline \(127\.0\.0\.1:9 unreachable \(.+\)\): serving the explainers only/)]);
  }, 30_000);

  it('does nothing when the cache holds a publication already', () => {
    const dir = tmp();
    const manifest = path.join(dir, 'manifest.json');
    const cache = path.join(dir, 'cache');
    writeFileSync(manifest, JSON.stringify(manifestFor('http://127.0.0.1:9/celex/32024R0007', act('x'))));
    mkdirSync(cache);
    writeFileSync(path.join(cache, 'widgets-en.html'), act('cached'));
    expect(law(['--if-empty', '--manifest', manifest, '--cache', cache])).toBe('');
  }, 30_000);
});
