import { LIMITS, type RagResponse } from '../../../api/types.js';
import { assembleContext } from '../../../core/rag/assemble.js';
import { absoluteUrl, engine, sourcesById } from '../../../server/engine.js';
import { integerIn, jsonObjectBody, queryText } from '../../../server/http/params.js';
import { endpoint, json, licensed } from '../../../server/http/respond.js';

export const prerender = false;

export const POST = endpoint(async ({ request }) => {
  const body = await jsonObjectBody(request);
  const query = queryText(body['query'], 'query');
  const topK = integerIn(body['top_k'], 'top_k', LIMITS.topMin, LIMITS.topMax, LIMITS.topDefault);
  const maxChars = body['max_chars'] === undefined || body['max_chars'] === null
    ? undefined
    : integerIn(body['max_chars'], 'max_chars', LIMITS.maxCharsMin, LIMITS.maxCharsMax);
  const rag = assembleContext(engine, sourcesById, query, { topK, maxChars }, (path) => absoluteUrl(request, path));
  const response: RagResponse = licensed({
    query,
    top_k: topK,
    max_chars: maxChars ?? null,
    chunks: rag.chunks.map((c) => ({
      n: c.n,
      ids: c.ids,
      source: c.source,
      text: c.text,
      score: Number(c.score.toFixed(4)),
      citation: { title: c.title, heading: c.heading, path: c.path, url: c.url, license: c.license },
    })),
    context: rag.context,
    sources: rag.sources,
  });
  return json(request, response, 200, 'none');
});
