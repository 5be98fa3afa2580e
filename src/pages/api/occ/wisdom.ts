import type { WisdomResponse } from '../../../api/types.js';
import { corpus } from '../../../server/corpus.js';
import { categories } from '../../../server/engine.js';
import { HttpProblem } from '../../../server/http/problem.js';
import { searchParams } from '../../../server/http/params.js';
import { endpoint, json, licensed } from '../../../server/http/respond.js';

export const prerender = false;

export const GET = endpoint(({ request, url }) => {
  const category = searchParams(url).slug('category');
  if (category !== undefined && !categories.some((c) => c.category === category)) {
    const known = categories.map((c) => c.category).join(', ');
    throw new HttpProblem(400, `Unknown category "${category}"; the categories are: ${known}.`, 'category');
  }
  const entries = category === undefined ? corpus.wisdom : corpus.wisdom.filter((e) => e.category === category);
  const body: WisdomResponse = licensed({ category: category ?? null, total: entries.length, entries, categories });
  return json(request, body);
});
