import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { glossaryItems } from '../glossary-items.js';
import { GlossaryResponse } from '../schemas.js';

export const glossaryFile = endpoint({
  id: 'glossaryFile',
  method: 'GET',
  path: '/api/glossary.json',
  summary: 'The whole glossary as one static file',
  description: 'The same body as GET /api/occ/glossary without `q`, prerendered at build time.',
  input: z.object({}),
  response: GlossaryResponse,
  errors: {},
  cache: 'short',
  prerendered: true,
  handler: (_input, { service }) => ({ query: null, total: service.corpus.glossary.length, limit: null, offset: 0, next_offset: null, entries: glossaryItems(service.corpus.glossary) }),
  examples: () => [{ summary: 'The whole glossary', status: 200 }],
});
