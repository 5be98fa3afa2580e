import { z } from 'zod';
import { assembleContext } from '../../core/rag/assemble.js';
import { endpoint } from '../endpoint.js';
import { exampleQuery, MAX_PHRASINGS, MAX_SOURCES, namedSources, otherPhrasings, phraseNotice, sourceFilter } from './search.js';
import { langParam } from '../fields.js';
import { jsonInteger, nullableInteger, text } from '../fields.js';
import { API_BASE, LIMITS } from '../limits.js';
import { registryEntry } from '../registry-entry.js';
import { asOfParam, lawOn, today, versionRef } from '../law.js';
import { RagResponse } from '../schemas.js';
import type { Service } from '../service.js';
import { checked, credit, holdings, kindLabel, phraseLine, scope } from '../tool-text.js';

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
      queries: otherPhrasings('query'),
      top_k: jsonInteger('top_k', LIMITS.topMin, LIMITS.topMax, LIMITS.topDefault).meta({
        description: 'How many chunks to retrieve before adjacent ones are merged into passages.',
      }),
      max_chars: nullableInteger('max_chars', LIMITS.maxCharsMin, LIMITS.maxCharsMax).meta({
        description: 'Cap on the length of `context`; null or absent for no cap.',
      }),
      as_of: asOfParam(),
      source: sourceFilter(
        'to draw on every source (GET /api/occ/sources lists the ids)',
        `Only chunks of these sources (see /sources): an array of up to ${MAX_SOURCES} ids, or one id as a string. A text's own id draws on ` +
          "that text alone (a law's provisions without the explainers of it); its `instrument` id (eu-reg-2024-1689) on every version of " +
          'the law, the one in force on `as_of` answering, and the explainers about it.',
      ),
      lang: langParam('lang'),
    }),
  response: RagResponse,
  errors: {
    400: 'The body is not a JSON object; `query` missing, blank or too long; `queries` not an array of up to 5 such phrasings; `top_k` or `max_chars` not an integer in range; a blank, malformed or unknown id in `source`, or more than 20; `as_of` not a real date, or outside a version named in `source`, or before an instrument named there is in force; `lang` not one of "en", "fr".',
    413: `The body is larger than ${LIMITS.bodyMaxBytes} bytes.`,
    415: 'The Content-Type is neither application/json nor text/plain.',
  },
  cache: 'none',
  handler({ query, queries, top_k, max_chars, as_of, source, lang }, { service, siteUrl }) {
    const named = namedSources(service, source);
    const law = lawOn(service, as_of, named);
    const maxChars = max_chars ?? undefined;
    const others = (queries ?? []).filter((p) => p !== query);
    const language = lang ?? service.engine.detectLanguage(query);
    const rag = assembleContext(service.engine, service.sourcesById, query, { topK: top_k, maxChars, sources: named.sources, excluded: law.excluded, queries: others, lang: language }, siteUrl);
    return {
      query,
      queries: others,
      top_k,
      law_as_of: law.date,
      max_chars: maxChars ?? null,
      source: source ?? null,
      lang: language,
      phrase_notice: phraseNotice(rag.wordsAlone),
      chunks: rag.chunks.map((c) => ({
        n: c.n,
        ids: c.ids,
        source: c.source,
        text: c.text,
        score: Number(c.score.toFixed(4)),
        citation: {
          title: c.title,
          kind: c.kind,
          version: versionRef(service, c.source),
          heading: c.heading,
          path: c.path,
          ...(c.pinpoint === undefined ? {} : { pinpoint: c.pinpoint }),
          url: c.url,
          license: c.license,
          as_of: c.as_of,
        },
      })),
      context: rag.context,
      sources: rag.sources.map((s) => registryEntry(s, siteUrl)),
    };
  },
  cost: () => 'expensive',
  tool: {
    name: 'get_context',
    title: 'Cited context for a question',
    description: (service) =>
      `Assembles cited context for answering a question from OCC's AI-governance corpus (${holdings(service)}): retrieves the best chunks, drops ` +
      'near-duplicates, keeps sources diverse, merges adjacent chunks of one section, and numbers the passages [1]..[n], each ' +
      'headed by its source title, pinpoint, section path, kind (official text or OCC explainer) and URL. The text is that `context`, ' +
      'ready to paste into a prompt (cite as [n]), and the sources cited with license and dates; the structured answer adds each ' +
      "passage's chunk ids and citation. Use it first when answering a " +
      'question about AI governance, regulation or standards; use search to explore or see more results. queries: up to ' +
      `${MAX_PHRASINGS} other phrasings of the question, fused with it by reciprocal rank fusion; add the law's own terms as a second phrasing ` +
      '("deployer" beside "company using AI", "natural persons" beside "people"). Limits: query 1 to ' +
      `${LIMITS.queryMaxChars} characters; top_k ${LIMITS.topMin} to ${LIMITS.topMax} chunks, default ${LIMITS.topDefault}; ` +
      `max_chars ${LIMITS.maxCharsMin} to ${LIMITS.maxCharsMax} caps the context's length (no cap by default); source restricts to one ` +
      `document or an array of up to ${MAX_SOURCES} (ids from list_sources), e.g. to quote a law itself rather than the explainers of it; ` +
      "a law's instrument id (eu-reg-2024-1689) covers all its versions and the explainers about it. " +
      'The same answer as POST /api/occ/rag.',
    render(answer) {
      // The context is what a model answers from: the text gives it whole (clients may show a model the text alone).
      if (answer.chunks.length === 0) return `Nothing in the corpus matches "${answer.query}"${scope(answer)}.${phraseLine(answer.phrase_notice)}` + credit(answer);
      const cited = answer.sources.map((s) => {
        const about = s.about?.map((o) => `${o.title}, ${o.publisher}: ${o.url}`).join('; ');
        return `- ${s.title} (${s.id}; ${kindLabel(s.kind)} by ${s.publisher}; license ${s.license})${checked(s)}: ${s.url}${about ? `\n  about ${about}` : ''}`;
      });
      const notice = answer.phrase_notice === null ? '' : `${phraseLine(answer.phrase_notice).trim()}\n\n`;
      return `${notice}${answer.context}\n\nSources cited:\n${cited.join('\n')}` + credit(answer);
    },
  },
  examples: (service) => [
    { summary: 'Cited context for a question', status: 200, body: { query: exampleQuestion(service), top_k: 2, max_chars: 1500 } },
    ...service.sourceItems.filter((s) => service.law.inForce(s.id, today())).slice(0, 1).map((s) => ({ summary: 'From one source only', status: 200, body: { query: exampleQuestion(service), top_k: 2, source: s.id } })),
    { summary: 'With the law\'s own terms as a second phrasing', status: 200, body: { query: exampleQuestion(service), queries: ['natural persons oversight deployer'], top_k: 2, max_chars: 1500 } },
    { summary: '`top_k` out of range', status: 400, body: { query: 'oversight', top_k: LIMITS.topMax + 1 } },
    { summary: 'Body too large', status: 413, raw: JSON.stringify({ query: 'x'.repeat(LIMITS.bodyMaxBytes) }) },
    { summary: 'Wrong content type', status: 415, raw: '<q>oversight</q>', contentType: 'application/xml' },
  ],
});
