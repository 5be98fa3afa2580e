import path from 'node:path';

/** The artifacts of a build directory (docs/artifact.md). */
export interface BuildFiles {
  /** Corpus: sources, glossary, wisdom, chunk records and pages. */
  corpus: string;
  /** Search index: postings over the chunks. */
  index: string;
}

export function buildFiles(dir: string): BuildFiles {
  return { corpus: path.join(dir, 'corpus.bin'), index: path.join(dir, 'index.bin') };
}
