/**
 * JSON Schemas (2020-12, the dialect of OpenAPI 3.1) of every request and response body, written once here.
 *
 * Why hand-written rather than generated: a generator (ts-json-schema-generator, typia) would add a build
 * step and a heavy dependency for a dozen small shapes, and could not carry the limits (LIMITS) and formats
 * the document must state. Instead each schema is an `as const` value, `Infer` turns it back into a type, and
 * the `Same<...>` assertions at the bottom fail `tsc` (and `npm run check`) the moment a schema and its
 * interface in ./types.ts disagree on a field, its type or whether it is optional. The tests then check every
 * live response against these schemas, so neither side can drift unnoticed.
 */
import {
  LICENSE,
  LIMITS,
  type CategoryCount,
  type Chunk,
  type GlossaryEntry,
  type GlossaryItem,
  type GlossaryResponse,
  type HealthResponse,
  type Problem,
  type RagChunk,
  type RagResponse,
  type SearchResponse,
  type SearchResult,
  type SourceItem,
  type SourceMeta,
  type SourcesResponse,
  type WisdomEntry,
  type WisdomResponse,
} from './types.js';
import { SLUG } from '../core/corpus/fields.js';

// ---------------------------------------------------------------------------------------------------------
// Building blocks

const str = { type: 'string' } as const;
const nonEmpty = { type: 'string', minLength: 1 } as const;
/** Source ids and categories, with the pattern content validation applies. */
export const slug = { type: 'string', pattern: SLUG.source } as const;
const int = { type: 'integer' } as const;
const date = { type: 'string', format: 'date' } as const;
const stringList = { type: 'array', items: str } as const;
const slugList = { type: 'array', items: slug } as const;

const currencyProperties = {
  as_of: { ...date, description: 'The date up to which the text was checked to be current.' },
  changelog: {
    type: 'array',
    description: 'Dated substantive changes, newest first.',
    items: {
      type: 'object',
      properties: { date, note: nonEmpty },
      required: ['date', 'note'],
      additionalProperties: false,
    },
  },
} as const;

const licensedProperties = {
  license: { const: LICENSE, description: 'The license of the body: CC BY 4.0.' },
  attribution: { type: 'string', description: 'How to credit OCC when reusing the body, naming the operator and its website.' },
} as const;
const licensedRequired = ['license', 'attribution'] as const;

// ---------------------------------------------------------------------------------------------------------
// Domain objects

export const sourceMetaSchema = {
  type: 'object',
  description: 'A source document: its metadata and provenance.',
  properties: {
    id: slug,
    title: nonEmpty,
    publisher: nonEmpty,
    url: { type: 'string', format: 'uri', description: 'Canonical provenance of the original document.' },
    license: { type: 'string', description: 'SPDX id where one exists, else the name of the terms.' },
    published: date,
    retrieved: date,
    version: str,
    language: { type: 'string', description: 'BCP 47 tag.' },
    description: str,
    tags: slugList,
    ...currencyProperties,
  },
  required: ['id', 'title', 'publisher', 'url', 'license', 'language', 'tags'],
  additionalProperties: false,
} as const;

const chunkProperties = {
  id: { type: 'string', description: 'Stable across builds: `<source>:<hash>`.' },
  source: slug,
  heading: { type: 'string', description: 'Nearest heading above the chunk; the source title for text before the first heading.' },
  path: { ...stringList, description: 'Headings from the outermost down to `heading`; empty before the first heading.' },
  text: str,
  position: { type: 'integer', minimum: 0, description: 'Order of the chunk within its source, from 0.' },
  url: { type: 'string', format: 'uri-reference', description: "URL of the chunk's section on the docs site." },
  pinpoint: { type: 'string', description: 'Legal citation of what the chunk covers, e.g. "Art. 5(1)(f)", "Recital 44", "GOVERN 1.6".' },
  references: {
    type: 'array',
    description: 'Provisions of the same instrument the chunk mentions, resolved to the chunk that holds each.',
    items: {
      type: 'object',
      properties: { pinpoint: str, chunk: { type: 'string', description: 'Id of the referenced chunk.' } },
      required: ['pinpoint', 'chunk'],
      additionalProperties: false,
    },
  },
} as const;
const chunkRequired = ['id', 'source', 'heading', 'path', 'text', 'position', 'url'] as const;

