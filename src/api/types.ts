/**
 * Every response shape of the API, shared by the endpoints, the OpenAPI document and the tests.
 * Field names are snake_case where they echo a request parameter (`top_k`, `max_chars`).
 */
import type { CategoryCount } from '../core/wisdom.js';
import type { Chunk, GlossaryEntry, SourceMeta, WisdomEntry } from '../core/types.js';

export type { CategoryCount, Chunk, GlossaryEntry, SourceMeta, WisdomEntry };

export const LICENSE = 'CC-BY-4.0';
export const API_BASE = '/api/occ';

/** Carried by every JSON body, errors included. */
export interface Licensed {
  license: typeof LICENSE;
  /** How to credit OCC when reusing the body, naming the operator and its website. */
  attribution: string;
}

export interface HealthResponse extends Licensed {
  status: 'ok';
  /** Semver of the running service. */
  version: string;
  chunks: number;
  sources: number;
  glossary: number;
  wisdom: number;
  index: { content_hash: string; built_at: string };
  /** Seconds since the server started. */
  uptime: number;
}

/** A chunk as returned by /search: its fields with an absolute `url`, plus the source title, score and snippet. */
export interface SearchResult extends Chunk {
  title: string;
  score: number;
  /** The best window of the text around the matched words. */
  snippet: string;
  /** [start, end) offsets of the matched words in `snippet`. */
  highlights: [number, number][];
}

export interface SearchResponse extends Licensed {
  query: string;
  top: number;
  source: string | null;
  /** How many chunks match, of which `results` are the best `top`. */
  total: number;
  results: SearchResult[];
}

export interface RagChunk {
  /** The passage's number in `context`, from 1. */
  n: number;
  /** Chunk ids in the passage (several when adjacent chunks of one section were merged). */
  ids: string[];
  source: string;
  text: string;
  score: number;
  citation: {
    title: string;
    heading: string;
    path: string[];
    url: string;
    license: string;
  };
}

export interface RagResponse extends Licensed {
  query: string;
  top_k: number;
  max_chars: number | null;
  chunks: RagChunk[];
  /** The passages numbered [1]..[n] with their citations, ready to paste into a prompt. */
  context: string;
  /** The distinct sources cited, in order of first citation. */
  sources: SourceMeta[];
}

export interface GlossaryItem extends GlossaryEntry {
  /** The term's anchor on the docs site's glossary page. */
  url: string;
}

export interface GlossaryResponse extends Licensed {
  query: string | null;
  total: number;
  entries: GlossaryItem[];
}

export interface SourceItem extends SourceMeta {
  /** Number of chunks of this source; the numbers add up to /health's `chunks`. */
  chunks: number;
  /** The source's page on the docs site. */
  page: string;
}

export interface SourcesResponse extends Licensed {
  total: number;
  sources: SourceItem[];
}

export interface WisdomResponse extends Licensed {
  category: string | null;
  total: number;
  entries: WisdomEntry[];
  /** Every category with its number of entries, whatever the filter. */
  categories: CategoryCount[];
}

/** RFC 9457 problem details, sent as application/problem+json. */
export interface Problem extends Licensed {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The request parameter or body field at fault, when there is one. */
  parameter?: string;
}

/** Limits of the API, stated in errors, the docs and the OpenAPI document from this one place. */
export const LIMITS = {
  queryMaxChars: 1000,
  topMin: 1,
  topMax: 50,
  topDefault: 5,
  maxCharsMin: 200,
  maxCharsMax: 100_000,
  bodyMaxBytes: 16 * 1024,
} as const;
