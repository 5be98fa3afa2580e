import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageFields, paged, text } from '../fields.js';
import { glossaryItems } from '../glossary-items.js';
import { API_BASE, LIMITS } from '../limits.js';
import { GlossaryResponse } from '../schemas.js';
import { checked, credit, excerpt, nextPage, pageLine, plural } from '../tool-text.js';

/** How much of a definition the tool's text shows; the whole is in the structured answer. */
const DEFINITION_CHARS = 400;

export const glossary = endpoint({
  id: 'glossary',
  method: 'GET',
  path: `${API_BASE}/glossary`,
  summary: 'Glossary terms',
  description:
    'Every glossary entry (without `q`), or those matching `q` (case- and accent-insensitive, British and American spellings alike; exact term or alias first, then prefixes, then words of the definition). ' +
    'The whole list unless `limit` asks for a page; `next_offset` is the `offset` of the next one.',
  input: z.object({ q: text('q', 'Filter text; omit it for every entry').optional().meta({ examples: ['oversight'] }), ...pageFields('entries') }),
  response: GlossaryResponse,
  errors: { 400: '`q` blank or too long; `limit` or `offset` out of range; a parameter given twice.' },
  cache: 'short',
  handler: ({ q, limit, offset }, { service }) => {
    const entries = q === undefined ? service.corpus.glossary : service.glossary.find(q);
    const page = paged(entries, limit, offset);
    return { query: q ?? null, ...page, entries: glossaryItems(page.entries) };
  },
  // A lookup scans every entry and may return all of them: measured 1 to 11 ms of handler CPU (a one-letter `q` the
  // most); the whole list without `q` is about 0.9 ms and answered 304 from its ETag.
  cost: (arg) => (arg('q') != null ? 'expensive' : 'cheap'),
  tool: {
    name: 'lookup_glossary',
    title: 'Look up AI-governance terms',
    description: ({ corpus }) =>
      `Looks up terms in OCC's glossary of ${corpus.glossary.length} AI-governance terms (e.g. "high-risk AI system", "GPAI", ` +
      '"conformity assessment"): terms or aliases equal to q first, then terms starting with it, then terms whose names or ' +
      'definitions contain its words. Each entry gives a plain-language definition, aliases, related term ids and the ids of the ' +
      'sources that use the term. Use it for definitions and abbreviations; use search for what the texts say about a term. ' +
      `q is 1 to ${LIMITS.queryMaxChars} characters; without q the answer lists the whole glossary A to Z. Answers come in pages: limit ` +
      `${LIMITS.pageMin} to ${LIMITS.pageMax}, default ${LIMITS.toolPageDefault}, and offset; next_offset gives the next page. The text cuts long ` +
      'definitions; the whole entries are in the structured answer. The same answer as GET /api/occ/glossary (which is whole unless limit is given).',
    defaults: { limit: LIMITS.toolPageDefault },
    render(answer) {
      const what = answer.query === null ? `The glossary: ${plural(answer.total, 'term')}` : `${plural(answer.total, 'term')} for "${answer.query}"`;
      const head = `${what}${pageLine(answer)}.`;
      const entries = answer.entries.map((e) => {
        const aliases = e.aliases.length > 0 ? ` (also: ${e.aliases.join(', ')})` : '';
        const links = [e.related.length > 0 ? `related: ${e.related.join(', ')}` : '', e.sources.length > 0 ? `sources: ${e.sources.join(', ')}` : '']
          .filter((part) => part !== '')
          .join('; ');
        return `${e.term}${aliases} [${e.id}]${checked(e)}\n${excerpt(e.definition, DEFINITION_CHARS)}${links ? `\n${links}` : ''}`;
      });
      return [head, ...entries, ...nextPage(answer)].join('\n\n') + credit(answer);
    },
  },
  examples: (service) => [
    ...service.corpus.glossary.slice(0, 1).map((e) => ({ summary: `Terms matching "${e.term}"`, status: 200, query: { q: e.term } })),
    ...(service.corpus.glossary.length > 1 ? [{ summary: 'The first page of two entries', status: 200, query: { limit: '2' } }] : []),
    { summary: 'Query too long', status: 400, query: { q: 'a'.repeat(LIMITS.queryMaxChars + 1) } },
  ],
});
