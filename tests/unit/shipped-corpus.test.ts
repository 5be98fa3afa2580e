import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentDirs, readContentFiles } from '../../src/core/corpus/load-fs.js';
import { compile } from '../../src/core/pipeline.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { corpus } = compile(readContentFiles(contentDirs('content', root), root));
const allText = [...corpus.chunks.map((c) => c.text), ...corpus.glossary.map((g) => g.definition)].join('\n');

/** "Data protection impact assessment" → "DPIA": initials of the words that are not small connectives. */
function acronymOf(term: string): string {
  const words = term.replace(/\(.*?\)/g, ' ').split(/[\s-]+/).filter((w) => w !== '' && !/^(of|and|or|the|for|in|on|to|a|an|by|with)$/i.test(w));
  return words.map((w) => w[0]?.toUpperCase() ?? '').join('');
}

describe('the shipped corpus', () => {
  it('has the breadth the service promises', () => {
    expect(corpus.sources.length).toBeGreaterThanOrEqual(20);
    expect(corpus.glossary.length).toBeGreaterThanOrEqual(150);
    expect(corpus.wisdom.length).toBeGreaterThanOrEqual(60);
    expect(new Set(corpus.wisdom.map((w) => w.category)).size).toBeGreaterThanOrEqual(8);
    const short = corpus.sources.filter((s) => s.words < 2000).map((s) => `${s.meta.id} (${s.words} words)`);
    expect(short).toEqual([]);
  });

  it('has no source without provenance URL or license', () => {
    expect(corpus.sources.filter((s) => !s.meta.url || !s.meta.license).map((s) => s.meta.id)).toEqual([]);
  });

  it('has no wisdom entry that cites no source', () => {
    expect(corpus.wisdom.filter((w) => w.sources.length === 0).map((w) => w.id)).toEqual([]);
  });

  it('gives a glossary term its acronym as an alias wherever the corpus introduces that acronym for it', () => {
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const missing = corpus.glossary
      .filter((g) => {
        const acronym = acronymOf(g.term);
        if (acronym.length < 3) return false;
        // "Ethical Impact Assessment (EIA)", or the acronym in the entry's own definition.
        const introduced = new RegExp(`${escape(g.term)}s?\\s*\\(${acronym}\\)`, 'i').test(allText);
        const used = introduced || new RegExp(`\\b${acronym}\\b`).test(g.definition);
        return used && !g.aliases.some((a) => a.replace(/[^A-Za-z]/g, '').toUpperCase() === acronym);
      })
      .map((g) => `${g.term} (${acronymOf(g.term)})`);
    expect(missing).toEqual([]);
  });
});

const euAiAct = path.resolve(root, '..', 'shared', 'corpora', 'eu-ai-act');

describe.skipIf(!existsSync(euAiAct))('the full EU AI Act from ../shared (skipped without it)', () => {
  it('builds, and every Article and Annex heading reaches the chunks\' paths', async () => {
    const { readFileSync } = await import('node:fs');
    const markdown = readFileSync(path.join(euAiAct, 'sources', 'eu-ai-act.md'), 'utf8');
    const headings = [...markdown.matchAll(/^#+ ((?:Article \d+|ANNEX [IVXL]+)\b.*)$/gm)].map((m) => m[1]?.trim());
    expect(headings.filter((h) => h?.startsWith('Article')).length).toBe(113);
    expect(headings.filter((h) => h?.startsWith('ANNEX')).length).toBe(13);
    const { corpus: act } = compile(readContentFiles([euAiAct], root));
    const inPaths = new Set(act.chunks.flatMap((c) => c.path));
    expect(headings.filter((h) => !inPaths.has(h ?? ''))).toEqual([]);
    // Its structure, read from the text: every recital, Article and Annex is a pinpoint of its own chunks.
    const pinpoints = act.chunks.map((c) => c.pinpoint ?? '');
    const recitals = new Set(pinpoints.filter((p) => p.startsWith('Recital ')));
    expect(recitals.size).toBe(180);
    const articles = new Set(pinpoints.map((p) => /^Arts?\. (\d+)/.exec(p)?.[1]).filter((n) => n !== undefined));
    expect(articles.size).toBe(113);
    const annexes = new Set(pinpoints.map((p) => /^Annex ([IVX]+)/.exec(p)?.[1]).filter((n) => n !== undefined));
    expect(annexes.size).toBe(13);
  }, 60_000);
});

const nist = path.resolve(root, '../shared/corpora/nist-ai-rmf');
describe.skipIf(!existsSync(nist))('NIST AI RMF 1.0 from ../shared (skipped without it)', () => {
  it('gives each of the 72 Core subcategories a chunk and pinpoint of its own', () => {
    const { corpus } = compile(readContentFiles([nist], root));
    const subcategories = corpus.chunks.map((c) => c.pinpoint ?? '').filter((p) => /^(GOVERN|MAP|MEASURE|MANAGE) \d+\.\d+$/.test(p));
    expect(new Set(subcategories).size).toBe(72);
    expect(subcategories).toHaveLength(72);
  }, 60_000);
});
