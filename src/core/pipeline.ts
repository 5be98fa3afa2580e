import { createHash } from 'node:crypto';
import { chunkSections, wordCount } from './chunking/chunk.js';
import { mentionLinker, ReferenceResolver, resolveReferences } from './chunking/references.js';
import { splitSections } from './chunking/sections.js';
import { sectionUrl } from './site-urls.js';
import { CORPUS_FORMAT_VERSION, type CorpusArtifact } from './corpus/artifact.js';
import { buildCorpus, type ContentFile } from './corpus/corpus.js';
import { buildIndex, DEFAULT_RANKING, indexDoc, type RankingParams } from './index/build.js';
import { serializeIndex, type IndexArtifact } from './index/artifact.js';

export interface BuildResult {
  corpus: CorpusArtifact;
  index: IndexArtifact;
}

/** Hash of the content itself (collection, file name, text), independent of where the directories are. */
export function contentHash(files: readonly ContentFile[]): string {
  const hash = createHash('sha256');
  const keyed = files.map((f) => ({ key: `${f.collection}/${f.file.split(/[\\/]/).pop()}`, text: f.text }));
  for (const { key, text } of keyed.sort((a, b) => a.key.localeCompare(b.key))) hash.update(`${key}\0${text}\0`);
  return hash.digest('hex').slice(0, 16);
}

/** Content files → validated corpus → sections and chunks → Lunr index, all in memory. */
export function compile(files: readonly ContentFile[], builtAt = new Date(), ranking: RankingParams = DEFAULT_RANKING): BuildResult {
  const corpus = buildCorpus(files);
  const hash = contentHash(files);
  const split = corpus.sources.map((source) => {
    const sectioned = splitSections(source.body, source.meta.title);
    return { source, sectioned, chunks: chunkSections(source.meta.id, sectioned.sections) };
  });
  const chunks = split.flatMap((s) => s.chunks);
  // References cross sources, so they are resolved, and the pages linked, once every source is chunked.
  const resolver = new ReferenceResolver(corpus.sources.map((s) => s.meta));
  resolveReferences(chunks, resolver);
  const anchors = new Map(split.map(({ source, sectioned }) => [source.meta.id, sectioned.anchorOf]));
  const sources = split.map(({ source, sectioned, chunks: own }) => ({
    meta: source.meta,
    chunks: own.length,
    words: own.reduce((sum, chunk) => sum + wordCount(chunk.text), 0),
    html: sectioned.render(mentionLinker(resolver, source.meta.id, anchors, sectionUrl)),
    toc: sectioned.sections.filter((s) => s.depth > 0).map(({ depth, heading, anchor }) => ({ depth, heading, anchor })),
  }));
  const titles = new Map(corpus.sources.map((s) => [s.meta.id, s.meta.title]));
  const index = buildIndex(chunks.map((chunk) => indexDoc(chunk, titles.get(chunk.source) ?? '')), ranking);
  return {
    corpus: {
      format: 'occ-corpus',
      formatVersion: CORPUS_FORMAT_VERSION,
      contentHash: hash,
      builtAt: builtAt.toISOString(),
      sources,
      chunks,
      glossary: corpus.glossary,
      wisdom: corpus.wisdom,
    },
    index: serializeIndex(index, hash, builtAt),
  };
}