export const chunkSchema = {
  type: 'object',
  properties: chunkProperties,
  required: chunkRequired,
  additionalProperties: false,
} as const;

const glossaryProperties = {
  id: slug,
  term: nonEmpty,
  aliases: stringList,
  related: { ...slugList, description: 'Ids of related glossary entries.' },
  sources: { ...slugList, description: 'Ids of sources that define or use the term.' },
  definition: { type: 'string', description: 'The definition as plain text.' },
  ...currencyProperties,
} as const;
const glossaryRequired = ['id', 'term', 'aliases', 'related', 'sources', 'definition'] as const;

export const glossaryEntrySchema = {
  type: 'object',
  properties: glossaryProperties,
  required: glossaryRequired,
  additionalProperties: false,
} as const;

export const wisdomEntrySchema = {
  type: 'object',
  properties: {
    id: slug,
    title: nonEmpty,
    category: slug,
    tags: slugList,
    sources: { ...slugList, description: 'Ids of the sources the insight rests on.' },
    text: { type: 'string', description: 'The insight as plain text.' },
    ...currencyProperties,
  },
  required: ['id', 'title', 'category', 'tags', 'sources', 'text'],
  additionalProperties: false,
} as const;

export const categoryCountSchema = {
  type: 'object',
  properties: { category: slug, count: { type: 'integer', minimum: 1 } },
  required: ['category', 'count'],
  additionalProperties: false,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Responses

export const healthResponseSchema = {
  type: 'object',
  properties: {
    status: { const: 'ok' },
    version: { type: 'string', description: 'Semver of the running service.' },
    chunks: int,
    sources: int,
    glossary: int,
    wisdom: int,
    index: {
      type: 'object',
      properties: { content_hash: str, built_at: { type: 'string', format: 'date-time' } },
      required: ['content_hash', 'built_at'],
      additionalProperties: false,
    },
    uptime: { type: 'integer', minimum: 0, description: 'Seconds since the server started.' },
    ...licensedProperties,
  },
  required: ['status', 'version', 'chunks', 'sources', 'glossary', 'wisdom', 'index', 'uptime', ...licensedRequired],
  additionalProperties: false,
} as const;

export const searchResultSchema = {
  type: 'object',
  description: 'A chunk with an absolute `url`, the source title, its score and a snippet.',
  properties: {
    ...chunkProperties,
    url: { type: 'string', format: 'uri', description: "Absolute URL of the chunk's section on the docs site." },
    title: { type: 'string', description: 'Title of the source.' },
    score: { type: 'number', description: 'BM25 score, rounded to 4 decimals; higher is better.' },
    snippet: { type: 'string', description: 'The best window of the text around the matched words.' },
    highlights: {
      type: 'array',
      description: '[start, end) offsets (UTF-16 code units) of the matched words in `snippet`.',
      items: { type: 'array', prefixItems: [{ type: 'integer', minimum: 0 }, { type: 'integer', minimum: 0 }], minItems: 2, items: false },
    },
  },
  required: [...chunkRequired, 'title', 'score', 'snippet', 'highlights'],
  additionalProperties: false,
} as const;

export const searchResponseSchema = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'The query as searched, trimmed.' },
    top: { type: 'integer', minimum: LIMITS.topMin, maximum: LIMITS.topMax, description: 'How many results were asked for.' },
    source: { type: ['string', 'null'], description: 'The source filter, or null.' },
    total: { type: 'integer', minimum: 0, description: 'How many chunks match, of which `results` are the best `top`.' },
    results: { type: 'array', items: searchResultSchema, description: 'The best matches, best first.' },
    ...licensedProperties,
  },
  required: ['query', 'top', 'source', 'total', 'results', ...licensedRequired],
  additionalProperties: false,
} as const;

export const ragRequestSchema = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, maxLength: LIMITS.queryMaxChars, description: `The question; 1 to ${LIMITS.queryMaxChars} characters, not blank.` },
    top_k: {
      type: 'integer',
      minimum: LIMITS.topMin,
      maximum: LIMITS.topMax,
      default: LIMITS.topDefault,
      description: 'How many chunks to retrieve before adjacent ones are merged into passages.',
    },
    max_chars: {
      type: ['integer', 'null'],
      minimum: LIMITS.maxCharsMin,
      maximum: LIMITS.maxCharsMax,
      description: 'Cap on the length of `context`; null or absent for no cap.',
    },
  },
  required: ['query'],
} as const;

