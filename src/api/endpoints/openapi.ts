import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { API_BASE } from '../limits.js';

export const openapi = endpoint({
  id: 'openapi',
  method: 'GET',
  path: `${API_BASE}/openapi.json`,
  summary: 'This OpenAPI document',
  description: 'The OpenAPI 3.1 description of the API, prerendered at build time.',
  input: z.object({}),
  response: undefined,
  errors: {},
  cache: 'short',
  prerendered: true,
  // Imported on call: the document holds examples made by running every endpoint, which only the build does.
  handler: async () => (await import('../../site/api-examples.js')).apiReference().then((r) => r.document),
  examples: () => [],
});
