import { words } from '../index/analysis.js';
import type { Language } from '../index/languages.js';
import type { Hit, SearchEngine } from '../search/search.js';
import { searchPhrasings, type WordsAlone } from '../search/words-alone.js';
import { provenanceLine } from '../provenance.js';
import type { Chunk, SourceKind, SourceMeta } from '../types.js';

/** Knobs of context assembly, with their defaults. */
export interface RagOptions {
  topK: number;
  /** Only chunks of these sources: a text's own provisions, when explainers of it are indexed beside it. */
  sources?: readonly string[] | undefined;
  /** Sources left out: the versions of a law not in force on the date asked. */
  excluded?: ReadonlySet<string> | undefined;
  /** The language to analyse the question in and whose sources to draw on (`SearchOptions.lang`); absent: detected. */
  lang?: Language | undefined;
  /** Other phrasings of the question, searched too and fused with it by reciprocal rank fusion (fusion.ts). */
  queries?: readonly string[] | undefined;
  /** Cap on the length of `context`; the cut falls between chunks. */
  maxChars?: number | undefined;
  /** Candidates retrieved per chunk wanted, so that dropping duplicates still leaves enough. Default 4. */
  candidateFactor?: number;
  /** Two chunks sharing this share of their word trigrams (of the smaller one) are near-duplicates. Default 0.8. */
  duplicateOverlap?: number;
  /** Scores within this ratio of the best remaining one count as close; among them a new source wins. Default 0.9. */
  closeScore?: number;
}

export interface Citation {
  /** Number of the passage in `context`, from 1. */
  n: number;
  /** Chunk ids in the passage: more than one when adjacent chunks of a section were merged. */
  ids: string[];
  source: string;
  title: string;
  /** Whether the passage is an official text or our explainer, so a model cannot quote one as the other. */
  kind: SourceKind;
  /** The provenance line `context` gives the passage ("official text, European Union"; "explainer by …"). */
  provenance: string;
  heading: string;
  path: string[];
  /** Legal citation of the passage's first chunk ("Art. 5(1)(f)"), when it has one. */
  pinpoint?: string;
  url: string;
  license: string;
  /** The source's as_of, so a model reading the passage knows how current it is. */
  as_of: string;
  score: number;
  text: string;
}

export interface RagContext {
  chunks: Citation[];
  context: string;
  sources: SourceMeta[];
  /** Set when no chunk held the question's quoted phrases and the passages are what its words find alone. */
  wordsAlone: WordsAlone | null;
}

/**
 * Retrieves candidates for a question and assembles a numbered context: near-duplicates dropped, sources
 * kept diverse when scores are close, adjacent chunks of one section merged, within the character budget.
 */
export function assembleContext(
  engine: SearchEngine,
  sources: ReadonlyMap<string, SourceMeta>,
  query: string,
  options: RagOptions,
  absoluteUrl: (path: string) => string = (path) => path,
): RagContext {
  const factor = options.candidateFactor ?? 4;
  const { hits, wordsAlone } = searchPhrasings(engine, [query, ...(options.queries ?? [])], { top: options.topK * factor, sources: options.sources, excluded: options.excluded, snippets: false, lang: options.lang });
  const distinct = dropNearDuplicates(hits, options.duplicateOverlap ?? 0.8);
  const selected = withExplanation(diversify(distinct, options.topK, options.closeScore ?? 0.9), distinct, options.topK, engine.recitalFactor(query));
  const passages = mergeAdjacent(selected);

  const chunks: Citation[] = [];
  const blocks: string[] = [];
  let length = 0;
  for (const passage of passages) {
    const first = passage[0];
    if (first === undefined) continue;
    const meta = sources.get(first.chunk.source);
    const citationOf = (kept: readonly Hit[], text = kept.map((hit) => hit.chunk.text).join('\n')): Citation => ({
      n: chunks.length + 1,
      ids: kept.map((hit) => hit.chunk.id),
      source: first.chunk.source,
      title: meta?.title ?? first.chunk.source,
      kind: meta?.kind ?? 'explainer',
      provenance: meta === undefined ? 'unknown source' : provenanceLine(meta),
      heading: first.chunk.heading,
      path: first.chunk.path,
      ...(first.chunk.pinpoint === undefined ? {} : { pinpoint: first.chunk.pinpoint }),
      url: absoluteUrl(first.chunk.url),
      license: meta?.license ?? 'unknown',
      as_of: meta?.as_of ?? 'unknown',
      score: Math.max(...kept.map((hit) => hit.score)),
      text,
    });
    const separator = blocks.length > 0 ? 2 : 0;
    const room = options.maxChars === undefined ? Infinity : options.maxChars - length - separator;
    let citation = citationOf(passage);
    const over = formatBlock(citation).length > room;
    if (over) {
      // Over budget: keep the leading chunks of the passage that fit, cutting between chunks; for the first
      // passage only, when not even one chunk fits, its leading whole sentences. Then stop.
      let kept = passage.length - 1;
      while (kept > 0 && formatBlock(citationOf(passage.slice(0, kept))).length > room) kept--;
      if (kept > 0) citation = citationOf(passage.slice(0, kept));
      else if (blocks.length === 0) {
        const text = sentencesWithin(first.chunk.text, room - formatBlock(citationOf([first], '')).length);
        if (text === '') break;
        citation = citationOf([first], text);
      } else break;
    }
    const block = formatBlock(citation);
    chunks.push(citation);
    blocks.push(block);
    length += separator + block.length;
    if (over) break;
  }
  const cited = [...new Set(chunks.map((c) => c.source))];
  return {
    chunks,
    context: blocks.join('\n\n'),
    sources: cited.map((id) => sources.get(id)).filter((s): s is SourceMeta => s !== undefined),
    wordsAlone,
  };
}

