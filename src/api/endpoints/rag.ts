import { z } from 'zod';
import { assembleContext } from '../../core/rag/assemble.js';
import type { Service } from '../../server/engine.js';
import { endpoint } from '../endpoint.js';
import { checkSource, exampleQuery } from './search.js';
import { jsonInteger, nullableInteger, slugParam, text } from '../fields.js';
import { API_BASE, LIMITS } from '../limits.js';
import { RagResponse } from '../schemas.js';

const exampleQuestion = (service: Service) => {
  const q = exampleQuery(service);
  return q === 'human oversight' ? 'Who must ensure human oversight of high-risk AI?' : `What does the text say about ${q.toLowerCase()}?`;
};

export const rag = endpoint({
  id: 'rag',
  method: 'POST',
  path: `${API_BASE}/rag`,
  summary: 'Assemble cited context for a question',
  description:
    'Retrieves the best chunks for a question, drops near-duplicates, keeps sources diverse, merges adjacent chunks ' +
    'and returns numbered passages with citations plus a `context` string ready to paste into a prompt. ' +
    'The body may be sent as `text/plain` so that browsers skip the CORS preflight.',
  input: z.object({
      query: text('query', 'The question'),
      top_k: jsonInteger('top_k', LIMITS.topMin, LIMITS.topMax, LIMITS.topDefault).meta({
        description: 'How many chunks to retrieve before adjacent ones are merged into passages.',
      }),
      max_chars: nullableInteger('max_chars', LIMITS.maxCharsMin, LIMITS.maxCharsMax).meta({
        description: 'Cap on the length of `context`; null or absent for no cap.',
      }),
      source: slugParam('source', 'eu-ai-act', 'to draw on every source (GET /api/occ/sources lists the ids)').optional().meta({
        description: "Only chunks of this source id (see /sources): a law's own provisions when explainers of it are indexed too.",
      }),
    }),
  response: RagResponse,
  errors: {
    400: 'The body is not a JSON object; `query` missing, blank or too long; `top_k` or `max_chars` not an integer in range; a blank, malformed or unknown `source`.',
    413: `The body is larger than ${LIMITS.bodyMaxBytes} bytes.`,
    415: 'The Content-Type is neither application/json nor text/plain.',
  },
  cache: 'none',
  handler({ query, top_k, max_chars, source }, { service, siteUrl }) {
    checkSource(service, source);
    const maxChars = max_chars ?? undefined;
    const rag = assembleContext(service.engine, service.sourcesById, query, { topK: top_k, maxChars, source }, siteUrl);
    return {
      query,
      top_k,
      max_chars: maxChars ?? null,
      source: source ?? null,
      chunks: rag.chunks.map((c) => ({
        n: c.n,
        ids: c.ids,
        source: c.source,
        text: c.text,
        score: Number(c.score.toFixed(4)),
        citation: {
          title: c.title,
          heading: c.heading,
          path: c.path,
          ...(c.pinpoint === undefined ? {} : { pinpoint: c.pinpoint }),
          url: c.url,
          license: c.license,
          as_of: c.as_of,
        },
      })),
      context: rag.context,
      sources: rag.sources,
    };
  },
  examples: (service) => [
    { summary: 'Cited context for a question', status: 200, body: { query: exampleQuestion(service), top_k: 2, max_chars: 1500 } },
    ...service.sourceItems.slice(0, 1).map((s) => ({ summary: 'From one source only', status: 200, body: { query: exampleQuestion(service), top_k: 2, source: s.id } })),
    { summary: '`top_k` out of range', status: 400, body: { query: 'oversight', top_k: LIMITS.topMax + 1 } },
    { summary: 'Body too large', status: 413, raw: JSON.stringify({ query: 'x'.repeat(LIMITS.bodyMaxBytes) }) },
    { summary: 'Wrong content type', status: 415, raw: '<q>oversight</q>', contentType: 'application/xml' },
  ],
});
