import { CorpusLookup } from '../core/corpus/lookup.js';
import { corpus } from '../server/corpus.js';
import { categories, engine, glossary, sourceItems, sourcesById } from '../server/engine.js';

/**
 * What the tools read: the service state the REST endpoints load (src/server/engine.ts), plus id lookups.
 * Imported by the HTTP endpoint inside the server and by the stdio entry, so each process loads it once.
 */
export const state = {
  engine,
  glossary,
  sourcesById,
  sourceItems,
  categories,
  corpus,
  lookup: new CorpusLookup(corpus),
};

export type McpState = typeof state;