export const ragChunkSchema = {
  type: 'object',
  properties: {
    n: { type: 'integer', minimum: 1, description: "The passage's number in `context`, from 1." },
    ids: { type: 'array', items: str, minItems: 1, description: 'Chunk ids merged into the passage.' },
    source: slug,
    text: str,
    score: { type: 'number' },
    citation: {
      type: 'object',
      properties: {
        title: str,
        heading: str,
        path: stringList,
        url: { type: 'string', format: 'uri' },
        license: str,
      },
      required: ['title', 'heading', 'path', 'url', 'license'],
      additionalProperties: false,
    },
  },
  required: ['n', 'ids', 'source', 'text', 'score', 'citation'],
  additionalProperties: false,
} as const;

export const ragResponseSchema = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'The question as asked, trimmed.' },
    top_k: { type: 'integer', minimum: LIMITS.topMin, maximum: LIMITS.topMax, description: 'How many chunks were retrieved.' },
    max_chars: { type: ['integer', 'null'], description: 'The cap on `context`, or null.' },
    chunks: { type: 'array', items: ragChunkSchema, description: 'The numbered passages, in the order of `context`.' },
    context: { type: 'string', description: 'The passages numbered [1]..[n] with their citations, ready to paste into a prompt.' },
    sources: { type: 'array', items: sourceMetaSchema, description: 'The distinct sources cited, in order of first citation.' },
    ...licensedProperties,
  },
  required: ['query', 'top_k', 'max_chars', 'chunks', 'context', 'sources', ...licensedRequired],
  additionalProperties: false,
} as const;

export const glossaryItemSchema = {
  type: 'object',
  properties: {
    ...glossaryProperties,
    url: { type: 'string', format: 'uri-reference', description: "The term's anchor on the glossary page." },
  },
  required: [...glossaryRequired, 'url'],
  additionalProperties: false,
} as const;

export const glossaryResponseSchema = {
  type: 'object',
  properties: {
    query: { type: ['string', 'null'], description: 'The filter text, or null for every entry.' },
    total: { type: 'integer', minimum: 0, description: 'Number of entries returned.' },
    entries: { type: 'array', items: glossaryItemSchema, description: 'Best match first when filtered, else A to Z.' },
    ...licensedProperties,
  },
  required: ['query', 'total', 'entries', ...licensedRequired],
  additionalProperties: false,
} as const;

export const sourceItemSchema = {
  type: 'object',
  properties: {
    ...sourceMetaSchema.properties,
    chunks: { type: 'integer', minimum: 0, description: "Number of chunks of this source; they add up to /health's `chunks`." },
    page: { type: 'string', format: 'uri-reference', description: "The source's page on the docs site." },
  },
  required: [...sourceMetaSchema.required, 'chunks', 'page'],
  additionalProperties: false,
} as const;

export const sourcesResponseSchema = {
  type: 'object',
  properties: {
    total: { type: 'integer', minimum: 0, description: 'Number of sources.' },
    sources: { type: 'array', items: sourceItemSchema, description: 'Every source, by id.' },
    ...licensedProperties,
  },
  required: ['total', 'sources', ...licensedRequired],
  additionalProperties: false,
} as const;

export const wisdomResponseSchema = {
  type: 'object',
  properties: {
    category: { type: ['string', 'null'], description: 'The category filter, or null.' },
    total: { type: 'integer', minimum: 0, description: 'Number of entries returned.' },
    entries: { type: 'array', items: wisdomEntrySchema, description: 'By category, then id.' },
    categories: { type: 'array', items: categoryCountSchema, description: 'Every category with its number of entries, whatever the filter.' },
    ...licensedProperties,
  },
  required: ['category', 'total', 'entries', 'categories', ...licensedRequired],
  additionalProperties: false,
} as const;

