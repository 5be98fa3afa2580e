import { describe, expect, it } from 'vitest';
import { chunkSections, DEFAULT_CHUNK_SIZES, wordCount } from '../../src/core/chunking/chunk.js';
import { INTRO_ANCHOR, splitSections } from '../../src/core/chunking/sections.js';

/** Deterministic filler prose: sentences of 12 words, each word unique across the document. */
function prose(tag: string, sentences: number): string {
  const out: string[] = [];
  for (let s = 0; s < sentences; s++) {
    const words = Array.from({ length: 12 }, (_, w) => `${w === 0 ? 'S' : ''}${tag}w${s}x${w}`);
    out.push(`${words.join(' ')}.`);
  }
  return out.join(' ');
}

const longDoc = [
  prose('intro', 3),
  '# Chapter I: General provisions',
  prose('ch1', 5),
  '## Article 1: Subject matter',
  prose('a1', 40), // one paragraph of 480 words: must be cut at sentences
  '',
  prose('a1b', 10),
  '## Article 2: Scope',
  ...Array.from({ length: 12 }, (_, i) => `${prose(`a2p${i}`, 4)}\n`),
  '# Chapter II: Prohibited practices',
  '## Article 5: Prohibited AI practices',
  '- **First** item with [a link](https://example.org) and `code`\n- Second item',
  '| Column A | Column B |\n| --- | --- |\n| cell one | cell two |',
  '### Details',
  prose('det', 2),
  '## Article 2: Scope',
  'A second heading with the same text as an earlier one.',
].join('\n\n');

const { sections, html } = splitSections(longDoc, 'Long document');
const chunks = chunkSections('long-doc', sections);

describe('sections', () => {
  it('nest by heading level whatever the levels used, with the text before the first heading first', () => {
    expect(sections.map((s) => s.path)).toEqual([
      [],
      ['Chapter I: General provisions'],
      ['Chapter I: General provisions', 'Article 1: Subject matter'],
      ['Chapter I: General provisions', 'Article 2: Scope'],
      ['Chapter II: Prohibited practices'],
      ['Chapter II: Prohibited practices', 'Article 5: Prohibited AI practices'],
      ['Chapter II: Prohibited practices', 'Article 5: Prohibited AI practices', 'Details'],
      ['Chapter II: Prohibited practices', 'Article 2: Scope'],
    ]);
    expect(sections[0]).toMatchObject({ heading: 'Long document', anchor: INTRO_ANCHOR, depth: 0 });
  });

  it('gives every section a unique anchor that the rendered HTML carries', () => {
    const anchors = sections.map((s) => s.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(anchors).toContain('article-2-scope');
    expect(anchors).toContain('article-2-scope-1');
    for (const anchor of anchors) expect(html).toContain(`id="${anchor}"`);
  });
});

describe('chunks', () => {
  it('never exceed the maximum size', () => {
    for (const chunk of chunks) expect(wordCount(chunk.text)).toBeLessThanOrEqual(DEFAULT_CHUNK_SIZES.max);
  });

  it('are of even size when a section is split', () => {
    const article2 = chunks.filter((c) => c.heading === 'Article 2: Scope' && c.url.endsWith('#article-2-scope'));
    expect(article2.length).toBeGreaterThan(1);
    for (const chunk of article2) expect(wordCount(chunk.text)).toBeGreaterThanOrEqual(DEFAULT_CHUNK_SIZES.min);
  });

  it('never span two sections', () => {
    for (const chunk of chunks) {
      const section = sections.find((s) => chunk.url.endsWith(`#${s.anchor}`));
      expect(section?.heading).toBe(chunk.heading);
      const sectionText = section?.blocks.flat().join(' ') ?? '';
      for (const word of chunk.text.split(/\s+/)) expect(sectionText).toContain(word);
    }
  });

  it('hold every word of the source, in order', () => {
    const chunkWords = chunks.flatMap((c) => c.text.split(/\s+/));
    const sourceWords = sections.flatMap((s) => s.blocks.flat().join(' ').split(/\s+/)).filter((w) => w !== '');
    expect(chunkWords.join(' ')).toBe(sourceWords.join(' '));
    expect(chunkWords.join(' ')).toContain('a1w39x11.');
  });

  it('cut an over-long paragraph at sentence boundaries', () => {
    const article1 = chunks.filter((c) => c.heading === 'Article 1: Subject matter');
    expect(article1.length).toBeGreaterThan(1);
    for (const chunk of article1) expect(chunk.text.trim().endsWith('.')).toBe(true);
  });

  it('cut at clause punctuation, then between words, when a sentence alone is too long', () => {
    const clauses = Array.from({ length: 30 }, (_, i) => `clause${i} ${'word '.repeat(20).trim()};`).join(' ');
    const run = 'run '.repeat(800).trim();
    const [clauseChunks, runChunks] = [clauses, run].map((text) => chunkSections('s', splitSections(text, 'T').sections));
    expect(clauseChunks?.length).toBeGreaterThan(1);
    for (const chunk of clauseChunks ?? []) expect(chunk.text.endsWith(';')).toBe(true);
    expect(runChunks?.map((c) => wordCount(c.text))).toEqual([267, 267, 266]);
  });

  it('read lists and tables as plain text without markdown syntax', () => {
    const article5 = chunks.find((c) => c.heading === 'Article 5: Prohibited AI practices');
    expect(article5?.text).toBe('- First item with a link and code\n- Second item\nColumn A | Column B\ncell one | cell two');
  });

  it('carry source, heading, path, position and a URL to their section', () => {
    expect(chunks.map((c) => c.position)).toEqual(chunks.map((_, i) => i));
    expect(chunks[0]).toMatchObject({ source: 'long-doc', heading: 'Long document', path: [], url: `/sources/long-doc#${INTRO_ANCHOR}` });
  });

  it('keep their ids when the content is rebuilt, and when another section changes', () => {
    const again = chunkSections('long-doc', splitSections(longDoc, 'Long document').sections);
    expect(again.map((c) => c.id)).toEqual(chunks.map((c) => c.id));
    const edited = longDoc.replace(prose('intro', 3), `${prose('intro', 3)} One more sentence.`);
    const after = chunkSections('long-doc', splitSections(edited, 'Long document').sections);
    expect(after[0]?.id).not.toBe(chunks[0]?.id);
    expect(after.slice(1).map((c) => c.id)).toEqual(chunks.slice(1).map((c) => c.id));
    expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length);
  });
});
