/** /llms.txt per https://llmstxt.org: an H1, a summary blockquote, then H2 sections of links. */
import type { CorpusArtifact } from '../core/corpus/artifact.js';
import { sourcePage } from '../core/site-urls.js';
import { API_BASE, LICENSE } from '../api/types.js';

export function llmsTxt(corpus: Pick<CorpusArtifact, 'sources' | 'glossary' | 'wisdom'> & { chunks: { length: number } }): string {
  return [
    '# OCC',
    '',
    `> OCC is an open knowledge retrieval service for AI governance: ${corpus.sources.length} source documents ` +
      `(${corpus.chunks.length} chunks), ${corpus.glossary.length} glossary terms and ${corpus.wisdom.length} curated insights, ` +
      `searchable over a JSON API with cited RAG context. Content and responses are ${LICENSE}; credit the \`attribution\` line of each response.`,
    '',
    'Every chunk, search result and RAG citation links to its section on this site. The API needs no key and allows any origin (CORS).',
    '',
    '## API',
    '',
    '- [API reference (markdown)](/docs/api.md): every endpoint with parameters, limits, errors and real example responses',
    `- [OpenAPI 3.1 document](${API_BASE}/openapi.json): the machine-readable description`,
    '- [API reference (HTML)](/docs/api): the same reference for people',
    `- [MCP server](/docs/mcp): search, cited context, glossary, sources and insights as tools for AI assistants, over Streamable HTTP at ${API_BASE}/mcp or as a local command, with client configuration`,
    '',
    '## Data',
    '',
    `- [Sources](${API_BASE}/sources): the source registry with publisher, license and provenance`,
    '- [Glossary](/api/glossary.json): every term with its definition, aliases and related terms, as one file',
    `- [Wisdom](${API_BASE}/wisdom): curated insights, each resting on named sources`,
    '',
    '## Optional',
    '',
    ...corpus.sources.map((s) => `- [${s.meta.title}](${sourcePage(s.meta.id)}): ${s.meta.publisher}${s.meta.description ? `. ${s.meta.description}` : ''}`),
    '',
  ].join('\n');
}
