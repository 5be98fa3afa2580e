import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { chunkIdParam } from '../fields.js';
import { API_BASE } from '../limits.js';
import { CHUNK_ID, ChunkResponse } from '../schemas.js';
import { credit, kindLabel, where } from '../tool-text.js';
import { asOfParam, outsideOf, versionRef } from '../law.js';
import { HttpProblem } from '../problem.js';

export const chunk = endpoint({
  id: 'chunk',
  method: 'GET',
  path: `${API_BASE}/chunks/{id}`,
  summary: 'One chunk by id',
  description:
    'The chunk a search result, RAG citation or table of contents named: its fields, the title and license of its source, ' +
    'and the ids of the previous and next chunk of the same source. The `:` in the id may be sent as is or as `%3A`. ' +
    'A chunk of an official text carries its `version`; with `as_of`, a chunk of a version not in force that day is a 404 ' +
    'naming the version that is (its provisions are at /provisions/{instrument}/{anchor}).',
  input: z.object({ id: chunkIdParam('id', CHUNK_ID).meta({ description: 'A chunk id, `<source id>:<hash>`.' }), as_of: asOfParam() }),
  response: ChunkResponse,
  errors: {
    400: '`id` is not of the form `<source id>:<hash>`; `as_of` not a real date written YYYY-MM-DD.',
    404: 'No chunk has this id in the loaded index, or, with `as_of`, its version is not in force that day.',
  },
  cache: 'short',
  handler: ({ id, as_of }, { service, siteUrl }) => {
    const n = service.corpus.chunks.numberOf(id);
    const found = n === undefined ? undefined : service.corpus.chunks.at(n);
    const meta = found && service.sourcesById.get(found.source);
    if (found === undefined || meta === undefined) {
      throw new HttpProblem(404, `No chunk "${id}"; ids come from /search results, /rag citations and /sources/{id} tables of contents.`, 'id');
    }
    const outside = as_of === undefined ? undefined : outsideOf(service, found.source, as_of);
    if (outside !== undefined) throw new HttpProblem(404, `Chunk "${id}" is not in the text in force on ${as_of}: it is of ${outside}.`, 'as_of');
    const siblings = service.corpus.chunks.ofSource(found.source);
    const at = siblings.indexOf(n ?? -1);
    const idOf = (k: number | undefined) => (k === undefined ? null : (service.corpus.chunks.idAt(k) ?? null));
    return {
      ...found,
      url: siteUrl(found.url),
      title: meta.title,
      source_kind: meta.kind,
      version: versionRef(service, found.source),
      as_of: meta.as_of,
      source_license: meta.license,
      previous: idOf(siblings[at - 1]),
      next: idOf(siblings[at + 1]),
    };
  },
  tool: {
    name: 'get_chunk',
    title: 'One passage by id',
    description: () =>
      'Returns one chunk (a section-sized passage of a source document) by its id, with its full text, heading path and URL to ' +
      "cite, its source's title and license, and the ids of the previous and next chunks of the same source. Use it to re-read a " +
      'passage cited earlier (ids come from search, get_context and get_source, as <source id>:<hash>) or to read on before or ' +
      'after it. The same answer as GET /api/occ/chunks/{id}.',
    render(answer) {
      const steps = `previous: ${answer.previous ?? 'none (first chunk)'} · next: ${answer.next ?? 'none (last chunk)'}`;
      return (
        `${answer.title}${where(answer.path)}\nid: ${answer.id} · ${answer.url}\n${steps}\n` +
        `Source: ${answer.source} (${kindLabel(answer.source_kind)}; license ${answer.source_license})\n\n${answer.text}` +
        credit(answer)
      );
    },
  },
  examples: (service) => [
    ...[service.corpus.chunks.idAt(0)].filter((id) => id !== undefined).map((id) => ({ summary: 'A chunk named by a search result', status: 200, params: { id } })),
    { summary: 'A malformed id', status: 400, params: { id: 'not a chunk id' } },
    { summary: 'An unknown id', status: 404, params: { id: 'no-such-source:000000000000' } },
  ],
});
