import type { SearchResponse } from '../../../api/types.js';
import { absoluteUrl, engine, sourcesById } from '../../../server/engine.js';
import { HttpProblem } from '../../../server/http/problem.js';
import { searchParams } from '../../../server/http/params.js';
import { endpoint, json, licensed } from '../../../server/http/respond.js';

export const prerender = false;

export const GET = endpoint(({ request, url }) => {
  const params = searchParams(url);
  const query = params.q();
  const top = params.top();
  const source = params.slug('source');
  if (source !== undefined && !sourcesById.has(source)) {
    throw new HttpProblem(400, `Unknown source "${source}"; GET /api/occ/sources lists the source ids.`, 'source');
  }
  const { total, hits } = engine.search(query, { top, source });
  const body: SearchResponse = licensed({
    query,
    top,
    source: source ?? null,
    total,
    results: hits.map(({ chunk, score, snippet }) => ({
      ...chunk,
      url: absoluteUrl(request, chunk.url),
      title: sourcesById.get(chunk.source)?.title ?? chunk.source,
      score: Number(score.toFixed(4)),
      snippet: snippet.text,
      highlights: snippet.highlights,
    })),
  });
  return json(request, body);
});
