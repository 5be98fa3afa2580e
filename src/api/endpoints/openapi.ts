import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { API_BASE } from '../limits.js';
import { openapiDocument } from '../openapi.js';

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
  // A pure function of the declarations; its examples were made by the build running every declared call.
  handler: (_input, { service, endpoints }) => openapiDocument({ endpoints, version: service.version, examples: service.examples }),
  examples: () => [],
});
