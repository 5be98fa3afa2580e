import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import type { Explanation as Explained } from '../../core/search/explain.js';
import { searchPhrasings, type WordsAlone } from '../../core/search/words-alone.js';
import { flagParam, langParam, listParam, queryInteger, slugParam, text } from '../fields.js';
import { asOfParam, lawOn, today, versionRef } from '../law.js';
import { API_BASE, LIMITS } from '../limits.js';
import { HttpProblem } from '../problem.js';
import { SearchResponse } from '../schemas.js';
import type { Service } from '../service.js';
import type { Explanation } from '../types.js';
import { credit, excerpt, holdings, kindLabel, phraseLine, plural, scope, where } from '../tool-text.js';

/** A search asking for more results than this is expensive (measured 0.8 to 2.8 ms of handler CPU above it). */
export const EXPENSIVE_TOP = 20;

/** "human oversight" when this content has it, else the first section heading, so the example finds something. */
export function exampleQuery(service: Service): string {
  if (service.engine.search('human oversight', { top: 1 }).total > 0) return 'human oversight';
  for (const c of service.corpus.chunks) if (c.path.length > 0) return c.heading;
  return service.corpus.chunks.at(0)?.heading ?? 'human oversight';
}

/** An explanation's numbers to 6 decimals: enough to see each part add up, not the float's noise. */
function rounded(e: Explained): Explanation {
  const r = (x: number) => Number(x.toFixed(6));
  return {
    bm25: r(e.bm25),
    fields: Object.fromEntries(Object.entries(e.fields).map(([field, score]) => [field, r(score)])),
    terms: e.terms.map((t) => ({ ...t, score: r(t.score) })),
    citation: e.citation === null ? null : r(e.citation),
    rules: e.rules.map((rule) => ({ ...rule, factor: r(rule.factor) })),
    placed: e.placed,
    score: r(e.score),
  };
}

/** An explanation in one line of a tool's text: "why: BM25 2.1 (oper 0.6, log 1.0 …) × recital 0.6 = 1.26". */
function whyLine(e: Explanation): string {
  const terms = e.terms.map((t) => `${t.term}${t.source === 'typed' ? '' : ` [${t.source}]`} ${t.score}`).join(', ');
  const citation = e.citation === null ? '' : ` + citing explainers ${e.citation}`;
  const rules = e.rules.map((r) => ` × ${r.rule} ${r.factor}`).join('');
  const placed = e.placed === null ? '' : ` (placed first: ${e.placed === 'cited' ? 'cited by the query' : 'when the law applies'})`;
  return `why: BM25 ${e.bm25} (${terms})${citation}${rules} = ${e.score}${placed}`;
}

/** The longest snippet a tool's text shows (search cuts snippets near 200 characters already). */
const SNIPPET_CHARS = 300;

/** At most this many source ids in one `source` filter. */
export const MAX_SOURCES = 20;
/** At most this many other phrasings beside the query. */
export const MAX_PHRASINGS = 5;

/** The `source` filter of /search and /rag: one source id, or several (comma-separated in a query string). */
export const sourceFilter = (omitted: string, description: string) =>
  listParam('source', slugParam('source', 'eu-ai-act', omitted), { separator: ',', max: MAX_SOURCES, what: 'a source id', description });

/** The `queries` of /search and /rag: other phrasings of the same need (separated by "|" in a query string). */
export const otherPhrasings = (name: string) =>
  listParam('queries', text('queries', 'Another phrasing'), {
    separator: '|',
    max: MAX_PHRASINGS,
    what: 'a phrasing',
    description:
      `Up to ${MAX_PHRASINGS} other phrasings of the same need, searched beside \`${name}\` and fused with it by reciprocal rank fusion ` +
      '(k = 60): the law\'s own terms ("deployer", "natural persons") beside everyday words, a synonym, a narrower wording. ' +
      'In a query string, one parameter with the phrasings separated by "|".',
  });

/**
 * The sources a `source` filter names (/search and /rag alike): each id a source's, or an instrument's (versioned,
 * or dated by the timeline), which covers every version of its text and the explainers about it. An instrument's id
 * means the instrument even where its first text has the same id; the day asked then picks the version. `texts` are
 * the ids named as sources and `instruments` those named as instruments, whose dates the request must fall in (law.ts
 * `lawOn`). The first id that is neither fails the request, naming it.
 */
