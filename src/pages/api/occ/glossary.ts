import type { GlossaryResponse } from '../../../api/types.js';
import { corpus } from '../../../server/corpus.js';
import { glossary } from '../../../server/engine.js';
import { searchParams } from '../../../server/http/params.js';
import { endpoint, json, licensed } from '../../../server/http/respond.js';
import { glossaryItems } from '../../../server/glossary-items.js';

export const prerender = false;

export const GET = endpoint(({ request, url }) => {
  const q = searchParams(url).optionalText('q');
  const entries = q === undefined ? corpus.glossary : glossary.find(q);
  const body: GlossaryResponse = licensed({ query: q ?? null, total: entries.length, entries: glossaryItems(entries) });
  return json(request, body);
});
