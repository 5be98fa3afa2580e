import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { compile } from '../../src/core/pipeline.js';
import { entryIntoForce, EURLEX_LICENSE, ingest } from '../../src/core/ingest/ingest.js';
import { ingestProblem } from '../support/ingest.js';
import { readInput } from '../../src/core/ingest/input.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = path.join(root, 'tests/fixtures/ingest/mini-regulation.html');
const html = readFileSync(fixture, 'utf8');
const bytes = (text: string) => new TextEncoder().encode(text);
const body = (text: string) => text.slice(text.indexOf('\n---\n') + 5).trimStart();


describe('ingest of EUR-Lex Official Journal HTML', () => {
  it('writes the heading layout of the hand-made conversions: recitals, Articles, paragraphs, points, Annexes', async () => {
    const result = await ingest(bytes(html), { origin: 'mini-regulation.html', today: '2026-11-20' });
    expect(result.format).toBe('eurlex-html');
    expect(body(result.text)).toBe(
      [
        '# REGULATION (EU) 2099/12345 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL',
        'of 1 February 2099',
        'on the labelling of robotic lawnmowers (Lawnmower Labelling Act)',
        '(Text with EEA relevance)',
        'THE EUROPEAN PARLIAMENT AND THE COUNCIL OF THE EUROPEAN UNION,',
        'Having regard to an imaginary treaty (1),',
        'Whereas:',
        '(1) Lawnmowers that steer themselves are sold in growing numbers and buyers cannot tell how they behave near pets.',
        '(2) A common label helps buyers compare the machines and helps gardeners trust them.',
        '(3) Small makers should face light rules, so this Regulation only asks for a label and a register entry.',
        'HAVE ADOPTED THIS REGULATION:',
        '# CHAPTER I: GENERAL PROVISIONS',
        '## Article 1: Labels',
        '1. Every robotic lawnmower shall carry a label.',
        '2. The label shall state:',
        '(a) the cutting width;',
        '(b) how the machine detects obstacles, including:',
        '(i) pets;',
        '(ii) children at play;',
        '(c) the noise level in decibels.',
        '3. Paragraph 2, point (b), applies from 1 March 2100.',
        '## Article 2: Register and penalties',
        '1. Makers shall enter each model in the register set out in Annex I.',
        '2. Member States shall lay down fines of up to EUR 10^4 for:',
        '(a) selling a machine without a label;',
        '(b) a false register entry.',
        'This Regulation shall be binding in its entirety and directly applicable in all Member States.',
        'For the European Parliament',
        'A. PERSON',
        '# Footnotes',
        '(1) OJ C 1, 1.1.2099, p. 1, ELI: http://data.europa.eu/eli/reg/2098/1/oj.',
        '# ANNEX I: Register entries',
        '## Section A: What makers enter',
        '1. The model name;',
        '2. The label, as a picture.',
      ].join('\n\n') + '\n',
    );
  });

  it('derives the id from the ELI and the front-matter from the page, and the result builds', async () => {
    const result = await ingest(bytes(html), { origin: 'mini-regulation.html', today: '2026-11-20' });
    expect(result.id).toBe('eu-reg-2099-12345');
    expect(result.text).toMatch(/^kind: "primary"$/m);
    const file = { collection: 'sources' as const, file: `sources/${result.id}.md`, text: result.text };
    expect(buildCorpus([file]).sources[0]?.meta).toEqual({
      id: 'eu-reg-2099-12345',
      title: 'REGULATION (EU) 2099/12345 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL (Lawnmower Labelling Act)',
      kind: 'primary',
      publisher: 'Official Journal of the European Union',
      url: 'https://eur-lex.europa.eu/eli/reg/2099/12345/oj/eng',
      license: EURLEX_LICENSE,
      published: '2099-02-03',
      version: 'Official Journal of the European Union, L series, 2099/12345, 3.2.2099',
      language: 'en',
      description: 'REGULATION (EU) 2099/12345 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL of 1 February 2099 on the labelling of robotic lawnmowers (Lawnmower Labelling Act)',
      as_of: '2026-11-20',
      tags: [],
    });
    const built = compile([file]);
    expect(built.corpus.chunks.some((chunk) => chunk.heading === 'Article 2: Register and penalties')).toBe(true);
  });

  it('keeps an Article\'s own title that is a term in quotation marks as its title, not as a quotation', async () => {
    const quoted = html.replace('<p class="oj-sti-art">Register and penalties</p>', '<p class="oj-sti-art">‘Register’</p>');
    const result = await ingest(bytes(quoted), { origin: 'mini-regulation.html' });
    expect(body(result.text)).toContain('\n## Article 2: ‘Register’\n');
    expect(result.text).not.toContain('> ‘Register’');
  });

  it('takes the id from the ELI printed after the act when there is no canonical link, never from a footnote', async () => {
    const withoutCanonical = html.replace(/<link rel="canonical"[^>]*>/, '');
    const result = await ingest(bytes(withoutCanonical), { origin: 'mini-regulation.html' });
    expect(result.id).toBe('eu-reg-2099-12345');
    expect(result.text).toContain('\nurl: "https://data.europa.eu/eli/reg/2099/12345/oj"\n');
  });

  it('lets the command line override what the page states', async () => {
    const result = await ingest(bytes(html), {
      origin: 'x.html', id: 'lawnmowers', title: 'Lawnmower Labelling Act', license: 'CC-BY-4.0', url: 'https://example.org/act',
      retrieved: '2026-11-01',
    });
    expect(result.id).toBe('lawnmowers');
    expect(result.text).toMatch(/^---\nid: "lawnmowers"\ntitle: "Lawnmower Labelling Act"\n/);
    expect(result.text).toContain('\nurl: "https://example.org/act"\nlicense: "CC-BY-4.0"\n');
    expect(result.text).toContain('\nretrieved: 2026-11-01\n');
  });

  it('reads the structure from the classes, not the words: another language and the older un-prefixed classes', async () => {
    const french = `<!DOCTYPE html><html lang="fr"><body>
      <nav><ul><li>Menu du site</li></ul></nav>
      <div id="document1">
      <p class="doc-ti">RÈGLEMENT (UE) 2099/7 DU CONSEIL</p>
      <p class="normal">considérant ce qui suit:</p>
      <table><tr><td><p class="normal">(1)</p></td><td><p class="normal">Un considérant inventé.</p></td></tr></table>
      <p class="ti-art">Article premier</p><p class="sti-art">Objet</p>
      <p class="normal">Le présent règlement fixe des règles inventées:</p>
      <table><tr><td><p class="normal">a)</p></td><td><p class="normal">un point;</p></td></tr></table>
      <p class="ti-art">Article 2</p><p class="normal">Un article sans titre.</p>
      <p class="doc-ti">ANNEXE</p><p class="doc-ti">Liste inventée</p><p class="normal">Texte.</p>
      </div>
      <div class="footer">Pied de page du site</div>
    </body></html>`;
    const result = await ingest(bytes(french), { origin: 'fr.html', id: 'reglement-fr', url: 'https://example.org/fr', publisher: 'Journal officiel' });
    expect(body(result.text).split('\n\n')).toEqual([
      '# RÈGLEMENT (UE) 2099/7 DU CONSEIL', 'considérant ce qui suit:', '(1) Un considérant inventé.',
      '## Article premier: Objet', 'Le présent règlement fixe des règles inventées:', 'a) un point;',
      '## Article 2', 'Un article sans titre.', '# ANNEXE: Liste inventée', 'Texte.\n',
    ]);
    expect(result.text).toContain('\nlanguage: "fr"\n');
    const unnamed = await ingest(bytes(french), { origin: 'fr.html', url: 'https://example.org/fr', publisher: 'Journal officiel' });
    // The act names itself: "RÈGLEMENT (UE) 2099/7" is the ELI's reg/2099/7, whatever the language.
    expect(unnamed.id).toBe('eu-reg-2099-7');
  });

  it('refuses an unknown format, other HTML and an empty file, naming the file and what is supported', async () => {
    expect(await ingestProblem(ingest(bytes('Just some text.'), { origin: 'notes.txt' }))).toBe(
      'notes.txt: unknown format (starts with "Just some text."); supported are EUR-Lex Official Journal HTML and PDF files with a text layer',
    );
    expect(await ingestProblem(ingest(bytes('<!DOCTYPE html><html><body><p>Hello</p></body></html>'), { origin: 'page.html' }))).toMatch(
      /^page\.html: is HTML but not EUR-Lex Official Journal markup/,
    );
    expect(await ingestProblem(ingest(new Uint8Array(), { origin: 'empty.pdf' }))).toMatch(/^empty\.pdf: is empty;/);
  });

  it('refuses EUR-Lex markup without any structure', async () => {
    const bare = '<!DOCTYPE html><html><body><p class="oj-doc-ti">A TITLE ONLY</p><p class="oj-normal">Text.</p></body></html>';
    expect(await ingestProblem(ingest(bytes(bare), { origin: 'bare.html', id: 'bare', url: 'https://example.org/b' }))).toBe(
      'bare.html: has no recognisable structure: no articles, chapters, annexes or numbered recitals in the EUR-Lex markup',
    );
  });
});

