/**
 * The MCP tools: for each, what a model reads when choosing it, its argument handling (the REST API's
 * validators and wording), the structured answer (the REST body's shape) and a text rendering of it.
 */
import type * as z from 'zod';
import { LICENSE, LIMITS, type SourceItem } from '../api/types.js';
import type { CorpusArtifact } from '../core/corpus/artifact.js';
import type { CorpusLookup } from '../core/corpus/lookup.js';
import type { GlossaryFinder } from '../core/glossary.js';
import { assembleContext } from '../core/rag/assemble.js';
import type { SearchEngine } from '../core/search/search.js';
import { glossaryAnchor } from '../core/site-urls.js';
import type { SourceMeta } from '../core/types.js';
import type { CategoryCount } from '../core/wisdom.js';
import { HttpProblem } from '../server/http/problem.js';
import { maxCharsArgument, optionalText, rejectUnknown, requiredId, requiredText, topArgument, type Arguments } from './arguments.js';
import * as schemas from './schemas.js';

/** The loaded service state the tools read (src/mcp/state.ts in the server; a fixture in unit tests). */
export interface ToolState {
  engine: SearchEngine;
  glossary: GlossaryFinder;
  sourcesById: ReadonlyMap<string, SourceMeta>;
  sourceItems: readonly SourceItem[];
  categories: readonly CategoryCount[];
  corpus: Pick<CorpusArtifact, 'sources' | 'chunks' | 'glossary' | 'wisdom'>;
  lookup: CorpusLookup;
}

export interface CallContext {
  /** Absolute URL of a root-relative site path, for links a client can follow. */
  absolute: (path: string) => string;
  /** The attribution line every answer carries. */
  attribution: string;
}

export interface Tool<O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  output: O;
  /** Validates the arguments (throwing HttpProblem with the REST wording) and answers. */
  call(args: Arguments, context: CallContext): z.output<O>;
  render(answer: z.output<O>): string;
}

const tool = <O extends z.ZodObject>(definition: Tool<O>): Tool => definition as unknown as Tool;

const licensed = (context: CallContext) => ({ license: LICENSE as typeof LICENSE, attribution: context.attribution });
const credit = (answer: { attribution: string }) => `\n\nLicense ${LICENSE}; credit: ${answer.attribution}`;
const where = (path: readonly string[]) => (path.length > 0 ? ` — ${path.join(' › ')}` : '');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const currency = (entry: { as_of?: string | undefined }) => (entry.as_of ? ` (checked ${entry.as_of})` : '');

/** Kept identical to the REST endpoints' problems for the same input; tests/http/mcp.test.ts compares them. */
function knownSource(state: ToolState, id: string | undefined, name: string): string | undefined {
  if (id !== undefined && !state.sourcesById.has(id)) {
    throw new HttpProblem(400, `Unknown source "${id}"; GET /api/occ/sources lists the source ids.`, name);
  }
  return id;
}

