import { describe, expect, it } from 'vitest';
import { CorpusLookup } from '../../src/core/corpus/lookup.js';
import { compile } from '../../src/core/pipeline.js';

const source = (id: string, body: string) => ({
  collection: 'sources' as const,
  file: `content/sources/${id}.md`,
  text: `---\nid: ${id}\ntitle: "Title ${id}"\npublisher: Pub\nurl: https://example.org/${id}\nlicense: CC-BY-4.0\n---\n\n${body}\n`,
});

const { corpus } = compile([
  source('alpha', 'Text before any heading.\n\n# Part one\n\n## Scope\n\nScope text.\n\n### Exceptions\n\nExceptions text.\n\n## Duties\n\nDuties text.\n\n# Part two\n\nPart two text.'),
  // No text before the first heading, so a heading called Introduction takes the anchor `introduction`.
  source('beta', '## Introduction\n\nOpening words.\n\n## Next\n\nMore words.'),
]);
const lookup = new CorpusLookup(corpus);

describe('resolving ids against the built corpus', () => {
  it('gives a source its table of contents: every section, in order, with heading path, URL and chunk ids', () => {
    const toc = lookup.source('alpha')?.toc ?? [];
    expect(toc.map((s) => [s.depth, s.path.join(' > '), s.url])).toEqual([
      [0, '', '/sources/alpha#introduction'],
      [1, 'Part one', '/sources/alpha#part-one'],
      [2, 'Part one > Scope', '/sources/alpha#scope'],
      [3, 'Part one > Scope > Exceptions', '/sources/alpha#exceptions'],
      [2, 'Part one > Duties', '/sources/alpha#duties'],
      [1, 'Part two', '/sources/alpha#part-two'],
    ]);
    expect(toc[0]?.heading).toBe('Title alpha');
    // A heading followed directly by a subheading has no text, hence no chunks, but stays in the contents.
    expect(toc[1]?.chunks).toEqual([]);
    const own = corpus.chunks.filter((c) => c.source === 'alpha');
    expect(toc.flatMap((s) => s.chunks)).toEqual(own.map((c) => c.id));
    for (const section of toc) {
      for (const id of section.chunks) expect(own.find((c) => c.id === id)?.url).toBe(section.url);
    }
  });

  it('does not take a heading called Introduction for the text before the first heading', () => {
    const toc = lookup.source('beta')?.toc ?? [];
    expect(toc.map((s) => [s.depth, s.heading])).toEqual([[2, 'Introduction'], [2, 'Next']]);
    expect(toc[0]?.chunks).toHaveLength(1);
  });

  it('links each chunk to the previous and next chunk of the same source only', () => {
    const ids = corpus.chunks.filter((c) => c.source === 'alpha').map((c) => c.id);
    ids.forEach((id, i) => {
      const found = lookup.chunk(id);
      expect(found?.chunk.id).toBe(id);
      expect(found?.source.meta.id).toBe('alpha');
      expect(found?.previous).toBe(ids[i - 1] ?? null);
      expect(found?.next).toBe(ids[i + 1] ?? null);
    });
    const beta = corpus.chunks.filter((c) => c.source === 'beta');
    expect(lookup.chunk(beta[0]!.id)?.previous).toBeNull();
  });

  it('answers undefined for ids it does not know', () => {
    expect(lookup.chunk('alpha:000000000000')).toBeUndefined();
    expect(lookup.chunk('alpha')).toBeUndefined();
    expect(lookup.source('gamma')).toBeUndefined();
  });
});
