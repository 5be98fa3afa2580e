import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageFields, paged, slugParam } from '../fields.js';
import { API_BASE, LIMITS } from '../limits.js';
import { WisdomResponse } from '../schemas.js';
import { checked, credit, excerpt, nextPage, pageLine, plural } from '../tool-text.js';

/** How much of an insight the tool's text shows; the whole is in the structured answer. */
const TEXT_CHARS = 400;
import { HttpProblem } from '../problem.js';

export const wisdom = endpoint({
  id: 'wisdom',
  method: 'GET',
  path: `${API_BASE}/wisdom`,
  summary: 'Curated insights',
  description:
    'Practical insights, each resting on named sources, optionally of one category; `categories` always lists them all. ' +
    'The whole list unless `limit` asks for a page; `next_offset` is the `offset` of the next one.',
  input: z.object({
    category: slugParam('category', 'governance', 'for every category')
      .optional()
      .meta({ description: 'Only entries of this category (see `categories` in any answer).' }),
    ...pageFields('entries'),
  }),
  response: WisdomResponse,
  errors: { 400: 'A blank, malformed or unknown `category`; `limit` or `offset` out of range; a parameter given twice.' },
  cache: 'short',
  handler: ({ category, limit, offset }, { service }) => {
    const { categories } = service;
    if (category !== undefined && !categories.some((c) => c.category === category)) {
      const known = categories.length > 0 ? `the categories are: ${categories.map((c) => c.category).join(', ')}` : 'this build has no wisdom entries';
      throw new HttpProblem(400, `Unknown category "${category}"; ${known}.`, 'category');
    }
    const entries = category === undefined ? service.corpus.wisdom : service.corpus.wisdom.filter((e) => e.category === category);
    return { category: category ?? null, ...paged(entries, limit, offset), categories };
  },
  tool: {
    name: 'list_wisdom',
    title: 'Curated practical insights',
    description: (service) =>
      `Lists OCC's ${service.corpus.wisdom.length} curated practical insights on AI governance, each a short text resting on named sources, ` +
      `optionally of one category (${service.categories.map((c) => c.category).join(', ')}). Use it for practical advice on running AI governance rather than ` +
      'what the texts say; every answer also lists all categories with their counts. Answers come in pages: limit ' +
      `${LIMITS.pageMin} to ${LIMITS.pageMax}, default ${LIMITS.toolPageDefault}, and offset; next_offset gives the next page. The text cuts long ` +
      'insights; the whole entries are in the structured answer. The same answer as GET /api/occ/wisdom (which is whole unless limit is given).',
    defaults: { limit: LIMITS.toolPageDefault },
    render(answer) {
      const head = `${plural(answer.total, 'insight')}${answer.category === null ? '' : ` in ${answer.category}`}${pageLine(answer)}.`;
      const entries = answer.entries.map((e) => `${e.title} [${e.id}; ${e.category}]${checked(e)}\n${excerpt(e.text, TEXT_CHARS)}\nsources: ${e.sources.join(', ')}`);
      const categories = `Categories: ${answer.categories.map((c) => `${c.category} (${c.count})`).join(', ')}.`;
      return [head, ...entries, ...nextPage(answer), categories].join('\n\n') + credit(answer);
    },
  },
  examples: (service) => [
    ...service.categories.slice(0, 1).map(({ category }) => ({ summary: `The "${category}" insights`, status: 200, query: { category } })),
    ...(service.corpus.wisdom.length > 1 ? [{ summary: 'The second insight alone', status: 200, query: { limit: '1', offset: '1' } }] : []),
    { summary: 'Unknown category', status: 400, query: { category: 'no-such-category' } },
  ],
});
