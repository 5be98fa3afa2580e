import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { buildFiles } from './build-files.js';
import { compileInThreads, type CompiledSource } from './build-threads.js';
import { chunkSections, wordCount } from './chunking/chunk.js';
import type { Address } from './legal/address.js';
import { frameworkItemIds } from './legal/framework.js';
import { mentionLinker, ReferenceResolver, resolveReferences, targetsOf, type Targets } from './chunking/references.js';
import { splitSections } from './chunking/sections.js';
import { CORPUS_FORMAT_VERSION, CorpusWriter, type BuiltSource, type CorpusHeader } from './corpus/artifact.js';
import { buildCorpus, type ContentFile } from './corpus/corpus.js';
import { writeIndexArtifact } from './index/artifact.js';
import { configuredBuilder, DEFAULT_RANKING, indexDoc, type RankingParams } from './index/build.js';
import { DocumentAnalyzer, IndexBuilder, type IndexStats } from './index/builder.js';
import { analysisLanguage } from './index/languages.js';
import type { PostingsData } from './search/postings.js';
import { sectionUrl } from './site-urls.js';
import type { Chunk, GlossaryEntry, SourceDoc, WisdomEntry } from './types.js';

/** Hash of the content itself (collection, file name, text), independent of where the directories are. */
export function contentHash(files: readonly ContentFile[]): string {
  const hash = createHash('sha256');
  const keyed = files.map((f) => ({ key: `${f.collection}/${f.file.split(/[\\/]/).pop()}`, text: f.text }));
  for (const { key, text } of keyed.sort((a, b) => a.key.localeCompare(b.key))) hash.update(`${key}\0${text}\0`);
  return hash.digest('hex').slice(0, 16);
}

/** Where mentions of one instrument can land: its chunks' provisions, and the anchor of each on its page. */
interface Landing {
  targets: Targets;
  anchorOf: (a: Address) => string | undefined;
}

/**
 * What a source's mentions need to know of the instruments other sources may cite: where they can land.
 * References cross sources, but only into an instrument's own text (`ReferenceResolver.isText`) or a framework's
 * items ("GOVERN 1.6"). Such a source is worked out when a mention in another source first names it: chunked from
 * its body, unless its own compile came first and kept what it found. A corpus whose texts cite only themselves
 * (an act repeated, a set of unrelated acts) is thus chunked once, not once more per build thread.
 */
export class CitedTexts {
  readonly resolver: ReferenceResolver;
  private readonly texts = new Map<string, SourceDoc>();
  private readonly landings = new Map<string, Landing>();

  constructor(sources: readonly SourceDoc[]) {
    this.resolver = new ReferenceResolver(sources.map((s) => s.meta));
    for (const source of sources) {
      const items = frameworkItemIds(source.body);
      this.resolver.holdsItems(source.meta.id, items);
      if (this.resolver.isText(source.meta.id) || items.length > 0) this.texts.set(source.meta.id, source);
    }
  }

  landing(id: string): Landing | undefined {
    const known = this.landings.get(id);
    if (known !== undefined) return known;
    const source = this.texts.get(id);
    if (source === undefined) return undefined;
    const sectioned = splitSections(source.body, source.meta.title);
    return this.keep(id, { targets: targetsOf(chunkSections(id, sectioned.sections)), anchorOf: sectioned.anchorOf });
  }

  /** A source's own compile found where its provisions land: kept if other sources may cite it. */
  compiled(id: string, landing: Landing): void {
    if (this.texts.has(id)) this.keep(id, landing);
  }

  private keep(id: string, landing: Landing): Landing {
    this.landings.set(id, landing);
    this.texts.delete(id);
    return landing;
  }
}

/** One source → its chunks, references resolved across sources, and its page with the mentions linked. */
export function compileSource(source: SourceDoc, cited: CitedTexts): { built: BuiltSource; html: string; chunks: Chunk[] } {
  const id = source.meta.id;
  const sectioned = splitSections(source.body, source.meta.title);
  const chunks = chunkSections(id, sectioned.sections);
  const own = targetsOf(chunks);
  cited.compiled(id, { targets: own, anchorOf: sectioned.anchorOf });
  resolveReferences(chunks, cited.resolver, (target) => (target === id ? own : cited.landing(target)?.targets));
  const anchors = (target: string) => (target === id ? sectioned.anchorOf : cited.landing(target)?.anchorOf);
  const html = sectioned.render(mentionLinker(cited.resolver, id, anchors, sectionUrl));
  const built: BuiltSource = {
    meta: source.meta,
    chunks: chunks.length,
    words: chunks.reduce((sum, chunk) => sum + wordCount(chunk.text), 0),
    toc: sectioned.sections.filter((s) => s.depth > 0).map(({ depth, heading, anchor }) => ({ depth, heading, anchor })),
  };
  return { built, html, chunks };
}

export function compileAnalyzed(source: SourceDoc, cited: CitedTexts, analyzer: DocumentAnalyzer): CompiledSource {
  const { built, html, chunks } = compileSource(source, cited);
  return { built, html, chunks, docs: chunks.map((chunk) => analyzer.analyze(indexDoc(chunk, source.meta.title, analysisLanguage(source.meta.language)))) };
}

