import { z } from 'zod';
import { glossaryAnchor } from '../../core/site-urls.js';
import { endpoint } from '../endpoint.js';
import { slugParam } from '../fields.js';
import { API_BASE } from '../limits.js';
import { GlossaryEntryResponse } from '../schemas.js';
import { HttpProblem } from '../problem.js';

export const glossaryEntry = endpoint({
  id: 'glossaryEntry',
  method: 'GET',
  path: `${API_BASE}/glossary/{id}`,
  summary: 'One glossary entry',
  description: 'The entry with this id, as in the /glossary list (ids appear there and in `related`).',
  input: z.object({ id: slugParam('id', 'human-oversight', 'only in /glossary').meta({ description: 'A glossary entry id.' }) }),
  response: GlossaryEntryResponse,
  errors: { 400: '`id` is not an entry id (lowercase letters and digits joined by hyphens).', 404: 'No glossary entry has this id.' },
  cache: 'short',
  handler: ({ id }, { service }) => {
    const entry = service.corpus.glossary.find((e) => e.id === id);
    if (entry === undefined) throw new HttpProblem(404, `No glossary entry "${id}"; GET /api/occ/glossary lists them.`, 'id');
    return { ...entry, url: glossaryAnchor(entry.id) };
  },
  examples: (service) => [
    ...service.corpus.glossary.slice(0, 1).map((e) => ({ summary: `The entry "${e.term}"`, status: 200, params: { id: e.id } })),
    { summary: 'An unknown entry', status: 404, params: { id: 'no-such-term' } },
  ],
});