export function formatBlock(c: Pick<Citation, 'n' | 'title' | 'provenance' | 'path' | 'pinpoint' | 'url' | 'as_of' | 'text'>): string {
  const where = c.path.length > 0 ? ` — ${c.path.join(' › ')}` : '';
  const pinpoint = c.pinpoint === undefined ? '' : `, ${c.pinpoint}`;
  return `[${c.n}] ${c.title}${pinpoint}${where} (${c.provenance}; ${c.url}; as of ${c.as_of})\n${c.text}`;
}

/** Trigrams of a chunk, computed once: analysing 200 candidate texts was most of a large request's CPU. */
const trigramsOfChunk = new WeakMap<Chunk, Set<string>>();
function chunkTrigrams(chunk: Chunk): Set<string> {
  let grams = trigramsOfChunk.get(chunk);
  if (grams === undefined) {
    grams = trigrams(chunk.text);
    trigramsOfChunk.set(chunk, grams);
  }
  return grams;
}

function trigrams(text: string): Set<string> {
  const w = words(text);
  const grams = new Set<string>();
  for (let i = 0; i + 2 < w.length; i++) grams.add(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
  if (grams.size === 0 && w.length > 0) grams.add(w.join(' '));
  return grams;
}

/**
 * Keeps hits in order, dropping one whose trigrams overlap a kept hit's by `threshold` (of the smaller set).
 * Shared trigrams are counted through an index of the kept hits' trigrams, so only pairs that share any are
 * touched: comparing every pair of 200 candidates was most of a large request's CPU.
 */
function dropNearDuplicates(hits: readonly Hit[], threshold: number): Hit[] {
  const kept: Hit[] = [];
  const sizes: number[] = [];
  const holders = new Map<string, number[]>();
  for (const hit of hits) {
    const grams = chunkTrigrams(hit.chunk);
    const shared = new Map<number, number>();
    for (const gram of grams) for (const i of holders.get(gram) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    let duplicate = false;
    for (const [i, count] of shared) {
      if (count / Math.max(1, Math.min(grams.size, sizes[i] ?? 0)) >= threshold) {
        duplicate = true;
        break;
      }
    }
    if (duplicate) continue;
    const index = kept.push(hit) - 1;
    sizes.push(grams.size);
    for (const gram of grams) {
      const list = holders.get(gram);
      if (list) list.push(index);
      else holders.set(gram, [index]);
    }
  }
  return kept;
}

/** Greedy: take the best remaining hit, unless one from a less-cited source scores close to it. */
function diversify(hits: readonly Hit[], k: number, close: number): Hit[] {
  const remaining = [...hits];
  const chosen: Hit[] = [];
  const perSource = new Map<string, number>();
  while (chosen.length < k && remaining.length > 0) {
    const bestScore = remaining[0]?.score ?? 0;
    let pick = 0;
    let pickCount = perSource.get(remaining[0]?.chunk.source ?? '') ?? 0;
    for (let i = 1; i < remaining.length && (remaining[i]?.score ?? 0) >= bestScore * close; i++) {
      const count = perSource.get(remaining[i]?.chunk.source ?? '') ?? 0;
      if (count < pickCount) {
        pick = i;
        pickCount = count;
      }
    }
    const [hit] = remaining.splice(pick, 1);
    if (hit === undefined) break;
    chosen.push(hit);
    perSource.set(hit.chunk.source, pickCount + 1);
  }
  return chosen;
}

const isRecital = (hit: Hit) => hit.chunk.pinpoint?.startsWith('Recital') === true;

/**
 * Search ranks recitals below the operative provisions they explain (a score factor below 1), which orders the
 * context but can also leave the explanation out. When no recital was chosen and the best recital among the
 * candidates would have been chosen without that factor (its score undone by the factor reaches the lowest chosen
 * score), it takes the last place: the Articles first, then the recital that explains them.
 */
function withExplanation(chosen: Hit[], candidates: readonly Hit[], k: number, recitalFactor: number): Hit[] {
  if (recitalFactor >= 1 || chosen.length === 0 || chosen.some(isRecital)) return chosen;
  const recital = candidates.find(isRecital);
  const floor = Math.min(...chosen.map((hit) => hit.score));
  if (recital === undefined || recital.score / recitalFactor < floor) return chosen;
  return [...chosen.slice(0, k - 1), recital];
}

/**
 * Groups chosen hits so that consecutive chunks of one section read as one passage, in source order. A passage
 * sits where its best hit ranked; a hit adjacent to two passages joins them.
 */
function mergeAdjacent(hits: readonly Hit[]): Hit[][] {
  let passages: Hit[][] = [];
  const sameSection = (a: Chunk, b: Chunk) => a.source === b.source && a.url === b.url;
  for (const hit of hits) {
    const touching = passages.filter((p) =>
      p.some((h) => sameSection(h.chunk, hit.chunk) && Math.abs(h.chunk.position - hit.chunk.position) === 1),
    );
    const [into, ...rest] = touching;
    if (into === undefined) {
      passages.push([hit]);
      continue;
    }
    into.push(hit, ...rest.flat());
    into.sort((a, b) => a.chunk.position - b.chunk.position);
    passages = passages.filter((p) => !rest.includes(p));
  }
  return passages;
}

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

function sentencesWithin(text: string, budget: number): string {
  let out = '';
  for (const { segment } of sentenceSegmenter.segment(text)) {
    if ((out + segment).trimEnd().length > budget) break;
    out += segment;
  }
  return out.trimEnd();
}
