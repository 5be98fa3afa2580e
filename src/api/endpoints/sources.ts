import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { API_BASE } from '../limits.js';
import { registryEntry } from '../registry-entry.js';
import { SourcesResponse } from '../schemas.js';
import { checked, credit, kindLabel, plural } from '../tool-text.js';

/** "; instrument eu-reg-2024-1689, in force from 2026-07-27": what a version of a law adds to its line. */
const versionOf = (s: { instrument?: string | undefined; in_force_from?: string | undefined }) =>
  s.instrument === undefined ? '' : `; instrument ${s.instrument}${s.in_force_from === undefined ? '' : `, in force from ${s.in_force_from}`}`;

export const sources = endpoint({
  id: 'sources',
  method: 'GET',
  path: `${API_BASE}/sources`,
  summary: 'The source registry',
  description: 'Every source with its publisher, license, provenance URL, dates, chunk count and page on this site.',
  input: z.object({}),
  response: SourcesResponse,
  errors: {},
  cache: 'short',
  handler: (_input, { service, siteUrl }) => ({ total: service.sourceItems.length, sources: service.sourceItems.map((s) => registryEntry(s, siteUrl)) }),
  tool: {
    name: 'list_sources',
    title: 'List the source documents',
    description: ({ corpus }) =>
      `Lists all ${corpus.sources.length} source documents of the corpus: id, title, kind (an official text, or an explainer written by ` +
      'OCC contributors with the originals it is about, each with its publisher and URL), publisher, license, URL, dates, the date ' +
      'the text was checked (as_of), tags and number of chunks. Use it to see what the corpus ' +
      "covers, to find a source id for search's source filter or get_source (a law's instrument id, given with each of its texts, " +
      'covers every version of it and the explainers about it), or to check a document\'s license and date before ' +
      'citing it. Takes no arguments. The same answer as GET /api/occ/sources.',
    render(answer) {
      const lines = answer.sources.map(
        (s) =>
          `- ${s.id}: ${s.title} (${kindLabel(s.kind)}, ${s.publisher}${s.published ? `, ${s.published}` : ''}${versionOf(s)}; license ${s.license}; ${plural(s.chunks, 'chunk')})${checked(s)}` +
          (s.about ? `\n  about ${s.about.map((o) => `${o.title} (${o.publisher})`).join('; ')}` : ''),
      );
      return `${plural(answer.total, 'source')}:\n${lines.join('\n')}` + credit(answer);
    },
  },
  examples: () => [{ summary: 'Every source', status: 200 }],
});
