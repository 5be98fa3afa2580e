import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { API_BASE } from '../limits.js';
import { SourcesResponse } from '../schemas.js';

export const sources = endpoint({
  id: 'sources',
  method: 'GET',
  path: `${API_BASE}/sources`,
  summary: 'The source registry',
  description: 'Every source with its publisher, license, provenance URL, dates, chunk count and page on this site.',
  input: z.object({}),
  response: SourcesResponse,
  errors: {},
  cache: 'short',
  handler: (_input, { service }) => ({ total: service.sourceItems.length, sources: service.sourceItems }),
  examples: () => [{ summary: 'Every source', status: 200 }],
});
