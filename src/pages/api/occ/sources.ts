import type { SourcesResponse } from '../../../api/types.js';
import { sourceItems } from '../../../server/engine.js';
import { endpoint, json, licensed } from '../../../server/http/respond.js';

export const prerender = false;

export const GET = endpoint(({ request }) => {
  const body: SourcesResponse = licensed({ total: sourceItems.length, sources: sourceItems });
  return json(request, body);
});
