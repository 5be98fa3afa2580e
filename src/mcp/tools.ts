/**
 * The MCP tools. Each is an endpoint declaration (src/api/endpoints) seen by a model: its arguments, their
 * validation and wording, its answer and the handler computing it are the declaration's; what a tool adds is a
 * description written for a model choosing a tool, and a text rendering of the answer.
 */
import type { z } from 'zod';
import type { Endpoint } from '../api/endpoint.js';
import { chunk, glossary, rag, search, source, sources, wisdom } from '../api/endpoints/index.js';
import { LICENSE, LIMITS } from '../api/limits.js';
import type { Service } from '../server/engine.js';

export interface Tool<R extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** The declaration the tool runs: input, response and handler. */
  endpoint: Endpoint<z.ZodObject, R>;
  render(answer: z.output<R>): string;
}

// Each tool is checked against its own endpoint's response type where it is written; the list holds them all.
const tool = <I extends z.ZodObject, R extends z.ZodObject>(t: Omit<Tool<R>, 'endpoint'> & { endpoint: Endpoint<I, R> }): Tool =>
  t as unknown as Tool;

const credit = (answer: { attribution: string }) => `\n\nLicense ${LICENSE}; credit: ${answer.attribution}`;
const where = (path: readonly string[]) => (path.length > 0 ? ` — ${path.join(' › ')}` : '');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const currency = (entry: { as_of?: string | undefined }) => (entry.as_of ? ` (checked ${entry.as_of})` : '');