export function namedSources(service: Service, ids: readonly string[] | undefined): { sources: string[] | undefined; texts: string[]; instruments: string[] } {
  if (ids === undefined) return { sources: undefined, texts: [], instruments: [] };
  const unknown = ids.find((id) => !service.sourcesById.has(id) && !service.instrumentSources.has(id));
  if (unknown !== undefined) {
    throw new HttpProblem(400, `Unknown source "${unknown}"; GET /api/occ/sources lists the source ids, and each text's \`instrument\` id covers all its versions and explainers.`, 'source');
  }
  const instruments = ids.filter((id) => service.instrumentSources.has(id));
  const texts = ids.filter((id) => !service.instrumentSources.has(id));
  return { sources: [...new Set(ids.flatMap((id) => service.instrumentSources.get(id) ?? [id]))], texts, instruments };
}

/** The `phrase_notice` of /search and /rag: set when no chunk held the quoted phrases and the results are the words alone's. */
export const phraseNotice = (wordsAlone: WordsAlone | null) =>
  wordsAlone === null ? null : { phrases: wordsAlone.phrases, matched: 0 as const, words_alone_total: wordsAlone.total };

export const search = endpoint({
  id: 'search',
  method: 'GET',
  path: `${API_BASE}/search`,
  summary: 'Search the corpus',
  description:
    'BM25 full-text search over the chunks of every source (or of those named in `source`). Any text is accepted: punctuation is ' +
    'never query syntax, except that words in double quotes ("human oversight") must occur in that order; when no chunk ' +
    'holds a quoted phrase, the results are what its words find without the quote marks, and `phrase_notice` says so. A glossary ' +
    'term, alias or acronym in the query (GPAI, FRIA, DPIA) also searches its other names at a lower weight. `queries` ' +
    'adds other phrasings of the same need, each searched and fused with `q` by reciprocal rank fusion. Each ' +
    'result carries its source, section path, a snippet with the offsets of the matched words, and the URL of its ' +
    'section on this site.',
  input: z.object({
    q: text('q', 'The words to search for').meta({ examples: ['human oversight'] }),
    top: queryInteger('top', LIMITS.topMin, LIMITS.topMax, LIMITS.topDefault).meta({
      description: `How many results to return: ${LIMITS.topMin} to ${LIMITS.topMax}, default ${LIMITS.topDefault}.`,
    }),
    queries: otherPhrasings('q'),
    as_of: asOfParam(),
    source: sourceFilter(
      'to search every source (GET /api/occ/sources lists the ids)',
      `Only chunks of these sources (see /sources): one id, or up to ${MAX_SOURCES} comma-separated ("eu-ai-act,gdpr"). A text's \`instrument\` id ` +
        '(eu-reg-2024-1689) covers every version of that law, the one in force on `as_of` answering, and the explainers about it.',
    ),
    lang: langParam('lang'),
    explain: flagParam('explain').meta({
      description:
        'true: each result also carries `explain`, why it scored what it did: its BM25 by term (typed, or which expansion) and by field, ' +
        "what explainers citing it added, each ranking rule's factor with its knobs (docs/ranking.md), and the final score. Default false.",
    }),
  }),
  response: SearchResponse,
  errors: {
    400: `\`q\` missing, blank or too long; a blank or too long phrasing in \`queries\`, or more than ${MAX_PHRASINGS}; \`top\` out of range; a blank, malformed or unknown id in \`source\`, or more than ${MAX_SOURCES}; \`as_of\` not a real date, or outside a version named in \`source\`, or before an instrument named there is in force; \`lang\` not one of "en", "fr"; \`explain\` not true or false; a parameter given twice.`,
  },
  cache: 'short',
  handler({ q, top, queries, as_of, source, lang, explain }, { service, siteUrl }) {
    const named = namedSources(service, source);
    const law = lawOn(service, as_of, named);
    const phrasings = [q, ...(queries ?? []).filter((p) => p !== q)];
    // One language for the request: as given, or read from `q`; every phrasing is analysed in it.
    const language = lang ?? service.engine.detectLanguage(q);
    const { total, hits, wordsAlone } = searchPhrasings(service.engine, phrasings, { top, sources: named.sources, excluded: law.excluded, lang: language, explain });
    const fused = phrasings.length > 1;
    return {
      query: q,
      queries: phrasings.slice(1),
      top,
      law_as_of: law.date,
      source: source ?? null,
      lang: language,
      total,
      phrase_notice: phraseNotice(wordsAlone),
      results: hits.map(({ chunk, score, snippet, explain: why }) => ({
        ...chunk,
        url: siteUrl(chunk.url),
        // The build only indexes chunks of registered sources, so every chunk's source is known.
        title: service.sourcesById.get(chunk.source)!.title,
        source_kind: service.sourcesById.get(chunk.source)!.kind,
        version: versionRef(service, chunk.source),
        as_of: service.sourcesById.get(chunk.source)!.as_of,
        // Fused scores are reciprocal ranks (about 0.016 to 0.1), kept to 6 decimals so that neighbours differ.
        score: Number(score.toFixed(fused ? 6 : 4)),
        snippet: snippet.text,
        highlights: snippet.highlights,
        ...(why === undefined ? {} : { explain: rounded(why) }),
      })),
    };
  },
  // Each phrasing is a search of its own, read FUSION_DEPTH deep: a search with other phrasings counts as large.
  cost: (arg) => (Number(arg('top')) > EXPENSIVE_TOP || arg('queries') != null ? 'expensive' : 'cheap'),
  tool: {
    name: 'search',
    title: 'Search the AI-governance corpus',
    description: (service) =>
      `Full-text search (BM25) over OCC's AI-governance corpus: ${holdings(service)} Returns the best-matching chunks, best first. The text lists each result's ` +
      'number, source title, pinpoint ("Art. 14(4)"), heading path, kind (official text or OCC explainer), chunk id, URL to cite and a snippet around the matched words; the ' +
      "full texts are in the structured answer (results[].text) and get_chunk returns any chunk by id. Use it to find where a topic " +
      'is covered or to collect passages to quote; to answer a question with ready, numbered citations, prefer get_context. ' +
      'Glossary synonyms are searched too ("GPAI" also finds "general-purpose AI"); a "quoted phrase" must occur as written (when ' +
      'no chunk holds it, the results are what its words find without the quote marks, and the answer says so). queries: up to ' +
      `${MAX_PHRASINGS} other phrasings of the same need, fused with q by reciprocal rank fusion; add the law's own terms as a second ` +
      'phrasing ("deployer" beside "company using AI", "natural persons" beside "people", "placing on the market" beside "selling"). ' +
      `source restricts to one document or an array of up to ${MAX_SOURCES} (ids from list_sources; a law's instrument id, such as eu-reg-2024-1689, ` +
      'covers all its versions and the explainers about it). lang ("en" or "fr") analyses q in ' +
      `that language and searches only sources in it; omitted, it is detected from q. Limits: q 1 to ${LIMITS.queryMaxChars} characters; ` +
      `top ${LIMITS.topMin} to ${LIMITS.topMax} results, default ${LIMITS.topDefault}. explain: true adds to each result why it scored what it did ` +
      "(its BM25 by term and field, the expansions that matched, each ranking rule's factor). The same answer as GET /api/occ/search.",
    render(answer) {
      const head = `${answer.results.length} of ${plural(answer.total, 'matching chunk')} for "${answer.query}"${scope(answer)}.${phraseLine(answer.phrase_notice)}`;
      const results = answer.results.map((r, i) => {
        const pinpoint = r.pinpoint === undefined ? '' : `, ${r.pinpoint}`;
        const why = r.explain === undefined ? '' : `\n${whyLine(r.explain)}`;
        return `[${i + 1}] ${r.title}${pinpoint}${where(r.path)} (${kindLabel(r.source_kind)})\nid: ${r.id} · score ${r.score} · ${r.url}${why}\n${excerpt(r.snippet, SNIPPET_CHARS)}`;
      });
      const more = answer.results.length > 0 ? ['Full texts: results[].text in the structured answer, or get_chunk with an id.'] : [];
      return [head, ...results, ...more].join('\n\n') + credit(answer);
    },
  },
  examples: (service) => {
    const q = exampleQuery(service);
    // A filter names sources in force today: a superseded version of a law is refused without an as_of in its time.
    const current = service.sourceItems.filter((s) => service.law.inForce(s.id, today()));
    const past = service.law.instruments().map((i) => service.law.versionsOf(i)[0]).find((v) => v?.in_force_to != null);
    return [
      { summary: `The best two chunks for "${q}"`, status: 200, query: { q, top: '2' } },
      ...current.slice(0, 1).map((s) => ({ summary: 'Within one source', status: 200, query: { q, top: '1', source: s.id } })),
      ...(current.length > 1 ? [{ summary: 'Within two sources', status: 200, query: { q, top: '2', source: current.slice(0, 2).map((s) => s.id).join(',') } }] : []),
      ...(past ? [{ summary: `The law as it stood on ${past.in_force_from}`, status: 200, query: { q, top: '2', as_of: past.in_force_from } }] : []),
      { summary: 'With another phrasing, fused', status: 200, query: { q, queries: `${q} duty`, top: '2' } },
      { summary: 'Why the best result scored what it did', status: 200, query: { q, top: '1', explain: 'true' } },
      { summary: 'A quoted phrase no text holds', status: 200, query: { q: `"${q.split(/\s+/).reverse().join(' ')} zzz"`, top: '1' } },
      { summary: 'An unknown source among several', status: 400, query: { q, source: `${service.sourceItems[0]?.id ?? 'eu-ai-act'},no-such-source` } },
      { summary: 'Missing query', status: 400, query: { top: '2' } },
      { summary: 'A misspelt parameter', status: 400, query: { q, tpo: '2' } },
    ];
  },
});
