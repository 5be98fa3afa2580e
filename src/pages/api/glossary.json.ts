import type { GlossaryResponse } from '../../api/types.js';
import { corpus } from '../../server/corpus.js';
import { glossaryItems } from '../../server/glossary-items.js';
import { licensed } from '../../server/http/respond.js';

/** Prerendered: the same entries as the unfiltered GET /api/occ/glossary, for scripts that want one file. */
export const prerender = true;

export function GET(): Response {
  const body: GlossaryResponse = licensed({ query: null, total: corpus.glossary.length, entries: glossaryItems(corpus.glossary) });
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
}