/** Every tool, in the order tools/list gives them; descriptions state the loaded corpus's counts and categories. */
export function tools(service: Service): Tool[] {
  const { corpus } = service;
  const categoryNames = service.categories.map((c) => c.category);
  return [
    tool({
      name: 'search',
      title: 'Search the AI-governance corpus',
      description:
        `Full-text search (BM25) over OCC's ${corpus.sources.length} AI-governance source documents (laws, standards, frameworks, guidance), ` +
        `cut into ${corpus.chunks.length} section-sized chunks. Returns the best-matching chunks, best first, each with its full text, ` +
        'a snippet around the matched words, its heading path, source id and title, and a URL to cite. Use it to find where a topic ' +
        'is covered or to collect passages to quote; to answer a question with ready, numbered citations, prefer get_context. ' +
        'Glossary synonyms are searched too ("GPAI" also finds "general-purpose AI"); a "quoted phrase" must occur as written; ' +
        `source restricts to one document (ids from list_sources). Limits: q 1 to ${LIMITS.queryMaxChars} characters; ` +
        `top ${LIMITS.topMin} to ${LIMITS.topMax} results, default ${LIMITS.topDefault}. The same answer as GET /api/occ/search.`,
      endpoint: search,
      render(answer) {
        const scope = answer.source === null ? '' : ` in source ${answer.source}`;
        const head = `${answer.results.length} of ${plural(answer.total, 'matching chunk')} for "${answer.query}"${scope}.`;
        const results = answer.results.map((r, i) => `[${i + 1}] ${r.title}${where(r.path)}\nid: ${r.id} · score ${r.score} · ${r.url}\n${r.text}`);
        return [head, ...results].join('\n\n') + credit(answer);
      },
    }),
    tool({
      name: 'get_context',
      title: 'Cited context for a question',
      description:
        'Assembles cited context for answering a question from the AI-governance corpus: retrieves the best chunks, drops ' +
        'near-duplicates, keeps sources diverse, merges adjacent chunks of one section, and numbers the passages [1]..[n], each ' +
        'headed by its source title, section path and URL. Returns `context` (ready to paste into a prompt; cite as [n]), the ' +
        'passages with their chunk ids and citations, and the sources cited with license and dates. Use it first when answering a ' +
        'question about AI governance, regulation or standards; use search to explore or see more results. Limits: query 1 to ' +
        `${LIMITS.queryMaxChars} characters; top_k ${LIMITS.topMin} to ${LIMITS.topMax} chunks, default ${LIMITS.topDefault}; ` +
        `max_chars ${LIMITS.maxCharsMin} to ${LIMITS.maxCharsMax} caps the context's length (no cap by default); source restricts to one ` +
        'document (ids from list_sources), e.g. to quote a law itself rather than the explainers of it. The same answer as POST /api/occ/rag.',
      endpoint: rag,
      render(answer) {
        if (answer.chunks.length === 0) return `Nothing in the corpus matches "${answer.query}".` + credit(answer);
        const cited = answer.sources.map((s) => `- ${s.title}, ${s.publisher} (${s.id}; license ${s.license})${currency(s)}: ${s.url}`);
        return `${answer.context}\n\nSources cited:\n${cited.join('\n')}` + credit(answer);
      },
    }),
    tool({
      name: 'lookup_glossary',
      title: 'Look up AI-governance terms',
      description:
        `Looks up terms in OCC's glossary of ${corpus.glossary.length} AI-governance terms (e.g. "high-risk AI system", "GPAI", ` +
        '"conformity assessment"): terms or aliases equal to q first, then terms starting with it, then terms whose names or ' +
        'definitions contain its words. Each entry gives a plain-language definition, aliases, related term ids and the ids of the ' +
        'sources that use the term. Use it for definitions and abbreviations; use search for what the texts say about a term. ' +
        `q is 1 to ${LIMITS.queryMaxChars} characters; without q the answer is the whole glossary, which is large. The same answer as GET /api/occ/glossary.`,
      endpoint: glossary,
      render(answer) {
        const head = answer.query === null ? `The whole glossary: ${plural(answer.total, 'term')}.` : `${plural(answer.total, 'term')} for "${answer.query}".`;
        const entries = answer.entries.map((e) => {
          const aliases = e.aliases.length > 0 ? ` (also: ${e.aliases.join(', ')})` : '';
          const links = [e.related.length > 0 ? `related: ${e.related.join(', ')}` : '', e.sources.length > 0 ? `sources: ${e.sources.join(', ')}` : '']
            .filter((part) => part !== '')
            .join('; ');
          return `${e.term}${aliases} [${e.id}]${currency(e)}\n${e.definition}${links ? `\n${links}` : ''}`;
        });
        return [head, ...entries].join('\n\n') + credit(answer);
      },
    }),
    tool({
      name: 'list_sources',
      title: 'List the source documents',
      description:
        `Lists all ${corpus.sources.length} source documents of the corpus: id, title, publisher, license, provenance URL, publication ` +
        'and retrieval dates, the date the summary was checked (as_of), tags and number of chunks. Use it to see what the corpus ' +
        "covers, to find a source id for search's source filter or get_source, or to check a document's license and date before " +
        'citing it. Takes no arguments. The same answer as GET /api/occ/sources.',
      endpoint: sources,
      render(answer) {
        const lines = answer.sources.map(
          (s) => `- ${s.id}: ${s.title}, ${s.publisher}${s.published ? `, ${s.published}` : ''} (license ${s.license}; ${plural(s.chunks, 'chunk')})${currency(s)}`,
        );
        return `${plural(answer.total, 'source')}:\n${lines.join('\n')}` + credit(answer);
      },
    }),
    tool({
      name: 'get_source',
      title: 'One source with its table of contents',
      description:
        "Returns one source document's registry entry (title, publisher, license, provenance URL, dates, as_of and changelog) and " +
        'its table of contents: every section in reading order with its heading path, URL and the ids of its chunks. Use it to ' +
        'see how a document is organised and to read a section: pass its chunk ids to get_chunk. The id is a source id as given by ' +
        'list_sources or the source field of a search result. The same answer as GET /api/occ/sources/{id}.',
      endpoint: source,
      render(answer) {
        const s = answer.source;
        const head = `${s.title} [${s.id}], ${s.publisher}; license ${s.license}${currency(s)}\n${s.url}${s.description ? `\n${s.description}` : ''}`;
        const toc = answer.sections.map(
          (t) => `${'  '.repeat(Math.max(0, t.path.length - 1))}- ${t.heading} (${t.url}): ${t.chunks.join(', ') || 'no text of its own'}`,
        );
        return `${head}\n\nContents (section: chunk ids):\n${toc.join('\n')}` + credit(answer);
      },
    }),
    tool({
      name: 'get_chunk',
      title: 'One passage by id',
      description:
        'Returns one chunk (a section-sized passage of a source document) by its id, with its full text, heading path and URL to ' +
        "cite, its source's title and license, and the ids of the previous and next chunks of the same source. Use it to re-read a " +
        'passage cited earlier (ids come from search, get_context and get_source, as <source id>:<hash>) or to read on before or ' +
        'after it. The same answer as GET /api/occ/chunks/{id}.',
      endpoint: chunk,
      render(answer) {
        const steps = `previous: ${answer.previous ?? 'none (first chunk)'} · next: ${answer.next ?? 'none (last chunk)'}`;
        return (
          `${answer.title}${where(answer.path)}\nid: ${answer.id} · ${answer.url}\n${steps}\n` +
          `Source: ${answer.source} (license ${answer.source_license})\n\n${answer.text}` +
          credit(answer)
        );
      },
    }),
    tool({
      name: 'list_wisdom',
      title: 'Curated practical insights',
      description:
        `Lists OCC's ${corpus.wisdom.length} curated practical insights on AI governance, each a short text resting on named sources, ` +
        `optionally of one category (${categoryNames.join(', ')}). Use it for practical advice on running AI governance rather than ` +
        'what the texts say; every answer also lists all categories with their counts. The same answer as GET /api/occ/wisdom.',
      endpoint: wisdom,
      render(answer) {
        const head = `${plural(answer.total, 'insight')}${answer.category === null ? '' : ` in ${answer.category}`}.`;
        const entries = answer.entries.map((e) => `${e.title} [${e.id}; ${e.category}]${currency(e)}\n${e.text}\nsources: ${e.sources.join(', ')}`);
        const categories = `Categories: ${answer.categories.map((c) => `${c.category} (${c.count})`).join(', ')}.`;
        return [head, ...entries, categories].join('\n\n') + credit(answer);
      },
    }),
  ];
}
