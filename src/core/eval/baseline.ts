import lunr from 'lunr';
import { chunkSections } from '../chunking/chunk.js';
import type { Section } from '../chunking/sections.js';
import type { Chunk } from '../types.js';

/**
 * The comparison point for legal retrieval: Lunr 2.3.9 with its defaults (its tokenizer, stop words, stemmer,
 * BM25 k1 1.2 b 0.75) over a naive heading chunker (the sections cut by size, blind to legal structure), with
 * the heading path and the text as two equally weighted fields.
 */
export function naiveChunks(sourceId: string, sections: readonly Section[]): Chunk[] {
  const blind = sections.map(({ address: _address, ...section }) => ({ ...section, marks: section.marks.map(() => ({ opens: false })) }));
  return chunkSections(sourceId, blind);
}

export class PlainLunr {
  private readonly index: lunr.Index;

  constructor(chunks: readonly Chunk[]) {
    this.index = lunr(function () {
      this.ref('id');
      this.field('heading');
      this.field('text');
      for (const chunk of chunks) this.add({ id: chunk.id, heading: chunk.path.join(' '), text: chunk.text });
    });
  }

  /** Every word of the query as an optional term, as a search box would send it (no query syntax). */
  search(text: string, top: number): string[] {
    const tokens = lunr.tokenizer(text);
    return this.index
      .query((q) => q.term(tokens, {}))
      .slice(0, top)
      .map((r) => r.ref);
  }
}
