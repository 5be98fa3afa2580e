import { z } from 'zod';
import { glossaryItems } from '../../server/glossary-items.js';
import { endpoint } from '../endpoint.js';
import { text } from '../fields.js';
import { API_BASE, LIMITS } from '../limits.js';
import { GlossaryResponse } from '../schemas.js';

export const glossary = endpoint({
  id: 'glossary',
  method: 'GET',
  path: `${API_BASE}/glossary`,
  summary: 'Glossary terms',
  description:
    'Every glossary entry (without `q`), or those matching `q` (case- and accent-insensitive, British and American spellings alike; exact term or alias first, then prefixes, then words of the definition).',
  input: z.object({ q: text('q', 'Filter text; omit it for every entry').optional().meta({ examples: ['oversight'] }) }),
  response: GlossaryResponse,
  errors: { 400: '`q` blank, too long or given twice.' },
  cache: 'short',
  handler: ({ q }, { service }) => {
    const entries = q === undefined ? service.corpus.glossary : service.glossary.find(q);
    return { query: q ?? null, total: entries.length, entries: glossaryItems(entries) };
  },
  examples: (service) => [
    ...service.corpus.glossary.slice(0, 1).map((e) => ({ summary: `Terms matching "${e.term}"`, status: 200, query: { q: e.term } })),
    { summary: 'Query too long', status: 400, query: { q: 'a'.repeat(LIMITS.queryMaxChars + 1) } },
  ],
});
