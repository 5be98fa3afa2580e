import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { slugParam } from '../fields.js';
import { API_BASE } from '../limits.js';
import { WisdomEntryResponse } from '../schemas.js';
import { HttpProblem } from '../problem.js';

export const wisdomEntry = endpoint({
  id: 'wisdomEntry',
  method: 'GET',
  path: `${API_BASE}/wisdom/{id}`,
  summary: 'One curated insight',
  description: 'The insight with this id, as in the /wisdom list.',
  input: z.object({ id: slugParam('id', 'assign-overseers-early', 'only in /wisdom').meta({ description: 'A wisdom entry id.' }) }),
  response: WisdomEntryResponse,
  errors: { 400: '`id` is not an entry id (lowercase letters and digits joined by hyphens).', 404: 'No insight has this id.' },
  cache: 'short',
  handler: ({ id }, { service }) => {
    const entry = service.corpus.wisdom.find((e) => e.id === id);
    if (entry === undefined) throw new HttpProblem(404, `No insight "${id}"; GET /api/occ/wisdom lists them.`, 'id');
    return entry;
  },
  examples: (service) => [
    ...service.corpus.wisdom.slice(0, 1).map((e) => ({ summary: `The insight "${e.title}"`, status: 200, params: { id: e.id } })),
    { summary: 'A malformed id', status: 400, params: { id: 'Not_An_Id' } },
  ],
});
