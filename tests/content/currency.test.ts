import matter from 'gray-matter';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { staleClaims } from '../../src/core/corpus/currency-check.js';
import { contentDirs, readContentFiles } from '../../src/core/corpus/load-fs.js';
import { markdownToText } from '../../src/core/markdown.js';
import type { Currency } from '../../src/core/types.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const files = readContentFiles(contentDirs('content', root), root);
const corpus = buildCorpus(files);
const buildDate = new Date().toISOString().slice(0, 10);

interface Entry extends Currency {
  file: string;
  text: string;
}
const fileOf = (collection: string, id: string) => path.join('content', collection, `${id}.md`);
const entries: Entry[] = [
  ...corpus.sources.map((s) => ({ ...s.meta, file: s.file, text: markdownToText(s.body) })),
  ...corpus.glossary.map((g) => ({ ...g, file: fileOf('glossary', g.id), text: `${g.term}. ${g.definition}` })),
  ...corpus.wisdom.map((w) => ({ ...w, file: fileOf('wisdom', w.id), text: `${w.title}. ${w.text}` })),
];

describe('the shipped corpus is dated and not stale', () => {
  it('gives every file its own as_of (a source may not lean on its published date)', () => {
    const missing = files.filter((f) => (matter(f.text, {}).data as Record<string, unknown>)['as_of'] === undefined).map((f) => f.file);
    expect(missing).toEqual([]);
    expect(entries).toHaveLength(files.length);
  });

  it('has no as_of later than the build date', () => {
    const late = entries.filter((e) => (e.as_of ?? '') > buildDate).map((e) => `${e.file}: as_of ${e.as_of}`);
    expect(late).toEqual([]);
  });

  it('has no forward-looking sentence whose date has passed since the entry was checked', () => {
    const stale = entries.flatMap((e) =>
      staleClaims(e.text, { as_of: e.as_of ?? '', changelog: e.changelog ?? [] }, buildDate).map(
        (c) => `${e.file} (as_of ${e.as_of}): "${c.marker}" with ${c.date} has passed: ${c.sentence}`,
      ),
    );
    expect(stale, 'revisit these entries: correct or date the sentence, then update as_of or add a changelog line').toEqual([]);
  });
});