describe('ingest input and command line', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'occ-ingest-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = promisify(execFile);
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/ingest.ts'), ...args], { cwd: root }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('reads paths and file:// URLs, and names a missing file', async () => {
    expect((await readInput(pathToFileURL(fixture).href)).data.length).toBe(Buffer.byteLength(html));
    expect(await ingestProblem(readInput(path.join(dir, 'nope.html')))).toBe(`${path.join(dir, 'nope.html')}: no such file`);
    expect(await ingestProblem(readInput('ftp://example.org/x.pdf'))).toMatch(/unsupported URL scheme/);
  });

  it('downloads an http(s) URL, records the download date as retrieved, and names a failed download', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/act.html') res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const input = await readInput(`${base}/act.html`);
      expect(input.fetchedUrl).toBe(`${base}/act.html`);
      const result = await ingest(input.data, { origin: input.origin, fetchedUrl: `${base}/act.html`, today: '2026-11-20' });
      expect(result.text).toContain('\nretrieved: 2026-11-20\n');
      expect(await ingestProblem(readInput(`${base}/missing.pdf`))).toBe(`${base}/missing.pdf: could not be fetched: HTTP 404 Not Found`);
    } finally {
      server.close();
    }
  });

  it('writes <out>/sources/<id>.md, and on bad input exits non-zero, says why and writes nothing', { timeout: 30_000 }, async () => {
    const out = path.join(dir, 'content');
    const ok = await cli(fixture, '--out', out);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/wrote .*eu-reg-2099-12345\.md \(eurlex-html: 7 headings/);
    expect(readFileSync(path.join(out, 'sources/eu-reg-2099-12345.md'), 'utf8')).toContain('## Article 1: Labels');

    const bad = path.join(dir, 'notes.txt');
    writeFileSync(bad, 'plain words');
    const failed = await cli(bad, '--out', path.join(dir, 'other'));
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`ingest: ${bad}: unknown format`);
    expect(existsSync(path.join(dir, 'other'))).toBe(false);

    const badId = await cli(fixture, '--out', out, '--id', 'Not A Slug');
    expect(badId.code).toBe(1);
    expect(badId.stderr).toContain('id "Not A Slug" is not a slug');
    expect(readdirSync(path.join(out, 'sources'))).toEqual(['eu-reg-2099-12345.md']);

    const usage = await cli(fixture);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run ingest');
  });
});

describe('the day an act enters into force', () => {
  it('is read from its entry-into-force formula in English and in French', () => {
    const day = (text: string) => entryIntoForce([{ text }], '2024-07-12');
    expect(day('This Regulation shall enter into force on the twentieth day following that of its publication in the Official Journal.')).toBe('2024-08-01');
    expect(day('Le présent règlement entre en vigueur le vingtième jour suivant celui de sa publication au Journal officiel.')).toBe('2024-08-01');
    expect(day('La présente directive entre en vigueur le jour suivant celui de sa publication.')).toBe('2024-07-13');
    expect(day('This Regulation shall enter into force on the day following that of its publication.')).toBe('2024-07-13');
    expect(day('It applies from 2 August 2026.')).toBeUndefined();
  });
});