/** Every tool, in the order tools/list gives them. */
export function tools(state: ToolState): Tool[] {
  const { corpus } = state;
  const categoryNames = state.categories.map((c) => c.category);
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
        `top ${LIMITS.topMin} to ${LIMITS.topMax} results, default ${LIMITS.topDefault}.`,
      input: schemas.searchInput,
      output: schemas.searchOutput,
      call(args, context) {
        rejectUnknown(args, schemas.searchInput, 'search');
        const query = requiredText(args, 'q');
        const top = topArgument(args, 'top');
        const source = knownSource(state, optionalText(args, 'source'), 'source');
        const { total, hits } = state.engine.search(query, { top, source });
        return {
          query,
          top,
          source: source ?? null,
          total,
          results: hits.map(({ chunk, score, snippet }) => ({
            ...chunk,
            url: context.absolute(chunk.url),
            title: state.sourcesById.get(chunk.source)?.title ?? chunk.source,
            score: Number(score.toFixed(4)),
            snippet: snippet.text,
            highlights: snippet.highlights,
          })),
          ...licensed(context),
        };
      },
      render(answer) {
        const scope = answer.source === null ? '' : ` in source ${answer.source}`;
        const head = `${answer.results.length} of ${plural(answer.total, 'matching chunk')} for "${answer.query}"${scope}.`;
        const results = answer.results.map(
          (r, i) => `[${i + 1}] ${r.title}${where(r.path)}\nid: ${r.id} · score ${r.score} · ${r.url}\n${r.text}`,
        );
        return [head, ...results].join('\n\n') + credit(answer);
      },
    }),
    tool({
      name: 'get_context',
      title: 'Cited context for a question',
      description:
        'Assembles cited context for answering a question from the AI-governance corpus (the REST API\'s /rag): retrieves the best ' +
        'chunks, drops near-duplicates, keeps sources diverse, merges adjacent chunks of one section, and numbers the passages ' +
        '[1]..[n], each headed by its source title, section path and URL. Returns `context` (ready to paste into a prompt; cite as ' +
        '[n]), the passages with their chunk ids and citations, and the sources cited with license and dates. Use it first when ' +
        'answering a question about AI governance, regulation or standards; use search to explore or see more results. Limits: query ' +
        `1 to ${LIMITS.queryMaxChars} characters; top_k ${LIMITS.topMin} to ${LIMITS.topMax} chunks, default ${LIMITS.topDefault}; ` +
        `max_chars ${LIMITS.maxCharsMin} to ${LIMITS.maxCharsMax} caps the context's length (no cap by default).`,
      input: schemas.getContextInput,
      output: schemas.getContextOutput,
      call(args, context) {
        rejectUnknown(args, schemas.getContextInput, 'get_context');
        const query = requiredText(args, 'query');
        const topK = topArgument(args, 'top_k');
        const maxChars = maxCharsArgument(args, 'max_chars');
        const rag = assembleContext(state.engine, state.sourcesById, query, { topK, maxChars }, context.absolute);
        return {
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
          ...licensed(context),
        };
      },
      render(answer) {
        if (answer.chunks.length === 0) return `Nothing in the corpus matches "${answer.query}".` + credit(answer);
        const sources = answer.sources.map((s) => `- ${s.title}, ${s.publisher} (${s.id}; license ${s.license})${currency(s)}: ${s.url}`);
        return `${answer.context}\n\nSources cited:\n${sources.join('\n')}` + credit(answer);
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
        `q is 1 to ${LIMITS.queryMaxChars} characters; without q the answer is the whole glossary, which is large.`,
      input: schemas.lookupGlossaryInput,
      output: schemas.lookupGlossaryOutput,
      call(args, context) {
        rejectUnknown(args, schemas.lookupGlossaryInput, 'lookup_glossary');
        const q = optionalText(args, 'q');
        const entries = q === undefined ? corpus.glossary : state.glossary.find(q);
        return {
          query: q ?? null,
          total: entries.length,
          entries: entries.map((entry) => ({ ...entry, url: glossaryAnchor(entry.id) })),
          ...licensed(context),
        };
      },
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
        'citing it. Takes no arguments.',
      input: schemas.listSourcesInput,
      output: schemas.listSourcesOutput,
      call(args, context) {
        rejectUnknown(args, schemas.listSourcesInput, 'list_sources');
        return { total: state.sourceItems.length, sources: [...state.sourceItems], ...licensed(context) };
      },
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
        'list_sources or the source field of a search result.',
      input: schemas.getSourceInput,
      output: schemas.getSourceOutput,
      call(args, context) {
        rejectUnknown(args, schemas.getSourceInput, 'get_source');
        const id = requiredId(args, 'id', 'a source id, as list_sources gives them');
        const found = state.lookup.source(id);
        const item = state.sourceItems.find((s) => s.id === id);
        if (found === undefined || item === undefined) {
          throw new HttpProblem(404, `Unknown source "${id}"; list_sources (GET /api/occ/sources) lists the source ids.`, 'id');
        }
        return {
          source: item,
          toc: found.toc.map((section) => ({ ...section, url: context.absolute(section.url) })),
          ...licensed(context),
        };
      },
      render(answer) {
        const s = answer.source;
        const head = `${s.title} [${s.id}], ${s.publisher}; license ${s.license}${currency(s)}\n${s.url}${s.description ? `\n${s.description}` : ''}`;
        const toc = answer.toc.map((t) => `${'  '.repeat(Math.max(0, t.depth - 1))}- ${t.heading} (${t.url}): ${t.chunks.join(', ') || 'no text of its own'}`);
        return `${head}\n\nContents (section: chunk ids):\n${toc.join('\n')}` + credit(answer);
      },
    }),
    tool({
      name: 'get_chunk',
      title: 'One passage by id',
      description:
        'Returns one chunk (a section-sized passage of a source document) by its id, with its full text, heading path and URL to ' +
        "cite, its source's title, publisher, license and as_of date, and the ids of the previous and next chunks of the same " +
        'source. Use it to re-read a passage cited earlier (ids come from search, get_context and get_source) or to read on ' +
        'before or after it.',
      input: schemas.getChunkInput,
      output: schemas.getChunkOutput,
      call(args, context) {
        rejectUnknown(args, schemas.getChunkInput, 'get_chunk');
        const id = requiredId(args, 'id', 'a chunk id, <source>:<hash>, as search, get_context and get_source give them');
        const found = state.lookup.chunk(id);
        if (found === undefined) {
          throw new HttpProblem(404, `Unknown chunk "${id}"; chunk ids come from search, get_context and get_source, as <source>:<hash>.`, 'id');
        }
        const { chunk, source, previous, next } = found;
        const { id: sourceId, title, publisher, url, license, as_of } = source.meta;
        return {
          chunk: { ...chunk, url: context.absolute(chunk.url), title },
          source: { id: sourceId, title, publisher, url, license, ...(as_of === undefined ? {} : { as_of }) },
          previous,
          next,
          ...licensed(context),
        };
      },
      render(answer) {
        const { chunk, source } = answer;
        const steps = `previous: ${answer.previous ?? 'none (first chunk)'} · next: ${answer.next ?? 'none (last chunk)'}`;
        return (
          `${chunk.title}${where(chunk.path)}\nid: ${chunk.id} · ${chunk.url}\n${steps}\n` +
          `Source: ${source.title}, ${source.publisher}; license ${source.license}${currency(source)}; ${source.url}\n\n${chunk.text}` +
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
        'what the texts say; every answer also lists all categories with their counts.',
      input: schemas.listWisdomInput,
      output: schemas.listWisdomOutput,
      call(args, context) {
        rejectUnknown(args, schemas.listWisdomInput, 'list_wisdom');
        const category = optionalText(args, 'category');
        if (category !== undefined && !categoryNames.includes(category)) {
          throw new HttpProblem(400, `Unknown category "${category}"; the categories are: ${categoryNames.join(', ')}.`, 'category');
        }
        const entries = category === undefined ? corpus.wisdom : corpus.wisdom.filter((e) => e.category === category);
        return { category: category ?? null, total: entries.length, entries, categories: [...state.categories], ...licensed(context) };
      },
      render(answer) {
        const head = `${plural(answer.total, 'insight')}${answer.category === null ? '' : ` in ${answer.category}`}.`;
        const entries = answer.entries.map((e) => `${e.title} [${e.id}; ${e.category}]${currency(e)}\n${e.text}\nsources: ${e.sources.join(', ')}`);
        const categories = `Categories: ${answer.categories.map((c) => `${c.category} (${c.count})`).join(', ')}.`;
        return [head, ...entries, categories].join('\n\n') + credit(answer);
      },
    }),
  ];
}
