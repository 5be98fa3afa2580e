import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { queryInteger, slugParam, text } from '../fields.js';
import { API_BASE, LIMITS } from '../limits.js';
import { HttpProblem } from '../problem.js';
import { SearchResponse } from '../schemas.js';
import type { Service } from '../service.js';
import { credit, holdings, kindLabel, plural, where } from '../tool-text.js';

/** A search asking for more results than this is expensive (measured 0.8 to 2.8 ms of handler CPU above it). */
export const EXPENSIVE_TOP = 20;

/** "human oversight" when this content has it, else the first section heading, so the example finds something. */
export function exampleQuery(service: Service): string {
  if (service.engine.search('human oversight', { top: 1 }).total > 0) return 'human oversight';
  for (const c of service.corpus.chunks) if (c.path.length > 0) return c.heading;
  return service.corpus.chunks.at(0)?.heading ?? 'human oversight';
}

/** A `source` filter names a source that exists, or the request fails on that parameter (/search and /rag alike). */
export function checkSource(service: Service, source: string | undefined): void {
  if (source !== undefined && !service.sourcesById.has(source)) {
    throw new HttpProblem(400, `Unknown source "${source}"; GET /api/occ/sources lists the source ids.`, 'source');
  }
}

export const search = endpoint({
  id: 'search',
  method: 'GET',
  path: `${API_BASE}/search`,
  summary: 'Search the corpus',
  description:
    'BM25 full-text search over the chunks of every source (or of one). Any text is accepted: punctuation is ' +
    'never query syntax, except that words in double quotes ("human oversight") must occur in that order. A glossary ' +
    'term, alias or acronym in the query (GPAI, FRIA, DPIA) also searches its other names at a lower weight. Each ' +
    'result carries its source, section path, a snippet with the offsets of the matched words, and the URL of its ' +
    'section on this site.',
  input: z.object({
    q: text('q', 'The words to search for').meta({ examples: ['human oversight'] }),
    top: queryInteger('top', LIMITS.topMin, LIMITS.topMax, LIMITS.topDefault).meta({
      description: `How many results to return: ${LIMITS.topMin} to ${LIMITS.topMax}, default ${LIMITS.topDefault}.`,
    }),
    source: slugParam('source', 'eu-ai-act', 'to search every source (GET /api/occ/sources lists the ids)').optional().meta({ description: 'Only chunks of this source id (see /sources).' }),
  }),
  response: SearchResponse,
  errors: { 400: '`q` missing, blank or too long; `top` out of range; a blank, malformed or unknown `source`; a parameter given twice.' },
  cache: 'short',
  handler({ q, top, source }, { service, siteUrl }) {
    checkSource(service, source);
    const { total, hits } = service.engine.search(q, { top, source });
    return {
      query: q,
      top,
      source: source ?? null,
      total,
      results: hits.map(({ chunk, score, snippet }) => ({
        ...chunk,
        url: siteUrl(chunk.url),
        // The build only indexes chunks of registered sources, so every chunk's source is known.
        title: service.sourcesById.get(chunk.source)!.title,
        source_kind: service.sourcesById.get(chunk.source)!.kind,
        as_of: service.sourcesById.get(chunk.source)!.as_of,
        score: Number(score.toFixed(4)),
        snippet: snippet.text,
        highlights: snippet.highlights,
      })),
    };
  },
  cost: (arg) => (Number(arg('top')) > EXPENSIVE_TOP ? 'expensive' : 'cheap'),
  tool: {
    name: 'search',
    title: 'Search the AI-governance corpus',
    description: (service) =>
      `Full-text search (BM25) over OCC's AI-governance corpus: ${holdings(service)} Returns the best-matching chunks, best first, each with its full text, ` +
      'a snippet around the matched words, its heading path, source id and title, and a URL to cite. Use it to find where a topic ' +
      'is covered or to collect passages to quote; to answer a question with ready, numbered citations, prefer get_context. ' +
      'Glossary synonyms are searched too ("GPAI" also finds "general-purpose AI"); a "quoted phrase" must occur as written; ' +
      `source restricts to one document (ids from list_sources). Limits: q 1 to ${LIMITS.queryMaxChars} characters; ` +
      `top ${LIMITS.topMin} to ${LIMITS.topMax} results, default ${LIMITS.topDefault}. The same answer as GET /api/occ/search.`,
    render(answer) {
      const scope = answer.source === null ? '' : ` in source ${answer.source}`;
      const head = `${answer.results.length} of ${plural(answer.total, 'matching chunk')} for "${answer.query}"${scope}.`;
      const results = answer.results.map(
        (r, i) => `[${i + 1}] ${r.title}${r.pinpoint ? `, ${r.pinpoint}` : ''}${where(r.path)} (${kindLabel(r.source_kind)})\nid: ${r.id} · score ${r.score} · ${r.url}\n${r.text}`,
      );
      return [head, ...results].join('\n\n') + credit(answer);
    },
  },
  examples: (service) => {
    const q = exampleQuery(service);
    return [
      { summary: `The best two chunks for "${q}"`, status: 200, query: { q, top: '2' } },
      ...service.sourceItems.slice(0, 1).map((s) => ({ summary: 'Within one source', status: 200, query: { q, top: '1', source: s.id } })),
      { summary: 'Missing query', status: 400, query: { top: '2' } },
      { summary: 'A misspelt parameter', status: 400, query: { q, tpo: '2' } },
    ];
  },
});