export const problemSchema = {
  type: 'object',
  description: 'RFC 9457 problem details, sent as application/problem+json with the status code.',
  properties: {
    type: { type: 'string', format: 'uri', description: 'A URI identifying the kind of problem (the HTTP status in RFC 9110).' },
    title: { type: 'string', description: 'Short summary of the status, e.g. "Bad Request".' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string', description: 'What is wrong and how to fix it, for a person to read.' },
    parameter: { type: 'string', description: 'The request parameter or body field at fault, when there is one.' },
    ...licensedProperties,
  },
  required: ['type', 'title', 'status', 'detail', ...licensedRequired],
  additionalProperties: false,
} as const;

/** Named schemas, as they appear under `components.schemas` of the OpenAPI document. */
export const SCHEMAS = {
  SourceMeta: sourceMetaSchema,
  Chunk: chunkSchema,
  GlossaryEntry: glossaryEntrySchema,
  WisdomEntry: wisdomEntrySchema,
  CategoryCount: categoryCountSchema,
  HealthResponse: healthResponseSchema,
  SearchResult: searchResultSchema,
  SearchResponse: searchResponseSchema,
  RagRequest: ragRequestSchema,
  RagChunk: ragChunkSchema,
  RagResponse: ragResponseSchema,
  GlossaryItem: glossaryItemSchema,
  GlossaryResponse: glossaryResponseSchema,
  SourceItem: sourceItemSchema,
  SourcesResponse: sourcesResponseSchema,
  WisdomResponse: wisdomResponseSchema,
  Problem: problemSchema,
} as const;

// ---------------------------------------------------------------------------------------------------------
// The compile-time tie between the schemas and ./types.ts

/** The TypeScript type a schema of the subset used above describes. */
export type Infer<S> = S extends { const: infer C }
  ? C
  : S extends { type: readonly [infer T, 'null'] }
    ? Infer<Omit<S, 'type'> & { type: T }> | null
    : S extends { type: 'object'; properties: infer P }
      ? InferObject<P, S extends { required: readonly (infer R)[] } ? R : never>
      : S extends { type: 'array'; prefixItems: readonly [infer A, infer B] }
        ? [Infer<A>, Infer<B>]
        : S extends { type: 'array'; items: infer I }
          ? Infer<I>[]
          : S extends { type: 'string' }
            ? string
            : S extends { type: 'integer' | 'number' }
              ? number
              : S extends { type: 'boolean' }
                ? boolean
                : unknown;

type InferObject<P, R> = Flat<
  { -readonly [K in keyof P as K extends R ? K : never]: Infer<P[K]> } & {
    -readonly [K in keyof P as K extends R ? never : K]?: Infer<P[K]>;
  }
>;
type Flat<T> = { [K in keyof T]: T[K] };
/** Normalises interfaces, intersections and mapped types alike so that only the structure is compared. */
type Deep<T> = T extends readonly unknown[] ? { [K in keyof T]: Deep<T[K]> } : T extends object ? { [K in keyof T]: Deep<T[K]> } : T;
/** Exact type equality (not mere assignability: an extra or missing optional field counts as a difference). */
type Same<A, B> = (<X>() => X extends Deep<A> ? 1 : 2) extends <X>() => X extends Deep<B> ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

export type RagRequest = Infer<typeof ragRequestSchema>;

// Each line fails to compile when a schema and its interface disagree.
export type SchemaMatchesTypes = [
  Assert<Same<Infer<typeof sourceMetaSchema>, SourceMeta>>,
  Assert<Same<Infer<typeof chunkSchema>, Chunk>>,
  Assert<Same<Infer<typeof glossaryEntrySchema>, GlossaryEntry>>,
  Assert<Same<Infer<typeof wisdomEntrySchema>, WisdomEntry>>,
  Assert<Same<Infer<typeof categoryCountSchema>, CategoryCount>>,
  Assert<Same<Infer<typeof healthResponseSchema>, HealthResponse>>,
  Assert<Same<Infer<typeof searchResultSchema>, SearchResult>>,
  Assert<Same<Infer<typeof searchResponseSchema>, SearchResponse>>,
  Assert<Same<Infer<typeof ragChunkSchema>, RagChunk>>,
  Assert<Same<Infer<typeof ragResponseSchema>, RagResponse>>,
  Assert<Same<Infer<typeof glossaryItemSchema>, GlossaryItem>>,
  Assert<Same<Infer<typeof glossaryResponseSchema>, GlossaryResponse>>,
  Assert<Same<Infer<typeof sourceItemSchema>, SourceItem>>,
  Assert<Same<Infer<typeof sourcesResponseSchema>, SourcesResponse>>,
  Assert<Same<Infer<typeof wisdomResponseSchema>, WisdomResponse>>,
  Assert<Same<Infer<typeof problemSchema>, Problem>>,
];
