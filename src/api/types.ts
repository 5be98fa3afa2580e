/**
 * Every request and response shape of the API as a TypeScript type, inferred from the Zod schemas in
 * ./schemas.ts (and the endpoints' input schemas), so a type and its documented schema cannot differ.
 */
import type { z } from 'zod';
import type * as S from './schemas.js';

export { API_BASE, LICENSE, LIMITS } from './limits.js';

export type SourceMeta = z.infer<typeof S.SourceMeta>;
export type Chunk = z.infer<typeof S.Chunk>;
export type GlossaryEntry = z.infer<typeof S.GlossaryEntry>;
export type WisdomEntry = z.infer<typeof S.WisdomEntry>;
export type CategoryCount = z.infer<typeof S.CategoryCount>;
export type HealthResponse = z.infer<typeof S.HealthResponse>;
export type SearchResult = z.infer<typeof S.SearchResult>;
export type Explanation = z.infer<typeof S.Explanation>;
export type SearchResponse = z.infer<typeof S.SearchResponse>;
export type RagChunk = z.infer<typeof S.RagChunk>;
export type RagResponse = z.infer<typeof S.RagResponse>;
export type GlossaryItem = z.infer<typeof S.GlossaryItem>;
export type GlossaryResponse = z.infer<typeof S.GlossaryResponse>;
export type SourceItem = z.infer<typeof S.SourceItem>;
export type SourcesResponse = z.infer<typeof S.SourcesResponse>;
export type WisdomResponse = z.infer<typeof S.WisdomResponse>;
export type ChunkResponse = z.infer<typeof S.ChunkResponse>;
export type SourceSection = z.infer<typeof S.SourceSection>;
export type SourceResponse = z.infer<typeof S.SourceResponse>;
export type GlossaryEntryResponse = z.infer<typeof S.GlossaryEntryResponse>;
export type WisdomEntryResponse = z.infer<typeof S.WisdomEntryResponse>;
export type Problem = z.infer<typeof S.Problem>;

/** Carried by every JSON body, errors included. */
export type Licensed = Pick<Problem, 'license' | 'attribution'>;