type Visit = (built: BuiltSource, html: string, chunks: Chunk[]) => void;
type Built = { hash: string; glossary: GlossaryEntry[]; wisdom: WisdomEntry[]; postings: PostingsData; stats: IndexStats };

/**
 * Validated content → each source in turn: chunks to `visit`, documents to the index builder. A source's body
 * is released once it is chunked, so the build holds one source's chunks at a time, not the corpus.
 */
function eachSource(files: readonly ContentFile[], ranking: RankingParams, visit: Visit): Built {
  const corpus = buildCorpus(files);
  const hash = contentHash(files);
  const cited = new CitedTexts(corpus.sources);
  const index = new IndexBuilder(configuredBuilder(ranking));
  for (const source of corpus.sources) {
    const { built, html, chunks } = compileSource(source, cited);
    source.body = '';
    const language = analysisLanguage(source.meta.language);
    for (const chunk of chunks) index.add(indexDoc(chunk, source.meta.title, language));
    visit(built, html, chunks);
  }
  const { postings, stats } = index.finish();
  return { hash, glossary: corpus.glossary, wisdom: corpus.wisdom, postings, stats };
}

/**
 * `eachSource` with the sources compiled and analyzed by worker threads (build-threads.ts) and taken back in
 * order, so the index builder and `visit` see exactly what `eachSource` would: the files come out byte for byte
 * the same.
 */
async function eachSourceThreaded(files: readonly ContentFile[], ranking: RankingParams, threads: number, visit: Visit): Promise<Built> {
  const corpus = buildCorpus(files);
  const hash = contentHash(files);
  const resolver = new ReferenceResolver(corpus.sources.map((s) => s.meta));
  // Workers need every source's metadata for the resolver, and the bodies of the texts mentions can land in.
  const setup = { ranking, sources: corpus.sources.map((s) => (resolver.isText(s.meta.id) ? s : { ...s, body: '' })) };
  const index = new IndexBuilder(configuredBuilder(ranking));
  for await (const { built, html, chunks, docs } of compileInThreads(corpus.sources, setup, threads)) {
    for (const doc of docs) index.addAnalyzed(doc);
    visit(built, html, chunks);
  }
  const { postings, stats } = index.finish();
  return { hash, glossary: corpus.glossary, wisdom: corpus.wisdom, postings, stats };
}

/** The corpus compiled in memory (tests, the eval harness): the same steps and numbers as `writeBuild`. */
export interface Compiled {
  corpus: Omit<CorpusHeader, 'chunkCount'> & { sources: BuiltSource[]; chunks: Chunk[]; html: Map<string, string> };
  postings: PostingsData;
  stats: IndexStats;
}

export function compile(files: readonly ContentFile[], builtAt = new Date(), ranking: RankingParams = DEFAULT_RANKING): Compiled {
  const sources: BuiltSource[] = [];
  const chunks: Chunk[] = [];
  const html = new Map<string, string>();
  const { hash, glossary, wisdom, postings, stats } = eachSource(files, ranking, (built, page, own) => {
    sources.push(built);
    html.set(built.meta.id, page);
    chunks.push(...own);
  });
  return {
    corpus: { format: 'occ-corpus', formatVersion: CORPUS_FORMAT_VERSION, contentHash: hash, builtAt: builtAt.toISOString(), sources, glossary, wisdom, chunks, html },
    postings,
    stats,
  };
}

export interface WriteStats {
  sources: number;
  chunks: number;
  words: number;
  glossary: number;
  wisdom: number;
  corpusBytes: number;
  indexBytes: number;
  contentHash: string;
}

/**
 * Content → `corpus.bin` and `index.bin` in `outDir` (docs/artifact.md), sources streamed: each source's chunks
 * are written to the corpus file and added to the index builder, then dropped. With `threads` > 1, worker threads
 * compile the sources (the build config, scripts/build-config.ts, says how many); the files are the same either way.
 */
export async function writeBuild(
  files: readonly ContentFile[],
  outDir: string,
  builtAt = new Date(),
  ranking: RankingParams = DEFAULT_RANKING,
  threads = 1,
): Promise<WriteStats> {
  mkdirSync(outDir, { recursive: true });
  const out = buildFiles(outDir);
  const writer = new CorpusWriter(out.corpus);
  let chunks = 0;
  let words = 0;
  let sources = 0;
  const visit: Visit = (built, html, own) => {
    writer.addSource(built, html, own);
    chunks += own.length;
    words += built.words;
    sources++;
  };
  try {
    const { hash, glossary, wisdom, postings, stats } = threads > 1 ? await eachSourceThreaded(files, ranking, threads, visit) : eachSource(files, ranking, visit);
    const corpusBytes = writer.finish({ contentHash: hash, builtAt: builtAt.toISOString(), glossary, wisdom });
    const indexBytes = writeIndexArtifact(out.index, postings, stats, hash, builtAt);
    return { sources, chunks, words, glossary: glossary.length, wisdom: wisdom.length, corpusBytes, indexBytes, contentHash: hash };
  } catch (error) {
    writer.abort();
    throw error;
  }
}
