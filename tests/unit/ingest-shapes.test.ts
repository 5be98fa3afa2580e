import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatPinpoint, parsePinpoint, pinpointAnchor, pinpointSpan } from '../../src/core/legal/address.js';
import { splitSections } from '../../src/core/chunking/sections.js';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { ingest, type IngestOptions } from '../../src/core/ingest/ingest.js';
import { compile } from '../../src/core/pipeline.js';

/**
 * Acts shaped unlike the AI Act, each a made-up fixture in a markup EUR-Lex really serves: the older OJ HTML of
 * the GDPR's time, a Directive with a ruled data table, an amending Regulation quoting the Articles it inserts.
 * Each goes through ingest, the build's validation and the legal chunker, as an act nobody converted by hand would.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (name: string) => readFileSync(path.join(root, 'tests/fixtures/ingest', name), 'utf8');
const bytes = (text: string) => new TextEncoder().encode(text);
const body = (text: string) => text.slice(text.indexOf('\n---\n') + 5).trimStart();
const headings = (text: string) => body(text).split('\n').filter((line) => line.startsWith('#'));

async function ingestFixture(name: string, options: Partial<IngestOptions> = {}, edit: (html: string) => string = (html) => html) {
  const result = await ingest(bytes(edit(read(name))), { origin: name, today: '2026-11-23', ...options });
  const file = { collection: 'sources' as const, file: `sources/${result.id}.md`, text: result.text };
  const source = buildCorpus([file]).sources[0];
  if (!source) throw new Error('no source');
  // Each block's own pinpoint, as the chunker reads it: what a pinpoint URL lands on.
  const marks = splitSections(source.body, source.meta.title).sections.flatMap((section) =>
    section.blocks.map((lines, i) => ({ line: lines[0] ?? '', mark: section.marks[i], path: section.path })),
  );
  const pinpointOf = (start: string) => {
    const found = marks.find(({ line }) => line.startsWith(start));
    return found?.mark?.address ? formatPinpoint(found.mark.address) : undefined;
  };
  return { result, meta: source.meta, marks, pinpointOf, chunks: compile([file]).corpus.chunks };
}

describe('ingest of an act in the older OJ HTML (classes without oj-, no eli-container, one unnumbered ANNEX)', () => {
  it('reads chapters, sections, Articles, recitals, points, footnotes and the annex; leaves the site around it out', async () => {
    const { result } = await ingestFixture('older-oj-regulation.html', { url: 'https://example.org/beehives' });
    expect(headings(result.text)).toEqual([
      '# REGULATION (EU) 2098/42 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL',
      '# CHAPTER I: General provisions',
      '## Article 1: Subject-matter',
      '## Article 2: Definitions',
      '# CHAPTER II: Duties of keepers',
      '# Section 1: Registration',
      '## Article 3: Record of hives',
      '# Section 2: Inspection',
      '## Article 4: Inspections',
      '# CHAPTER III: Final provisions',
      '## Article 5: Entry into force',
      '# Footnotes',
      '# ANNEX: RECORDS TO BE KEPT',
    ]);
    expect(result.text).not.toMatch(/Site search|Legal notice/);
    expect(body(result.text)).toContain('\n\n2. Member States may require further details, such as:\n\n— the breed of bees,\n\n');
    expect(body(result.text)).toContain('\n\n3. Any treatment given to the colonies, including:\n\n(a) the product used;\n\n(b) the dose.\n');
  });

  it('takes the front-matter from the OJ header; without an ELI, CELEX or --url the act names itself by its title line', async () => {
    const { result, meta } = await ingestFixture('older-oj-regulation.html', { url: 'https://example.org/beehives' });
    expect(result.id).toBe('eu-reg-2098-42');
    expect(meta).toMatchObject({
      title: 'REGULATION (EU) 2098/42 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL (Beehive Records Regulation)',
      publisher: 'Official Journal of the European Union',
      published: '2098-05-04',
      version: 'Official Journal of the European Union, L 119/1, 4.5.2098',
      language: 'en',
    });
    // --url stays an override; without it the url is the ELI the title line gives.
    expect(meta['url']).toBe('https://example.org/beehives');
    const named = await ingest(bytes(read('older-oj-regulation.html')), { origin: 'old.html' });
    expect(named.text).toMatch(/^url: "https:\/\/data\.europa\.eu\/eli\/reg\/2098\/42\/oj"$/m);
    // A page naming nothing (no ELI, CELEX or numbered title of an act) still asks for --url.
    const unnamed = read('older-oj-regulation.html').replace('REGULATION (EU) 2098/42 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL', 'RULES ON BEEHIVE RECORDS');
    await expect(ingest(bytes(unnamed), { origin: 'old.html', id: 'beehives' })).rejects.toThrow(/states no canonical link or ELI; pass --url/);
  });

  it('takes the ELI and the CELEX number from the metadata of a page saved from EUR-Lex', async () => {
    const saved = read('older-oj-regulation.html').replace(
      '</head>',
      '<meta about="http://data.europa.eu/eli/reg/2098/42/oj" property="eli:id_local" content="32098R0042" datatype="xsd:string"/></head>',
    );
    const result = await ingest(bytes(saved), { origin: 'old.html' });
    expect(result.id).toBe('eu-reg-2098-42');
    expect(result.text).toContain('\nurl: "https://data.europa.eu/eli/reg/2098/42/oj"\n');
    const celexOnly = read('older-oj-regulation.html').replace('<title>L_2098119EN.01000101.xml</title>', '<title>EUR-Lex - 32098L0042 - EN</title>');
    expect((await ingest(bytes(celexOnly), { origin: 'old.html', url: 'https://example.org/d' })).id).toBe('eu-dir-2098-42');
  });

  it('gives the chunker recitals, Articles, paragraphs and points with their lead-ins', async () => {
    const { pinpointOf, marks, chunks } = await ingestFixture('older-oj-regulation.html', { url: 'https://example.org/beehives' });
    expect(pinpointOf('(2) A record of hives')).toBe('Recital 2');
    expect(pinpointOf('(2) ‘keeper’ means')).toBe('Art. 2(2)');
    expect(pinpointOf('(b) the number of colonies')).toBe('Art. 3(1)(b)');
    expect(pinpointOf('The first subparagraph')).toBe('Art. 3(2)');
    expect(marks.filter(({ mark }) => mark?.address?.kind === 'recital' && mark.opens)).toHaveLength(3);
    const point = chunks.find((chunk) => chunk.text.includes('(b) the number of colonies'));
    expect(point?.text).toContain('1. A keeper shall register each hive with the city, stating:');
    expect(point?.path).toEqual(['Section 1: Registration', 'Article 3: Record of hives']);
  });

  it('addresses the points of an act\'s only, unnumbered Annex', async () => {
    const { pinpointOf, chunks } = await ingestFixture('older-oj-regulation.html', { url: 'https://example.org/beehives' });
    expect(pinpointOf('2. The dates of inspections')).toBe('Annex, point 2');
    expect(pinpointOf('(b) the dose')).toBe('Annex, point 3(b)');
    const annex = chunks.find((chunk) => chunk.text.includes('The dates of inspections'));
    expect(annex?.pinpoint).toMatch(/^Annex(, points? [\d-]+)?$/);
    const address = parsePinpoint('Annex, point 3(b)');
    expect(address).toEqual({ kind: 'annex', id: '', parts: ['3', 'b'] });
    expect(address && pinpointAnchor(address)).toBe('annex-point-3-b');
    expect(pinpointSpan('Annex, points 1-2')?.to).toEqual({ kind: 'annex', id: '', parts: ['2'] });
  });
});

describe('ingest of a Directive (CONVEX): transposition Article, untitled Article, Annex parts, a ruled data table', () => {
  it('derives a directive id and front-matter from the ELI and the OJ header', async () => {
    const { result, meta } = await ingestFixture('directive.html');
    expect(result.id).toBe('eu-dir-2099-77');
    expect(meta).toMatchObject({
      title: 'DIRECTIVE (EU) 2099/77 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL',
      url: 'https://eur-lex.europa.eu/eli/dir/2099/77/oj/eng',
      published: '2099-03-14',
      publisher: 'Official Journal of the European Union',
    });
  });

  it('keeps the Annex parts as headings and a data table as rows, its numbered first column included', async () => {
    const { result, pinpointOf } = await ingestFixture('directive.html');
    expect(headings(result.text).slice(-5)).toEqual(['## Article 4', '# ANNEX I: TESTING', '## PART A: Intervals', '## PART B: Parameters', '# ANNEX II: PUBLICATION OF RESULTS']);
    expect(body(result.text)).toContain('\n\nNo | Parameter | Limit | Unit\n\n1 | Nitrate | 50 | mg/l\n\n');
    expect(body(result.text)).toContain('\n\nYear | Share of fountains tested\n\n2101 | 50 %\n\n2102 | 100 %\n\n');
    expect(pinpointOf('2. Other fountains')).toBe('Annex I, Part A, point 2');
    expect(pinpointOf('(ii) substances reported')).toBe('Art. 2(2)(b)(ii)');
    expect(pinpointOf('When Member States adopt')).toBe('Art. 3(1)');
    expect(pinpointOf('This Directive is addressed')).toBe('Art. 4');
  });
});

describe('ingest of an amending Regulation: the Articles, Chapter and Annex it quotes', () => {
  it('writes quoted titles and text as blockquotes, never as the act\'s own headings', async () => {
    const { result } = await ingestFixture('amending-regulation.html');
    expect(headings(result.text)).toEqual([
      '# REGULATION (EU) 2099/310 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL',
      '## Article 1: Amendments to Regulation (EU) 2098/42',
      '## Article 2: Entry into force',
      '# ANNEX',
    ]);
    expect(body(result.text)).toContain(
      '(2) the following Articles are inserted:\n\n> ‘Article 3a\n>\n> Hives on public buildings\n>\n> 1\\. A public authority that keeps hives shall register them and shall be their ‘keeper’.\n>\n> 2\\. The record shall also state:',
    );
    // A quotation ends with its element or its closing mark: the quoting act goes on after it.
    expect(body(result.text)).toContain('guidelines on hives on public buildings.’;\n\n(3) Chapter III is replaced by the following:\n\n> ‘CHAPTER III\n');
    expect(body(result.text)).toContain('1 January 2100.’;\n\n(4) the Annex is replaced');
    expect(body(result.text)).toContain('# ANNEX\n\n> ‘ANNEX\n>\n> RECORDS TO BE KEPT\n');
  });

  it('leaves the quoting act\'s pinpoints alone: points (1) to (4) of Article 1, no Article 3a or 5', async () => {
    const { pinpointOf, chunks } = await ingestFixture('amending-regulation.html');
    expect(pinpointOf('(2) the following Articles')).toBe('Art. 1(2)');
    expect(pinpointOf('‘Article 3a')).toBe('Art. 1(2)');
    expect(pinpointOf('(4) the Annex is replaced')).toBe('Art. 1(4)');
    expect(chunks.map((chunk) => chunk.pinpoint).filter((p) => p && /Art\. (3a|3b|5)\b/.test(p))).toEqual([]);
    expect(chunks.find((chunk) => chunk.text.includes('1 January 2100'))?.path).toEqual([
      'REGULATION (EU) 2099/310 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL',
      'Article 1: Amendments to Regulation (EU) 2098/42',
    ]);
  });
});

describe('ingest of a consolidated version (grid-list points, no-parag numbers, amendment markers, Article 3a)', () => {
  it('reads the consolidated classes as their OJ counterparts and drops the amendment markers', async () => {
    const { result } = await ingestFixture('consolidated-regulation.html');
    expect(headings(result.text)).toEqual([
      '# REGULATION (EU) 2098/42 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL',
      '# CHAPTER I: GENERAL PROVISIONS',
      '## Article 1: Subject-matter',
      '# CHAPTER II: DUTIES OF KEEPERS',
      '## Article 3: Record of hives',
      '## Article 3a: Hives on public buildings',
      '## Article 3b',
      '## Article 4: Inspections',
      '# ANNEX: RECORDS TO BE KEPT',
    ]);
    expect(body(result.text)).toContain('\n\n2. Member States may require further details, such as:\n\n— the breed of bees,\n\n— the date the hive was set up.\n\n');
    expect(body(result.text)).toContain('\n\nInspectors may visit a registered roof once a year and on any day a swarm is reported.\n\n');
    expect(result.text).not.toMatch(/[►▼◄]|M1\b/);
  });

  it('takes an id of its own and the version date from the consolidated CELEX number, and names the Publications Office', async () => {
    const { result, meta } = await ingestFixture('consolidated-regulation.html');
    expect(result.id).toBe('eu-reg-2098-42-2099-06-29');
    expect(meta).toMatchObject({
      title: 'REGULATION (EU) 2098/42 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL (Beehive Records Regulation)',
      publisher: 'Publications Office of the European Union',
      url: 'https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:02098R0042-20990629',
      version: 'consolidated version of 2099-06-29',
    });
  });

  it('reads an older consolidated page: the version from its ELI, an inserted paragraph 1a, footnotes classed "footnote"', async () => {
    const older = (html: string) =>
      html
        .replace('<title>02098R0042-20990629</title>', '<title>Consolidated TEXT: 32098R0042 — EN — 29.06.2099</title><link rel="canonical" href="https://eur-lex.europa.eu/eli/reg/2098/42/2099-06-29/eng"/>')
        .replace(
          '<div class="norm inline-element">A public authority that keeps hives shall register them as a keeper.</div>',
          '<div class="norm inline-element">A public authority that keeps hives shall register them as a keeper.</div></div>\n<div class="norm"><span class="no-parag">1a.&nbsp;&nbsp;</span>\n<div class="norm inline-element">A school registers its hives itself (<a href="#E0001" id="src.E0001">\n<span class="superscript">1</span>\n</a>).</div>',
        )
        .replace('</body>', '<p class="footnote">(<a href="#src.E0001" id="E0001">\n<span class="superscript">1</span>\n</a>) OJ L 1, 1.1.2099, p. 1.</p>\n</body>');
    const { result, meta, pinpointOf } = await ingestFixture('consolidated-regulation.html', {}, older);
    expect(result.id).toBe('eu-reg-2098-42-2099-06-29');
    expect(meta).toMatchObject({ publisher: 'Publications Office of the European Union', version: 'consolidated version of 2099-06-29' });
    expect(pinpointOf('1a. A school registers its hives itself')).toBe('Art. 3a(1a)');
    expect(body(result.text)).toContain('A school registers its hives itself (1).');
    expect(body(result.text).endsWith('# Footnotes\n\n(1) OJ L 1, 1.1.2099, p. 1.\n')).toBe(true);
  });

  it('gives the chunker inserted Articles and their points: Art. 3a(2)(b), Art. 3(1)(b)(ii), an untitled Art. 3b', async () => {
    const { pinpointOf, chunks } = await ingestFixture('consolidated-regulation.html');
    expect(pinpointOf('(b) the person in charge of the roof')).toBe('Art. 3a(2)(b)');
    expect(pinpointOf('(ii) colonies brought in')).toBe('Art. 3(1)(b)(ii)');
    expect(pinpointOf('The Commission may adopt guidelines')).toBe('Art. 3b');
    expect(chunks.find((chunk) => chunk.text.includes('the use of the building'))?.text).toContain('2. The record shall also state:');
  });
});

describe('what counts as quoted text', () => {
  const act = (articles: string) => `<!DOCTYPE html><html lang="en"><body><div class="eli-container">
    <p class="oj-doc-ti">REGULATION (EU) 2099/1 OF THE COUNCIL</p>${articles}</div></body></html>`;
  const headingsOf = async (html: string) =>
    headings((await ingest(bytes(html), { origin: 'q.html', id: 'q', url: 'https://example.org/q', publisher: 'OJ' })).text);

  it('an Article\'s own number and title, however wrapped, are headings; a second Article title inside it is quoted', async () => {
    expect(await headingsOf(act(`
      <div class="eli-subdivision" id="art_1"><div id="art_1.tit_1"><p class="oj-ti-art">Article 1</p><p class="oj-sti-art">Scope</p></div>
        <p class="oj-normal">Regulation (EU) 2098/42 is amended as follows:</p>
        <div id="007"><p class="oj-ti-art">Article 7</p><p class="oj-sti-art">Review</p><p class="oj-normal">1.   Quoted text.’;</p></div></div>
      <div class="eli-subdivision" id="art_2"><p class="oj-ti-art">Article 2</p><div class="eli-title"><p class="oj-sti-art">Entry into force</p></div>
        <p class="oj-normal">Text.</p></div>`))).toEqual(['# REGULATION (EU) 2099/1 OF THE COUNCIL', '## Article 1: Scope', '## Article 2: Entry into force']);
  });

  it('a title in a layout table that is not a numbering table stays a heading', async () => {
    expect(await headingsOf(act(`<table><tr><td><p class="oj-ti-art">Article 1</p><p class="oj-normal">Text.</p>
      <p class="oj-ti-art">Article 2</p><p class="oj-normal">Text.</p></td></tr></table>`))).toEqual([
      '# REGULATION (EU) 2099/1 OF THE COUNCIL', '## Article 1', '## Article 2',
    ]);
  });
});

describe('ingest of an act EUR-Lex holds only as text (TexteOnly / TXT_TE paragraphs, no classes)', () => {
  it('reads the title, chapters, sections, Articles with and without titles, annexes and footnotes from the lines alone', async () => {
    const { result } = await ingestFixture('text-only-directive.html', { url: 'https://example.org/robots' });
    expect(headings(result.text)).toEqual([
      '# Council Directive 99/99/EC of 1 June 1999 on the registration of garden robots',
      '# CHAPTER I: GENERAL PROVISIONS',
      '## Article 1: Scope',
      '## Article 2: Definitions',
      '# CHAPTER II: REGISTRATION',
      '# SECTION 1: RECORDS',
      '## Article 3',
      '## Article 4: Inspections',
      '## Article 5',
      '# ANNEX I: PARTICULARS TO BE RECORDED',
      '# ANNEX II: Correlation table',
      '# Footnotes',
    ]);
    expect(result.text).not.toMatch(/Site search|Legal notice/);
    expect(body(result.text)).toContain('\n\nThis Directive | Directive 88/88/EEC\n\nArticle 3 | Article 7\n');
  });

  it('takes the id from the CELEX number in the page title and the date from the printed OJ reference', async () => {
    const { result, meta } = await ingestFixture('text-only-directive.html', { url: 'https://example.org/robots' });
    expect(result.id).toBe('eu-dir-1999-99');
    expect(meta).toMatchObject({
      title: 'Council Directive 99/99/EC of 1 June 1999 on the registration of garden robots',
      publisher: 'Official Journal',
      published: '1999-05-04',
      version: 'Official Journal, L 119, 4.5.1999',
      language: 'en',
    });
    // Without TXT_TE the reference line is among the act's lines: it is read, not taken for the title.
    const bare = read('text-only-directive.html').replace('<p><TXT_TE>', '').replace('</TXT_TE></p>', '');
    const flat = await ingest(bytes(bare), { origin: 'bare.html', url: 'https://example.org/robots', today: '2026-11-23' });
    expect(flat.text).toBe(result.text);
  });

  it('gives the chunker numbered recitals, Articles, points and annex points, and leaves the footnotes out of the last Article', async () => {
    const { pinpointOf } = await ingestFixture('text-only-directive.html', { url: 'https://example.org/robots' });
    expect(pinpointOf('(2) Whereas a register')).toBe('Recital 2');
    expect(pinpointOf('(b) robots used by the armed forces')).toBe('Art. 1(2)(b)');
    expect(pinpointOf("(a) 'garden robot' means")).toBe('Art. 2(a)');
    expect(pinpointOf('Member States shall keep a register')).toBe('Art. 3');
    expect(pinpointOf('2. The model of the robot')).toBe('Annex I, point 2');
    expect(pinpointOf('(1) OJ C 12')).toBeUndefined();
  });

  it('finds no Articles in a page whose numbered lines share no word, and says so', async () => {
    const page = '<html><body><div id="TexteOnly"><p>Notice of 2 May 1999</p><p>Item 1</p><p>Text.</p></div></body></html>';
    await expect(ingest(bytes(page), { origin: 'notice.html', url: 'https://example.org/n', publisher: 'OJ' })).rejects.toThrow(/notice\.html: has no recognisable structure/);
  });
});

describe('the encoding a page declares', () => {
  it('reads a windows-1252 page as such', async () => {
    const page = '<!DOCTYPE html><html lang="fr"><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"></head><body>' +
      '<p class="doc-ti">RÈGLEMENT (UE) 2099/7 DU CONSEIL</p><p class="ti-art">Article premier</p><p class="sti-art">Définitions</p>' +
      '<p class="normal">Texte déjà lu.</p><p class="ti-art">Article 2</p><p class="normal">Fin.</p></body></html>';
    const latin = Uint8Array.from(page, (c) => c.charCodeAt(0));
    const result = await ingest(latin, { origin: 'fr.html', id: 'fr', url: 'https://example.org/fr', publisher: 'JO' });
    expect(headings(result.text)).toEqual(['# RÈGLEMENT (UE) 2099/7 DU CONSEIL', '## Article premier: Définitions', '## Article 2']);
    expect(result.text).toContain('Texte déjà lu.');
  });
});
