import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { slugParam } from '../fields.js';
import { API_BASE } from '../limits.js';
import { registryEntry } from '../registry-entry.js';
import { SourceResponse } from '../schemas.js';
import { checked, credit, kindLabel } from '../tool-text.js';
import type { Chunk, SourceSection } from '../types.js';
import { HttpProblem } from '../problem.js';

export const source = endpoint({
  id: 'source',
  method: 'GET',
  path: `${API_BASE}/sources/{id}`,
  summary: 'One source and its table of contents',
  description:
    "The source's registry entry (as in /sources) and its table of contents: every section with its heading path, " +
    'the URL of its anchor on this site and the ids of its chunks (see /chunks/{id}).',
  input: z.object({ id: slugParam('id', 'eu-ai-act', 'only in /sources').meta({ description: 'A source id, as in /sources.' }) }),
  response: SourceResponse,
  errors: { 400: '`id` is not a source id (lowercase letters and digits joined by hyphens).', 404: 'No source has this id.' },
  cache: 'short',
  handler: ({ id }, { service, siteUrl }) => {
    const built = service.corpus.sources.find((s) => s.meta.id === id);
    const item = service.sourceItems.find((s) => s.id === id);
    if (built === undefined || item === undefined) throw new HttpProblem(404, `No source "${id}"; GET /api/occ/sources lists the source ids.`, 'id');
    // A section's chunks are those pointing at its anchor; text before the first heading points at none of them.
    const byUrl = new Map<string, Chunk[]>();
    for (const n of service.corpus.chunks.ofSource(id)) {
      const c = service.corpus.chunks.at(n);
      if (c !== undefined) byUrl.set(c.url, [...(byUrl.get(c.url) ?? []), c]);
    }
    const sections: SourceSection[] = [];
    const path: string[] = [];
    const depths: number[] = [];
    const claimed = new Set<string>();
    for (const entry of built.toc) {
      while (depths.length > 0 && (depths.at(-1) ?? 0) >= entry.depth) {
        depths.pop();
        path.pop();
      }
      depths.push(entry.depth);
      path.push(entry.heading);
      const url = `${item.page}#${entry.anchor}`;
      claimed.add(url);
      sections.push({ heading: entry.heading, path: [...path], url: siteUrl(url), chunks: (byUrl.get(url) ?? []).map((c) => c.id) });
    }
    const before = [...byUrl].filter(([url]) => !claimed.has(url)).flatMap(([, list]) => list);
    if (before.length > 0) {
      sections.unshift({ heading: item.title, path: [], url: siteUrl(item.page), chunks: before.map((c) => c.id) });
    }
    return { source: registryEntry(item, siteUrl), sections };
  },
  tool: {
    name: 'get_source',
    title: 'One source with its table of contents',
    description: () =>
      "Returns one source document's registry entry (title, publisher, license, provenance URL, dates, as_of and changelog) and " +
      'its table of contents: every section in reading order with its heading path, URL and the ids of its chunks. Use it to ' +
      'see how a document is organised and to read a section: pass its chunk ids to get_chunk. The id is a source id as given by ' +
      'list_sources or the source field of a search result. The same answer as GET /api/occ/sources/{id}.',
    render(answer) {
      const s = answer.source;
      const about = s.about ? `\nAbout: ${s.about.map((o) => `${o.title}, ${o.publisher}: ${o.url}`).join('; ')}` : '';
      const head = `${s.title} [${s.id}], ${kindLabel(s.kind)} by ${s.publisher}; license ${s.license}${checked(s)}\n${s.url}${about}${s.description ? `\n${s.description}` : ''}`;
      const toc = answer.sections.map(
        (t) => `${'  '.repeat(Math.max(0, t.path.length - 1))}- ${t.heading} (${t.url}): ${t.chunks.join(', ') || 'no text of its own'}`,
      );
      return `${head}\n\nContents (section: chunk ids):\n${toc.join('\n')}` + credit(answer);
    },
  },
  examples: (service) => [
    ...service.sourceItems.slice(0, 1).map((s) => ({ summary: 'A source and its sections', status: 200, params: { id: s.id } })),
    { summary: 'An unknown source', status: 404, params: { id: 'no-such-source' } },
  ],
});
